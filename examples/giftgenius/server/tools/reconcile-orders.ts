/**
 * GiftGenius' reconciler: an order whose commit ended in doubt (the payment provider timed out
 * after the charge left, the process died) and that the person never retried is finished by
 * the server itself — charged under the same `pay_<effect key>` (the provider returns the
 * charge that stands) and placed from what the person confirmed — or, once it is older than
 * `compensateAfterMs`, refunded. Either answer is stored with the record, so the person's late
 * retry replays it: no charge stays without its order or its refund.
 */
import { randomUUID } from "node:crypto";
import {
  createJsonLogger,
  createPostgresStore,
  createSqliteStore,
  type ReconcileOptions,
  type ServerLogger,
} from "mcp-widget-kit/server";
import { readConfig } from "../config.ts";
import { createFakePayments } from "../payments.ts";
import { createPostgresState } from "../state/postgres-state.ts";
import { createSqliteState } from "../state/sqlite-state.ts";
import { createMerchantCheckouts } from "../external/merchant-checkouts.ts";
import { finishCommit, refundOrder, type CommitValue, type Confirmed } from "./commit-order.ts";
import type { GiftGeniusDeps } from "./shared.ts";

/** When GiftGenius gives an unfinished order up and refunds it instead (15 minutes). */
export const COMPENSATE_AFTER_MS = 15 * 60_000;

/** The reconciler's callbacks and timing for GiftGenius' orders (`startReconciler` runs them). */
export function orderReconciliation(
  deps: Pick<GiftGeniusDeps, "payments" | "merchant" | "store" | "timing" | "now">,
  log: ServerLogger,
): ReconcileOptions<CommitValue, Confirmed> {
  const context = () => ({ requestId: `reconcile-${randomUUID()}`, log });
  return {
    store: deps.store,
    now: deps.now,
    ...(deps.timing.ttlMs ? { ttlMs: deps.timing.ttlMs } : {}),
    ...(deps.timing.leaseMs ? { leaseMs: deps.timing.leaseMs } : {}),
    compensateAfterMs: COMPENSATE_AFTER_MS,
    complete: (record) =>
      finishCommit(deps, record, record.captured, record.captured.draft_id ?? "", context()),
    // An external checkout moved no money: it is finished (its session made), never refunded.
    compensate: (record) =>
      record.captured.way === "external"
        ? finishCommit(deps, record, record.captured, record.captured.draft_id ?? "", context())
        : refundOrder(deps, record.effectKey, context()),
    onReconciled: (record, action) =>
      log.info("order_reconciled", { effect_key: record.effectKey, action }),
    onError: (error) =>
      log.warn("reconcile_failed", {
        error_message: error instanceof Error ? error.message : String(error),
      }),
  };
}

/**
 * The operator's entry (`mcp-widget-kit reconcile --app examples/giftgenius/server/tools/reconcile-orders.ts`,
 * `npm run reconcile`): opens the database GiftGenius' config names (`DATABASE_URL` or the
 * SQLite file) and the provider's ledger in it, and returns the order reconciliation on them.
 */
export async function openReconciliation(env: NodeJS.ProcessEnv) {
  const config = readConfig(env);
  const store = config.databaseUrl
    ? createPostgresStore({ connectionString: config.databaseUrl })
    : createSqliteStore(config.sqliteFile);
  await store.init();
  const state = config.databaseUrl
    ? createPostgresState(config.databaseUrl)
    : createSqliteState(config.sqliteFile);
  await state.init();
  const merchant = config.checkoutOrigin
    ? createMerchantCheckouts({
        databaseUrl: config.databaseUrl,
        sqliteFile: config.sqliteFile,
        origin: config.checkoutOrigin,
        now: Date.now,
      })
    : undefined;
  const options = orderReconciliation(
    {
      store,
      payments: createFakePayments(state),
      ...(merchant ? { merchant } : {}),
      timing: { ttlMs: config.idempotencyTtlMs, leaseMs: config.idempotencyLeaseMs },
      now: Date.now,
    },
    createJsonLogger(),
  );
  return {
    options: options as ReconcileOptions<unknown, unknown>,
    async close() {
      await store.close();
      await state.close();
      await merchant?.close();
    },
  };
}
