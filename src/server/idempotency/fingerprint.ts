import { createHash } from "node:crypto";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: unknown } = {};
    for (const key of Object.keys(value).sort())
      out[key] = canonical((value as { [key: string]: unknown })[key]);
    return out;
  }
  return value;
}

/**
 * A hash of a request's arguments, independent of key order: the same key with a different
 * fingerprint is `IDEMPOTENCY_KEY_REUSED`.
 */
export function fingerprint(args: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(args)) ?? "undefined")
    .digest("hex");
}
