/**
 * Starts GiftGenius in process on an ephemeral port and connects SDK v2 clients to it, on the
 * current protocol revision (2026-07-28) unless a test asks for the 2025 handshake.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from "@modelcontextprotocol/client";
import {
  createGiftGenius,
  type GiftGenius,
  type GiftGeniusOverrides,
} from "../../examples/giftgenius/server/app.ts";
import { readConfig, type GiftGeniusConfig } from "../../examples/giftgenius/server/config.ts";
import { setFaults } from "../../examples/giftgenius/server/faults.ts";
import {
  createSqliteStore,
  serveHttp,
  type HttpEndpoint,
  type HttpOptions,
  type LogFields,
  type ServerLogger,
} from "../../src/server/index.ts";

/** A logger that keeps every line, so tests can check what went to the log (and what did not go out). */
export function memoryLogger(): ServerLogger & {
  lines: Array<{ level: string; event: string; fields?: LogFields }>;
} {
  const lines: Array<{ level: string; event: string; fields?: LogFields }> = [];
  return {
    lines,
    info: (event, fields) =>
      void lines.push({ level: "info", event, ...(fields ? { fields } : {}) }),
    warn: (event, fields) =>
      void lines.push({ level: "warn", event, ...(fields ? { fields } : {}) }),
    error: (event, fields) =>
      void lines.push({ level: "error", event, ...(fields ? { fields } : {}) }),
  };
}

/** How a test client connects. */
export interface ConnectOptions {
  /** `modern` (default): 2026-07-28 via `server/discover`; `legacy`: the 2025 `initialize`. */
  era?: "modern" | "legacy";
  /**
   * Calls as this signed-in user: the harness's stand-in for token verification reads the
   * `x-test-user` header and hands `{ clientId: user }` to tools as the verified auth info.
   */
  user?: string;
}

/** A running server plus helpers. */
export interface Harness {
  app: GiftGenius;
  endpoint: HttpEndpoint;
  log: ReturnType<typeof memoryLogger>;
  dir: string;
  connect(options?: ConnectOptions): Promise<Client>;
  close(): Promise<void>;
}

/** The SDK v2 client options for an era. */
export function clientOptions(era: "modern" | "legacy" = "modern") {
  return era === "modern"
    ? { versionNegotiation: { mode: { pin: "2026-07-28" } } as const }
    : { versionNegotiation: { mode: "legacy" } as const };
}

/** The harness's stand-in for a bearer token check (tests only): `x-test-user` names the user. */
async function testUser(req: IncomingMessage) {
  const user = req.headers["x-test-user"];
  return typeof user === "string"
    ? { auth: { token: `test-${user}`, clientId: user, scopes: [] } }
    : {};
}

/** A valid suggest_gifts call that finds gifts. */
export const GOOD_SEARCH = {
  interests: ["books", "coffee"],
  budget_min: 10,
  budget_max: 80,
  currency: "USD",
  relationship_type: "friend",
};

/** Starts a server with a private SQLite file and no faults. */
export async function startHarness(
  config: Partial<GiftGeniusConfig> = {},
  overrides: GiftGeniusOverrides = {},
  http: Partial<HttpOptions> = {},
): Promise<Harness> {
  setFaults("");
  const dir = mkdtempSync(join(tmpdir(), "giftgenius-test-"));
  const log = memoryLogger();
  const full: GiftGeniusConfig = {
    ...readConfig({}),
    port: 0,
    widgetDist: join(dir, "dist"),
    sqliteFile: join(dir, "idem.sqlite"),
    databaseUrl: undefined,
    ...config,
  };
  const app = await createGiftGenius(full, log, {
    store: overrides.store ?? (full.databaseUrl ? undefined : createSqliteStore(full.sqliteFile)),
    ...overrides,
  });
  const endpoint = await serveHttp({
    createServer: (context) => app.tools.createServer(context),
    log,
    port: 0,
    authenticate: testUser,
    ...http,
  });
  const clients: Client[] = [];
  return {
    app,
    endpoint,
    log,
    dir,
    async connect({ era, user }: ConnectOptions = {}) {
      const client = new Client({ name: "giftgenius-test", version: "1.0.0" }, clientOptions(era));
      const headers: Record<string, string> = user ? { "x-test-user": user } : {};
      await client.connect(
        new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers } }),
      );
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close().catch(() => {})));
      await endpoint.close();
      await app.close();
      setFaults("");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `structuredContent` as a loose record. */
export function sc(
  result: CallToolResult | { [key: string]: unknown },
): { [key: string]: unknown } & { error?: { [key: string]: unknown } } {
  return (result as CallToolResult).structuredContent as { [key: string]: unknown };
}

/** Calls a tool and returns the CallToolResult. */
export async function call(client: Client, name: string, args: unknown): Promise<CallToolResult> {
  return (await client.callTool({
    name,
    arguments: args as { [key: string]: unknown },
  })) as CallToolResult;
}

/** Strings that must never reach a tool result: stack frames, paths, SQL, driver and upstream internals. */
export const INTERNAL_MARKERS = [
  "stack",
  "    at ",
  "/srv/",
  "/work/",
  "node_modules",
  ".internal",
  "ECONNREFUSED",
  "SELECT ",
  "INSERT ",
  "idempotency_records",
  "10.0.",
  "nginx",
  "<html",
  "TypeError",
  "ck_live",
  "pg pool",
];

/** Fails when a result carries anything internal. */
export function assertNoInternals(result: unknown): void {
  const text = JSON.stringify(result);
  for (const marker of INTERNAL_MARKERS) {
    if (text.includes(marker)) throw new Error(`result leaks "${marker}": ${text.slice(0, 300)}`);
  }
}

/** A prepare_order draft id for a gift that is sold. */
export async function draftFor(
  client: Client,
  giftId = "gift-0001",
  quantity = 1,
): Promise<string> {
  const result = await call(client, "prepare_order", { gift_id: giftId, quantity });
  const draft = sc(result).draft as { draft_id: string } | undefined;
  if (!draft) throw new Error(`no draft: ${JSON.stringify(result)}`);
  return draft.draft_id;
}
