/**
 * An app's tool server from what `serveApp`'s `open` (or a test, or a recording) hands its
 * factory: the widget's resources, the logger, the store, the clock and request ids. Every app
 * wrote the same wiring — the resources when there are some, the request ids when fixed, the
 * clock of the confirmation proofs — so the factory's options have one type and one builder.
 */
import type { IdempotencyStore } from "../idempotency/store.ts";
import type { ServerLogger } from "../runtime/log.ts";
import type { ResourceProvider } from "../widget/resource-provider.ts";
import { createToolServer, type ToolServer } from "../tool-server.ts";
import type { WidgetUris } from "../widget/widget-tool-meta.ts";

/** What an app's tool-server factory takes (`createFlightsServer(options)`). */
export interface AppServerOptions {
  /** The widget: the URIs its tools advertise, and its resources (none in a test). */
  readonly widget: { readonly uris: WidgetUris; readonly provider?: ResourceProvider };
  /** Where the server logs. */
  readonly log: ServerLogger;
  /** Where records, drafts and limits live (`createSqliteStore`, `createPostgresStore`). */
  readonly store: IdempotencyStore;
  /** The clock (recordings and tests fix it, so drafts and their expiry never vary). */
  readonly now?: () => number;
  /** Makes request ids (recordings pass a counter). */
  readonly requestId?: () => string;
  /**
   * The records' lifetime and lease (`IDEMPOTENCY_TTL_SECONDS`, `IDEMPOTENCY_LEASE_SECONDS`:
   * `serveApp`'s `appOptions()` fills it from the settings); each write the app declares with
   * `defineWrite` keeps its records by it. Absent: the kit's defaults (24 h, 30 s).
   */
  readonly timing?: { readonly ttlMs?: number; readonly leaseMs?: number };
}

/**
 * `createToolServer` for an app's factory: `options` give the resources, the log, the request
 * ids and the clock of the confirmation proofs (signed with `CONFIRMATION_SECRET`; production
 * refuses to start without it, development uses the kit's built-in one). An app that takes
 * payment on ChatGPT's payment sheet declares it as `checkout` (docs/checkout.md).
 */
export function appToolServer(
  options: AppServerOptions,
  server: Pick<
    Parameters<typeof createToolServer>[0],
    "info" | "contract" | "tools" | "instructions" | "checkout"
  >,
): ToolServer {
  return createToolServer({
    ...server,
    ...(options.widget.provider ? { resources: options.widget.provider } : {}),
    log: options.log,
    ...(options.requestId ? { requestId: options.requestId } : {}),
    ...(options.now ? { confirmation: { now: options.now } } : {}),
  });
}
