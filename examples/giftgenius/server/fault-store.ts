/** Wraps an idempotency store so `db=down` makes every call fail like an unreachable database. */
import type { IdempotencyStore } from "mcp-widget-kit/server";
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
  return {
    name: store.name,
    init: () => store.init(),
    async claim(request) {
      check();
      return store.claim(request);
    },
    async capture(claim, captured) {
      check();
      return store.capture(claim, captured);
    },
    async complete(claim, response, inDoubt, local, deferFlush) {
      check();
      return store.complete(claim, response, inDoubt, local, deferFlush);
    },
    async reopen(claim, response, inDoubt) {
      check();
      return store.reopen(claim, response, inDoubt);
    },
    async claimInDoubt(request) {
      check();
      return store.claimInDoubt(request);
    },
    purgeExpired: (now, limit) => store.purgeExpired(now, limit),
    close: () => store.close(),
  };
}
