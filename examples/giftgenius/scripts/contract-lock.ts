/**
 * Release step: writes contract.lock.json from the current GiftGenius contract, so the next
 * build's contract check compares against what was just released.
 */
import { fileURLToPath } from "node:url";
import { writeContractLock } from "mcp-widget-kit/build";
import widget from "../widget.config.ts";

const path = fileURLToPath(new URL("../contract.lock.json", import.meta.url));
const schema = writeContractLock(widget.contract, path);
console.log(
  `wrote ${path} (contract ${schema.contract_version}, kinds: ${Object.keys(schema.kinds).join(", ")})`,
);
