/**
 * The committed lock of the last released contract: read it for the build's check, write it
 * on release (`npm run contract:lock`).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { contractJsonSchema, type ContractJsonSchema } from "../contract/json-schema.ts";
import type { Contract } from "../contract/define-contract.ts";
import type { KindDefinition } from "../contract/kinds.ts";

/** Reads a lock file; `undefined` when it does not exist. Throws on malformed JSON. */
export function readContractLock(path: string): ContractJsonSchema | undefined {
  if (!existsSync(path)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    !("kinds" in parsed) ||
    !("contract_version" in parsed)
  ) {
    throw new Error(`${path} is not a contract lock ({ contract_version, kinds })`);
  }
  return parsed as ContractJsonSchema;
}

/** Serialises a contract's JSON Schema the way the lock and `contract.json` store it. */
export function serializeContract(schema: ContractJsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** Writes the lock for `contract` to `path` (a release step). Returns what was written. */
export function writeContractLock<Kinds extends Record<string, KindDefinition>>(
  contract: Contract<Kinds>,
  path: string,
): ContractJsonSchema {
  const schema = contractJsonSchema(contract);
  writeFileSync(path, serializeContract(schema));
  return schema;
}
