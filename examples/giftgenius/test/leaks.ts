/**
 * What a GiftGenius result must never carry: a stack trace, a server path, a database's words
 * or address, a runtime error's name. The kit bounds and cleans errors; this checks the result
 * as recorded.
 */
const INTERNALS = [
  "stack",
  "    at ",
  "/srv/",
  "/work/",
  "node_modules",
  "ECONNREFUSED",
  "SELECT ",
  "INSERT ",
  "giftgenius_",
  "idempotency_records",
  "TypeError",
];

/** Throws naming the first internal marker found anywhere in `result`. */
export function expectNoInternals(result: unknown): void {
  const text = JSON.stringify(result);
  for (const marker of INTERNALS)
    if (text.includes(marker)) throw new Error(`result leaks "${marker}": ${text.slice(0, 300)}`);
}
