/**
 * The GiftGenius MCP server, assembled: catalog, drafts, fake payments, idempotency store,
 * widget resources and the three tools on the kit's tool server.
 */
import {
  createPostgresStore,
  createResourceServer,
  createSqliteStore,
  startRetention,
  startReconciler,
  createToolServer,
  type AuthorizationSettings,
  type HttpAuthenticate,
  type IdempotencyStore,
  type ReconcileOptions,
  type ServerLogger,
  type ToolServer,
  type ToolsOf,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { giftGenius } from "../contract.ts";
import { createCatalog, loadGifts } from "./catalog/catalog.ts";
import type { GiftGeniusConfig } from "./config.ts";
import { createDailyLimit } from "./daily-limit.ts";
import { createDraftSigner } from "./drafts.ts";
import { withDbFaults } from "./fault-store.ts";
import { setFaults } from "./faults.ts";
import { createFakePayments, type PaymentProvider } from "./payments.ts";
import { createSheetPayments } from "./sheet-payments.ts";
import { giftGeniusSheet } from "./tools/payment-sheet.ts";
import { createPostgresState } from "./state/postgres-state.ts";
import type { SharedState } from "./state/shared-state.ts";
import { createSqliteState } from "./state/sqlite-state.ts";
import { ORDERS_SCOPE } from "./tools/shared.ts";
import { orderStatusTool } from "./tools/order-status.ts";
import { commitOrderTool } from "./tools/commit-order.ts";
import { giftGeniusReconciliation } from "./tools/reconcile-orders.ts";
import { prepareOrderTool } from "./tools/prepare-order.ts";
import { suggestGiftsTool } from "./tools/suggest-gifts.ts";
import { createWidgetResources } from "./widget-resource.ts";
import { externalCheckout } from "./external/external-checkout-app.ts";
import type { MerchantCheckouts } from "./external/merchant-checkouts.ts";

/** A ready server: make SDK servers from it, then `close()` to release the store. */
/**
 * GiftGenius' tools as its widget calls them (names, arguments, result kinds), for the
 * widget's `toolRefs<GiftGeniusTools>`: a renamed tool or argument fails its typecheck.
 */
export type GiftGeniusTools = ToolsOf<
  | ReturnType<typeof suggestGiftsTool>
  | ReturnType<typeof prepareOrderTool>
  | ReturnType<typeof commitOrderTool>
  | ReturnType<typeof orderStatusTool>
>;

export interface GiftGenius {
  tools: ToolServer;
  store: IdempotencyStore;
  /** The payment ledger, in the store's database (the daily limits are there too). */
  state: SharedState;
  payments: PaymentProvider;
  widget: WidgetUris;
  /**
   * The resource server, when `auth` settings were given (an in-process server, a fetch
   * handler; `serveApp` sets up its own): the `authenticate` hook for the tool server, and
   * the route serving the protected-resource metadata.
   */
  http:
    | {
        authenticate: HttpAuthenticate;
        respond(request: Request): Response | undefined;
      }
    | undefined;
  /** The fake merchant of external checkout, when it is on (`GIFTGENIUS_CHECKOUT_ORIGIN`). */
  merchant: MerchantCheckouts | undefined;
  /**
   * The provider's webhook route for external checkout (`GIFTGENIUS_CHECKOUT_ORIGIN`), for
   * `serveApp`'s `routes`: `undefined` for any other request, or when it is off.
   */
  webhook(request: Request): Promise<Response | undefined>;
  /** The origin gift pictures are served from and the widget CSP declares. */
  publicOrigin(): string;
  /**
   * Tells the app where it listens (`serveHttp`'s URL). Without `PUBLIC_ORIGIN` that origin
   * is the public one, which is only known once an ephemeral port (`PORT=0`) is bound.
   */
  listening(url: string): void;
  /**
   * Runs one reconciler pass now: in-doubt orders nobody retried are placed or refunded
   * (the server also runs one at start and every minute, unless `reconciler: "manual"`).
   */
  reconcile(): ReturnType<ReturnType<typeof startReconciler>["runOnce"]>;
  /**
   * What the reconciler runs with: every way the app's money moves (its commits, the payment
   * sheet), each record to its own hooks. `npm run reconcile` runs the same (server/reconcile.ts).
   */
  reconciliation: ReconcileOptions;
  close(): Promise<void>;
}

/** Options beyond the config (tests, benchmarks). */
export interface GiftGeniusOverrides {
  store?: IdempotencyStore;
  now?: () => number;
  /** Request id generator (recordings use a counter for stable fixtures). */
  requestId?: () => string;
  /** The draft ids' nonce (default random; recordings use a counter for stable fixtures). */
  draftNonce?: () => string;
  /** The resource server's settings; without them HTTP has no sign-in (every write refused). */
  auth?: AuthorizationSettings;
  /** `"manual"`: no reconciler timer; only `reconcile()` runs a pass (tests with a fake clock). */
  reconciler?: "timer" | "manual";
}

/** Opens the store and builds the server. */
export async function createGiftGenius(
  config: GiftGeniusConfig,
  log: ServerLogger,
  overrides: GiftGeniusOverrides = {},
): Promise<GiftGenius> {
  if (config.faults) {
    setFaults(config.faults);
    log.warn("faults_active", { faults: config.faults });
  }
  // The kit's store on the app's database: its idempotency records, unless a test or a
  // benchmark brings its own store, and the daily limits in any case.
  const shared = config.databaseUrl
    ? createPostgresStore({
        connectionString: config.databaseUrl,
        synchronousCommit: config.pgSynchronousCommit,
      })
    : createSqliteStore(config.sqliteFile);
  const base = overrides.store ?? shared;
  await base.init();
  const store = withDbFaults(base);
  log.info("idempotency_store", {
    store: base.name,
    ...(base.name === "sqlite" && !overrides.store ? { file: config.sqliteFile } : {}),
  });
  const now = overrides.now ?? Date.now;

  let listeningOrigin = `http://127.0.0.1:${config.port}`;
  const publicOrigin = () => config.publicOrigin ?? listeningOrigin;
  const widget = createWidgetResources(config.widgetDist, log, publicOrigin);
  const state = config.databaseUrl
    ? createPostgresState(config.databaseUrl)
    : createSqliteState(config.sqliteFile);
  await state.init();
  const dailyLimit = createDailyLimit(shared, config.dailyLimit, now);
  // Retention: records past their TTL and days that ended, in bounded batches, now and every
  // 10 minutes, from every process (they share the work).
  const retention = startRetention({
    purges: [(limit) => base.purgeExpired(now(), limit), (limit) => dailyLimit.purge(limit)],
    onPurged: (rows) => log.info("retention_purged", { rows }),
    onError: (error) =>
      log.warn("retention_failed", {
        error_message: error instanceof Error ? error.message : String(error),
      }),
  });
  const payments = createFakePayments(state);
  // External checkout, when the app declares a checkout origin: see external/.
  const external = externalCheckout(config, store, log, now);
  const deps = {
    catalog: createCatalog(loadGifts(), {
      timeoutMs: config.catalogTimeoutMs,
      imageOrigin: publicOrigin,
    }),
    drafts: createDraftSigner(config.draftSecret, undefined, overrides.draftNonce),
    payments,
    ...(external ? { merchant: external.merchant } : {}),
    store,
    timing: {
      ttlMs: config.idempotencyTtlMs,
      leaseMs: config.idempotencyLeaseMs,
      waitMs: config.idempotencyWaitMs,
    },
    dailyLimit,
    widget: widget.uris,
    log,
    now,
  };
  // ChatGPT's payment sheet, unless the setting turns it off: its payments land on the same
  // ledger, and its in-doubt ones are finished by the same reconciler.
  const sheet = config.paymentSheet
    ? giftGeniusSheet(deps, createSheetPayments(state), {
        secret: config.draftSecret,
        previousSecrets: config.previousSecrets,
      })
    : undefined;
  // In-doubt payments nobody retries — orders and sheet payments alike — placed or refunded
  // within the bound, by every process (and by the operator's `npm run reconcile`).
  const reconciliation = giftGeniusReconciliation(deps, log, sheet);
  const manual = overrides.reconciler === "manual";
  const reconciler = startReconciler({ ...reconciliation, manual });
  if (!manual) log.info("reconciler", { bound_ms: reconciler.boundMs });
  const settings = overrides.auth;
  const resourceServer = settings
    ? createResourceServer({ settings, scopes: [ORDERS_SCOPE], resourceName: "GiftGenius", log })
    : undefined;
  const tools = createToolServer({
    info: { name: "giftgenius", version: "1.0.0", title: "GiftGenius" },
    contract: giftGenius,
    tools: [
      suggestGiftsTool(deps),
      prepareOrderTool(deps),
      commitOrderTool(deps),
      orderStatusTool(deps),
    ],
    resources: external ? external.resources(widget.provider) : widget.provider,
    ...(sheet ? { checkout: sheet } : {}),
    log,
    ...(overrides.requestId ? { requestId: overrides.requestId } : {}),
    // The proof that the person confirmed in the widget is signed with the app's secret; the
    // secrets rotated out still vouch for the commits confirmed under them.
    confirmation: { secret: config.draftSecret, previousSecrets: config.previousSecrets, now },
    instructions:
      "GiftGenius suggests gifts and places orders. Use suggest_gifts to find gifts and prepare_order for a draft " +
      "of the one the person picks.",
  });
  const http = resourceServer
    ? { authenticate: resourceServer.authenticate(tools), respond: resourceServer.respond }
    : undefined;
  return {
    tools,
    store,
    state,
    payments,
    widget: widget.uris,
    http,
    merchant: external?.merchant,
    webhook: async (request) => external?.webhook(request),
    publicOrigin,
    listening(url) {
      listeningOrigin = new URL(url).origin;
    },
    reconcile: () => reconciler.runOnce(),
    reconciliation,
    close: async () => {
      await reconciler.stop();
      await retention.stop();
      await base.close();
      if (shared !== base) await shared.close();
      await state.close();
      await external?.merchant.close();
    },
  };
}
