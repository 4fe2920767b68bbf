import { createHash } from "node:crypto";
import { canonicalJson } from "../../core/canonical-json.ts";

/**
 * A hash of a request's arguments, independent of key order: the same key with a different
 * fingerprint is `IDEMPOTENCY_KEY_REUSED`.
 */
export function fingerprint(args: unknown): string {
  return createHash("sha256")
    .update(canonicalJson(args) ?? "undefined")
    .digest("hex");
}
