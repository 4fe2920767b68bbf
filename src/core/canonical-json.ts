/**
 * JSON with every object's keys sorted: deep-equal values give equal text whatever order their
 * keys were written in. One definition for every place that compares requests by their JSON —
 * the server's idempotency fingerprint, the widget's in-flight call joining, the local host's
 * widget keys — so they can never disagree about what "the same arguments" means.
 */
import { isRecord } from "./is-record.ts";

const byCodeUnit = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `JSON.stringify(value)` with object keys sorted by UTF-16 code unit (integer-like keys first,
 * in numeric order, as every JS object holds them). Like `JSON.stringify` it honours `toJSON`,
 * drops `undefined` members, returns `undefined` for a lone `undefined` or function, and
 * throws on a BigInt (TypeError); a cycle throws too (RangeError: each level is a fresh copy).
 */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, member: unknown) =>
    isRecord(member) ? Object.fromEntries(Object.entries(member).sort(byCodeUnit)) : member,
  );
}
