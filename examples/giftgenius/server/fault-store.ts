/** Wraps an idempotency store so `db=down` makes every call fail like an unreachable database. */
import { guardStore, type IdempotencyStore } from "mcp-widget-kit/server";
import { getFaults } from "./faults.ts";

function check(): void {
  // The kind of message a driver gives: it must only ever reach the log.
  if (getFaults().db === "down")
    throw new Error(
      "connect ECONNREFUSED 10.0.7.12:5432 (SELECT fingerprint FROM idempotency_records)",
    );
}

/** `store`, failing while the `db=down` fault is active. */
export function withDbFaults(store: IdempotencyStore): IdempotencyStore {
  return guardStore(store, check);
}
