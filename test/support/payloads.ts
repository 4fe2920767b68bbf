/**
 * The repository root, and GiftGenius' sample payloads for the kit suites that still render
 * GiftGenius (stories, browser, visual): its loader, re-exported from its package.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is `test/support/payloads.ts`). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export {
  loadPayloadFiles,
  loadPayloads,
  payloadsDir,
  type SamplePayload,
} from "../../examples/giftgenius/test/samples.ts";
