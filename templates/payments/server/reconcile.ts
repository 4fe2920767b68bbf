/**
 * The reconciler of this app's sends, from the same write as the tool (server/transfer.ts):
 * a send left in doubt (the provider timed out) that nobody retried is finished under its
 * effect key — the provider answers a key it took with that transfer, so nothing is sent
 * twice — or, once in doubt for 15 minutes, cancelled there. The server runs it
 * (server/main.ts); an operator runs it with `npx mcp-widget-kit reconcile --app
 * server/reconcile.ts` (after an outage, before a deploy, from cron), on the database the
 * server uses: `DATABASE_URL`, else `SQLITE_FILE`, else data/payments.sqlite.
 */
import { appReconciliation, type IdempotencyStore } from "mcp-widget-kit/server";
import { createPaymentsServer } from "./tools.ts";

/** A send still in doubt this long after it began is cancelled at the provider instead. */
export const CANCEL_AFTER_MS = 15 * 60_000;

type Reconciler = ReturnType<typeof createPaymentsServer>["reconciler"];

/** `startReconciler`'s options for the tool server's `reconciler` (every write it serves) on `store`. */
export function reconcileOptions(store: IdempotencyStore, reconciler: Reconciler) {
  return { store, compensateAfterMs: CANCEL_AFTER_MS, ...reconciler };
}

/** What `mcp-widget-kit reconcile --app server/reconcile.ts` calls: the server's store and sends. */
export const openReconciliation = appReconciliation(
  { name: "payments", sqliteFile: new URL("../data/payments.sqlite", import.meta.url) },
  (options) => reconcileOptions(options.store, createPaymentsServer(options).reconciler),
);
