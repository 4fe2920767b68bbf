/**
 * The operator's reconciler (`npm run reconcile`: `mcp-widget-kit reconcile --app
 * server/reconcile.ts`), after an outage, before a deploy, from cron: GiftGenius assembled as
 * the server assembles it — the database its config names (`DATABASE_URL` or the SQLite
 * file), the provider's ledger there, external checkout and the payment sheet as the settings
 * say — with no timer of its own, and the reconciliation that server runs. One definition, so
 * a way of paying the server finishes is never missed (or mistaken for another) here.
 */
import { createJsonLogger } from "mcp-widget-kit/server";
import { createGiftGenius } from "./app.ts";
import { readConfig } from "./config.ts";

/** What `mcp-widget-kit reconcile` calls. */
export async function openReconciliation(env: NodeJS.ProcessEnv) {
  const app = await createGiftGenius(readConfig(env), createJsonLogger(), { reconciler: "manual" });
  return { options: app.reconciliation, close: () => app.close() };
}
