/**
 * `serveApp`: the one entry an app's `server/main.ts` calls. It reads the deploy settings
 * (app-settings.ts), refuses a production start without its secrets in one line, sets up the
 * sign-in (`startAuthorization`), opens the kit's store on the app's first use (PostgreSQL or
 * SQLite) with its retention, and serves the app's tool server over Streamable HTTP
 * (`serveHttp`, with `ALLOWED_HOSTS`, `/healthz` and the protected-resource metadata) or over
 * stdio (`--stdio`). `startApp` is the same without the process around it (tests).
 */
import { isLoopbackHost, loopbackHostHeaders } from "../../core/loopback.ts";
import { CONFIRMATION_SECRET_ENV } from "../write/confirmation.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import { serveHttp } from "../http/serve-http.ts";
import type { IdempotencyStore } from "../idempotency/store.ts";
import { createJsonLogger, errorFields, type ServerLogger } from "../runtime/log.ts";
import { StartupRefusal } from "../runtime/mode.ts";
import { AUTHORIZATION_SETTINGS, startAuthorization } from "../auth/start-authorization.ts";
import { sqlDatabaseOf } from "../stores/sql-database.ts";
import { startRetention, type Purge } from "../stores/retention.ts";
import type { ResourceProvider } from "../widget/resource-provider.ts";
import type { ToolServer } from "../tool-server.ts";
import type { WidgetUris } from "../widget/widget-tool-meta.ts";
import { widgetResources } from "../widget/widget-resources.ts";
import { audienceMismatch, readSettings, timingOf, type AppSettings } from "./app-settings.ts";
import type { AppServerOptions } from "./app-tool-server.ts";
import { openAppStore, pathOf } from "./app-store.ts";
import { writeFaultsRoute } from "./write-faults-route.ts";

/** What an app's `open` may give back beside its tool server. */
export interface OpenedApp {
  /** The app's tools (`createToolServer`). */
  readonly tools: ToolServer;
  /** What `/healthz` asks; default: the kit's store, when the app opened it. */
  ping?(): Promise<void>;
  /** Web-shaped routes next to `/mcp` (tried after the metadata and `/healthz`). */
  routes?(request: Request): Promise<Response | undefined>;
  /**
   * Node routes (`serveHttp`'s `otherRoutes`), e.g. a development page: called for every other
   * path once the Host check passed; resolves `true` when it answered.
   */
  readonly otherRoutes?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /**
   * More purges for the retention timer (drafts, rate windows, the app's own tables), e.g.
   * `(n) => drafts.purgeExpired(n)`: each deletes at most `limit` due rows, returns how many.
   */
  readonly purges?: ReadonlyArray<(limit: number) => Promise<number>>;
  /** Told the endpoint URL once it listens. */
  listening?(url: string): void;
  /** Releases what the app opened (the kit's store is closed by the kit). */
  close?(): Promise<void>;
}

/** Options of {@link serveApp} and {@link startApp} (spelled out on `serveApp`). */
type ServeAppOptions = Parameters<typeof serveApp>[0];

/** What an app's `open` is given to build its tool server. */
type AppContext = Parameters<ServeAppOptions["open"]>[0];

/**
 * A started app (from {@link serveApp} and {@link startApp}): `url`, the MCP endpoint (e.g.
 * `http://127.0.0.1:8787/mcp`; `undefined` over stdio), and `close()`, which stops serving, the
 * sign-in, the retention, the app and the store.
 */
export type RunningApp = Awaited<ReturnType<typeof startApp>>;

/** The kit's store, opened once on first use, with its retention started. */
function lazyStore(options: ServeAppOptions, settings: AppSettings, log: ServerLogger) {
  let opened: IdempotencyStore | undefined;
  return {
    get: (): IdempotencyStore => {
      if (opened) return opened;
      const { store, file } = openAppStore(settings, options);
      log.info("idempotency_store", { store: store.name, ...(file ? { file } : {}) });
      return (opened = store);
    },
    get opened() {
      return opened;
    },
  };
}

/**
 * Starts the app as {@link serveApp} does, without printing, exiting or listening for
 * signals. Throws a `StartupRefusal` (naming the settings, never their values) when production
 * lacks its secrets or a setting is malformed.
 */
export async function startApp(options: ServeAppOptions): Promise<{
  /** The MCP endpoint, e.g. `http://127.0.0.1:8787/mcp`; `undefined` over stdio. */
  readonly url: string | undefined;
  /** The development sign-in's issuer on the port it bound (`AUTH_DEV_PORT`), when it runs. */
  readonly signIn?: string | undefined;
  /** Stops serving, the sign-in, the retention, the app and the store. */
  close(): Promise<void>;
}> {
  const env = options.env ?? process.env;
  const log = options.log ?? createJsonLogger();
  const transport = (options.stdio ?? process.argv.includes("--stdio")) ? "stdio" : "http";
  options.check?.(env, transport);
  const settings = readSettings({
    env,
    port: options.port ?? 8787,
    secrets: options.secrets ?? [CONFIRMATION_SECRET_ENV],
    required:
      transport === "http" ? [...AUTHORIZATION_SETTINGS, ...(options.httpSettings ?? [])] : [],
  });
  const mismatch = audienceMismatch(env, settings.publicOrigin);
  // Clients discover the metadata at AUTH_AUDIENCE's origin: one of the two is likely wrong.
  if (mismatch) log.warn("audience_not_public_origin", { note: mismatch });

  const authorization =
    transport === "http"
      ? await startAuthorization({
          host: settings.host,
          port: settings.port,
          scopes: options.scopes,
          log,
          env,
          ...(options.title ? { resourceName: options.title } : {}),
          ...(options.devPort !== undefined ? { devPort: options.devPort } : {}),
        })
      : undefined;
  const port = authorization?.port ?? settings.port;
  let listeningOrigin = `http://${settings.host.includes(":") ? `[${settings.host}]` : settings.host}:${port}`;
  const publicOrigin = () => settings.publicOrigin ?? listeningOrigin;
  const store = lazyStore(options, settings, log);
  let widget: ReturnType<AppContext["widget"]> | undefined;
  const context: AppContext = {
    transport,
    settings,
    log,
    store: store.get,
    widget: () =>
      (widget ??= widgetResources({
        dist: pathOf(options.dist ?? "dist"),
        log,
        ...(options.title ? { title: options.title } : {}),
        ...(settings.publicOrigin ? { resourceOrigins: () => [publicOrigin()] } : {}),
      })),
    issuer: authorization?.settings.issuer,
    publicOrigin,
    appOptions: () => ({
      widget: context.widget(),
      store: context.store(),
      log,
      timing: timingOf(settings),
    }),
  };
  let app: OpenedApp;
  try {
    const opened = await options.open(context);
    app = "createServer" in opened ? { tools: opened } : opened;
  } catch (error) {
    await authorization?.close();
    await store.opened?.close();
    throw error;
  }
  const kitStore = store.opened;
  if (kitStore) await kitStore.init();
  const closeApp = keepRetention(app, kitStore, log);
  if (transport === "stdio") return serveOverStdio(app, settings, options.scopes, closeApp, log);

  const auth = authorization!;
  const endpoint = await serveOverHttp(app, kitStore, settings, port, auth, log).catch(
    async (error: unknown) => {
      await auth.close();
      await closeApp();
      throw error;
    },
  );
  listeningOrigin = new URL(endpoint.url).origin;
  app.listening?.(endpoint.url);
  return {
    url: endpoint.url,
    signIn: auth.development ? auth.settings.issuer : undefined,
    async close() {
      await endpoint.close();
      await auth.close();
      await closeApp();
    },
  };
}

/**
 * Starts the retention of the kit's store and of the app's own purges; resolves with what
 * closes the app: the retention, the app, then the store.
 */
function keepRetention(
  app: OpenedApp,
  kitStore: IdempotencyStore | undefined,
  log: ServerLogger,
): () => Promise<void> {
  // Expired records (and what the app adds) go in bounded batches, now and every 10 minutes,
  // from every process: they share the work.
  const purges: Purge[] = [
    ...(kitStore ? [(limit: number) => kitStore.purgeExpired(Date.now(), limit)] : []),
    ...(app.purges ?? []),
  ];
  const retention =
    purges.length > 0
      ? startRetention({
          purges,
          onPurged: (rows) => log.info("retention_purged", { rows }),
          onError: (error) => log.warn("retention_failed", errorFields(error)),
        })
      : undefined;
  return async () => {
    await retention?.stop();
    await app.close?.();
    await kitStore?.close();
  };
}

/** The app over stdio: one process, one person, who is the caller of every tool. */
async function serveOverStdio(
  app: OpenedApp,
  settings: AppSettings,
  scopes: readonly string[],
  closeApp: () => Promise<void>,
  log: ServerLogger,
) {
  const { serveStdio } = await import("@modelcontextprotocol/server/stdio");
  const principal = { issuer: "local", subject: settings.stdioSubject, scopes: [...scopes] };
  const stdio = serveStdio((ctx) => app.tools.createServer(ctx, { principal }));
  log.info("listening", { transport: "stdio" });
  return {
    url: undefined,
    async close() {
      await stdio.close();
      await closeApp();
    },
  };
}

/** The app over Streamable HTTP, behind its sign-in, Host checks and `/healthz`. */
function serveOverHttp(
  app: OpenedApp,
  kitStore: IdempotencyStore | undefined,
  settings: AppSettings,
  port: number,
  auth: NonNullable<Awaited<ReturnType<typeof startAuthorization>>>,
  log: ServerLogger,
) {
  const ping =
    app.ping?.bind(app) ??
    (kitStore
      ? async () => {
          await sqlDatabaseOf(kitStore, "healthz").query("SELECT 1", {});
        }
      : async () => {});
  // A listed public name is served; in development the loopback names stay open as well, so
  // the local host page and curl on 127.0.0.1 work beside a tunnel.
  const allowedHosts = settings.allowedHosts
    ? [
        ...settings.allowedHosts,
        ...(settings.development && isLoopbackHost(settings.host) ? loopbackHostHeaders(port) : []),
      ]
    : undefined;
  const otherRoutes = withWriteFaults(app, settings);
  return serveHttp({
    createServer: (ctx) => app.tools.createServer(ctx),
    log,
    host: settings.host,
    port,
    authenticate: auth.authenticate(app.tools),
    ...(allowedHosts ? { allowedHosts } : {}),
    ...(settings.allowedOrigins ? { allowedOrigins: settings.allowedOrigins } : {}),
    ...(settings.bodyTimeoutMs !== undefined ? { bodyTimeoutMs: settings.bodyTimeoutMs } : {}),
    health: ping,
    routes: async (request) => auth.resource.respond(request) ?? (await app.routes?.(request)),
    ...(otherRoutes ? { otherRoutes } : {}),
  });
}

/**
 * The app's node routes, then — in development on a loopback-bound server only — the fault
 * switch of its declared writes (an app that serves `/devhost/faults` itself keeps its own).
 */
function withWriteFaults(app: OpenedApp, settings: AppSettings): OpenedApp["otherRoutes"] {
  const own = app.otherRoutes;
  const faults =
    settings.development && isLoopbackHost(settings.host)
      ? writeFaultsRoute(app.tools, settings.development)
      : undefined;
  if (!faults) return own;
  return async (req, res) => (own ? await own(req, res) : false) || faults(req, res);
}

/**
 * Runs the app as a process: starts it (the kit's `startApp`), then the endpoint URL on stdout (the `dev`
 * command reads it from there) and, in development without `AUTH_ISSUER`, a line naming the
 * development sign-in's URL (`<name>: development sign-in at http://127.0.0.1:<port>`), and a clean stop on SIGINT and SIGTERM. A start it refuses
 * (production without its secrets, a malformed setting) is one line on stderr naming the
 * settings — `<name>: production (NODE_ENV unset) needs …` — and exit code 1; any other
 * failure is logged (`startup_failed`) with exit code 1.
 */
export async function serveApp(options: {
  /** The app's name: the first word of its refusal line (`flights: production …`). */
  readonly name: string;
  /** What people see: the resource's name, the sign-in page, the widget's title. */
  readonly title?: string;
  /** The scopes the resource offers (the development sign-in grants them). */
  readonly scopes: readonly string[];
  /**
   * Builds the app's tool server, or the tool server with the rest of {@link OpenedApp}, from
   * what the kit gives it (`context`).
   */
  open(context: {
    /** `"http"`, or `"stdio"` with `--stdio` (one local person, no sign-in). */
    readonly transport: "http" | "stdio";
    /** The settings read from the environment. */
    readonly settings: AppSettings;
    /** The app's logger (JSON lines on stderr). */
    readonly log: ServerLogger;
    /**
     * The kit's store, opened on the first call: PostgreSQL at `DATABASE_URL`, else SQLite at
     * `SQLITE_FILE` (default `options.sqliteFile`). Once opened, `/healthz` asks it and its
     * expired records are purged on a timer. Drafts, rate limits and the app's tables may live
     * in it too.
     */
    store(): IdempotencyStore;
    /** The built widget in `options.dist`, as resources (read on each read: a rebuild is served). */
    widget(): { uris: WidgetUris; provider: ResourceProvider };
    /**
     * What the app's tool-server factory takes (`AppServerOptions`), from this start: the
     * widget, the store (opened now), the log, and the idempotency timing the settings hold
     * (`IDEMPOTENCY_TTL_SECONDS`, `IDEMPOTENCY_LEASE_SECONDS`), so every `defineWrite` keeps
     * its records by them.
     */
    appOptions(): AppServerOptions;
    /**
     * Whose tokens are accepted over HTTP: `AUTH_ISSUER`, or in development the development
     * sign-in's issuer; `undefined` over stdio. The kit verifies the tokens and points refused
     * calls at the sign-in itself (the app's tool server needs nothing for it).
     */
    readonly issuer: string | undefined;
    /**
     * Where people's browsers reach this server: `PUBLIC_ORIGIN`, else the origin it listens on
     * (known once the port is bound).
     */
    publicOrigin(): string;
  }): ToolServer | OpenedApp | Promise<ToolServer | OpenedApp>;
  /** The widget build's folder (`widget.manifest.json`, `widget.html`); default `dist`. */
  readonly dist?: string | URL;
  /** The SQLite file when neither `SQLITE_FILE` nor `DATABASE_URL` is set; default `data/<name>.sqlite`. */
  readonly sqliteFile?: string | URL;
  /** The port when `PORT` is unset; default 8787. */
  readonly port?: number;
  /** The development sign-in's port when `AUTH_DEV_PORT` is unset; default any free one. */
  readonly devPort?: number;
  /**
   * The app's secrets, needed by production in every transport and refused there when weak
   * (under 32 characters) or public; default `CONFIRMATION_SECRET` (which signs the proof that
   * the person confirmed).
   */
  readonly secrets?: readonly string[];
  /** Settings production needs over HTTP only, after `AUTH_ISSUER` and `AUTH_AUDIENCE`. */
  readonly httpSettings?: readonly string[];
  /** The app's own start-up rules: throw a `StartupRefusal` to refuse (before anything starts). */
  check?(env: { readonly [name: string]: string | undefined }, transport: "http" | "stdio"): void;
  /** Default `process.env`. */
  readonly env?: { readonly [name: string]: string | undefined };
  /** Over stdio instead of HTTP; default: `--stdio` among `process.argv`. */
  readonly stdio?: boolean;
  /** Default: JSON lines on stderr. */
  readonly log?: ServerLogger;
}): Promise<{
  /** The MCP endpoint, e.g. `http://127.0.0.1:8787/mcp`; `undefined` over stdio. */
  readonly url: string | undefined;
  /** Stops serving, the sign-in, the retention, the app and the store. */
  close(): Promise<void>;
}> {
  const log = options.log ?? createJsonLogger();
  let running: RunningApp;
  try {
    running = await startApp({ ...options, log });
  } catch (error) {
    // One plain line a person reads at once, not a JSON record or a stack trace.
    if (error instanceof StartupRefusal)
      process.stderr.write(`${options.name}: ${error.message.replace(/\s+/g, " ")}\n`);
    else log.error("startup_failed", errorFields(error));
    process.exit(1);
  }
  if (running.url) console.log(running.url);
  // After the endpoint (the first URL is what `mcp-widget-kit dev` reads): the port it bound.
  if (running.signIn)
    console.log(`${options.name}: development sign-in at ${running.signIn} (AUTH_DEV_PORT)`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting_down", { signal });
    void running.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  return running;
}
