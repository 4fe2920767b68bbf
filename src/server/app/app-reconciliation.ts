/**
 * The module `mcp-widget-kit reconcile --app <module>` runs, for an app served by `serveApp`:
 * the operator's reconciler must open the same store the servers write (the same settings,
 * the same default file) and run the same writes' reconcilers. Each app wrote that by hand —
 * the store choice again, and placeholder widget URIs to build tools nobody serves.
 */
import type { ReconcileOptions } from "../idempotency/reconcile.ts";
import { createJsonLogger } from "../runtime/log.ts";
import { readAppSettings, timingOf } from "./app-settings.ts";
import { openAppStore } from "./app-store.ts";
import type { AppServerOptions } from "./app-tool-server.ts";

/** The widget of tools built only for their reconcilers: nothing serves them. */
const UNSERVED = { uris: { skybridge: "ui://widget/unserved", mcpApp: "ui://widget/unserved" } };

/**
 * `openReconciliation` for `mcp-widget-kit reconcile`: opens the app's store as `serveApp`
 * does (`DATABASE_URL`, else `SQLITE_FILE`, else `location`'s file), hands `reconcile` the
 * options the app's tool-server factory takes (the store, a logger on stderr, the
 * idempotency timing of the settings; a widget nobody serves) and closes the store after.
 *
 * @example
 * export const openReconciliation = appReconciliation(
 *   { name: "payments", sqliteFile: new URL("../data/payments.sqlite", import.meta.url) },
 *   (options) => ({ store: options.store, ...createPaymentsServer(options).reconciler }),
 * );
 */
export function appReconciliation<T, C>(
  location: {
    /** The app's name, as `serveApp` has it: its default file is `data/<name>.sqlite`. */
    readonly name: string;
    /** The default SQLite file instead, as `serveApp`'s `sqliteFile`. */
    readonly sqliteFile?: string | URL;
  },
  reconcile: (options: AppServerOptions) => ReconcileOptions<T, C>,
): (env: NodeJS.ProcessEnv) => Promise<{
  /** What each pass runs with. */
  options: ReconcileOptions<T, C>;
  /** Closes the store. */
  close(): Promise<void>;
}> {
  return async (env) => {
    // Only the store's and the timing's settings matter here; the port is never opened.
    const settings = readAppSettings(env, 0);
    const { store } = openAppStore(settings, location);
    try {
      const options = reconcile({
        widget: UNSERVED,
        store,
        log: createJsonLogger(),
        timing: timingOf(settings),
      });
      return { options, close: () => store.close() };
    } catch (error) {
      await store.close();
      throw error;
    }
  };
}
