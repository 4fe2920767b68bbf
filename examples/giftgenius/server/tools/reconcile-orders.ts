/**
 * GiftGenius' reconciler: an order whose commit ended in doubt (the payment provider timed out
 * after the charge left, the process died) and that the person never retried is finished by
 * the server itself — charged under the same `pay_<effect key>` (the provider returns the
 * charge that stands) and placed from what the person confirmed — or, once it is older than
 * `compensateAfterMs`, refunded. Either answer is stored with the record, so the person's late
 * retry replays it: no charge stays without its order or its refund.
 */
import { randomUUID } from "node:crypto";
import type { ReconcileOptions, ServerLogger } from "mcp-widget-kit/server";
import type { PaymentSheet } from "mcp-widget-kit/checkout/server";
import { finishCommit, refundOrder, type CommitValue, type Confirmed } from "./commit-order.ts";
import type { GiftGeniusDeps } from "./shared.ts";

/** When GiftGenius gives an unfinished order up and refunds it instead (15 minutes). */
export const COMPENSATE_AFTER_MS = 15 * 60_000;

/** The reconciler's callbacks and timing for GiftGenius' own commits (`commit_order`). */
function orderReconciliation(
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
 * Every way GiftGenius' money moves, reconciled by one set of options: its own commits
 * (`commit_order`, charged or an external checkout) and, when the app has it, the payment
 * sheet's payments — each record to the hooks that own it. The server's reconciler and the
 * operator's `npm run reconcile` (server/reconcile.ts) both run exactly this, from the app
 * that `createGiftGenius` assembles, so neither can miss a way of paying.
 */
export function giftGeniusReconciliation(
  deps: Pick<GiftGeniusDeps, "payments" | "merchant" | "store" | "timing" | "now">,
  log: ServerLogger,
  sheet: PaymentSheet | undefined,
): ReconcileOptions {
  const orders = orderReconciliation(deps, log);
  return {
    ...(orders as ReconcileOptions),
    ...(sheet ? sheet.reconciler(orders) : {}),
  };
}
