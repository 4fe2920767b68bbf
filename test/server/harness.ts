/**
 * Starts GiftGenius in process on an ephemeral port and connects SDK v2 clients to it, on the
 * current protocol revision (2026-07-28) unless a test asks for the 2025 handshake.
 */
import { mkdtempSync, rmSync } from "node:fs";
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
  callerScope,
  CONFIRMATION_META,
  createConfirmationSigner,
  createSqliteStore,
  serveHttp,
  type HttpEndpoint,
  type HttpOptions,
  type LogFields,
  type ServerLogger,
} from "../../src/server/index.ts";
import { createTestIssuer, type MintOptions, type TestIssuer } from "./test-issuer.ts";

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

/**
 * How a test client connects: on `era` (`modern` by default: 2026-07-28 via `server/discover`;
 * `legacy`: the 2025 `initialize`), signed in with a token the harness's issuer minted (default
 * `alice` with `orders:write`; any claim can be changed), or `anonymous`, or sending exactly
 * `token`.
 */
export type ConnectOptions = MintOptions & {
  era?: "modern" | "legacy";
  anonymous?: boolean;
  token?: string;
};

/** A running server plus helpers. */
export interface Harness {
  app: GiftGenius;
  endpoint: HttpEndpoint;
  log: ReturnType<typeof memoryLogger>;
  dir: string;
  /** Mints the tokens this server accepts (or, with other claims, refuses). */
  issuer: TestIssuer;
  connect(options?: ConnectOptions): Promise<Client>;
  close(): Promise<void>;
}

/** The SDK v2 client options for an era. */
export function clientOptions(era: "modern" | "legacy" = "modern") {
  return era === "modern"
    ? { versionNegotiation: { mode: { pin: "2026-07-28" } } as const }
    : { versionNegotiation: { mode: "legacy" } as const };
}

/** An SDK v2 client for `url` on `era` that sends `token` (if any) on every request. */
export async function connectClient(
  url: string,
  token?: string,
  era: "modern" | "legacy" = "modern",
): Promise<Client> {
  const client = new Client({ name: "giftgenius-test", version: "1.0.0" }, clientOptions(era));
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
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
  const issuer = await createTestIssuer();
  const app = await createGiftGenius(full, log, {
    store: overrides.store ?? (full.databaseUrl ? undefined : createSqliteStore(full.sqliteFile)),
    auth: { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks },
    ...overrides,
  });
  const resource = app.http?.resource;
  const endpoint = await serveHttp({
    createServer: (context) => app.tools.createServer(context),
    log,
    port: 0,
    ...(app.http ? { authenticate: app.http.authenticate } : {}),
    ...(resource ? { otherRoutes: (req, res) => resource.route(req, res) } : {}),
    ...http,
  });
  app.listening(endpoint.url);
  const clients: Client[] = [];
  const signer = createConfirmationSigner({
    secret: full.draftSecret,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  return {
    app,
    endpoint,
    log,
    dir,
    issuer,
    async connect({ era, anonymous, token: given, ...claims }: ConnectOptions = {}) {
      const token = anonymous ? undefined : (given ?? (await issuer.mint(claims)));
      const client = await connectClient(endpoint.url, token, era);
      clients.push(client);
      if (!anonymous && given === undefined) {
        const scope = callerScope({
          issuer: claims.iss ?? issuer.issuer,
          subject: claims.sub ?? "alice",
          scopes: [],
        });
        widgetLanes.set(client, { proofs: new Map(), mint: (id) => signer.issue(id, scope) });
      }
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close().catch(() => {})));
      await endpoint.close();
      await app.close();
      await issuer.close();
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

/**
 * What the widget of a harness client holds: the proofs its prepare results carried, and —
 * for a draft id a test made by hand, to reach the checks behind the proof — a proof minted
 * with the app's secret for this client's caller.
 */
const widgetLanes = new WeakMap<
  Client,
  { proofs: Map<string, string>; mint: (draftId: string) => string }
>();

/** The proof a harness client's widget holds for `draftId` (from its prepare result's `_meta`). */
export function widgetProof(client: Client, draftId: string): string | undefined {
  return widgetLanes.get(client)?.proofs.get(draftId);
}

/**
 * Calls a tool and returns the CallToolResult. It calls as the widget does: `commit_order`
 * gets the confirmation proof of its draft unless `args` names `confirmation` itself (even as
 * `undefined`: what the model sends, which is none). Tests of what the model may do call
 * `client.callTool` directly.
 */
export async function call(client: Client, name: string, args: unknown): Promise<CallToolResult> {
  const lane = widgetLanes.get(client);
  let sent = args as { [key: string]: unknown };
  if (
    name === "commit_order" &&
    lane &&
    typeof sent === "object" &&
    sent !== null &&
    !("confirmation" in sent) &&
    typeof sent.draft_id === "string"
  )
    sent = { ...sent, confirmation: lane.proofs.get(sent.draft_id) ?? lane.mint(sent.draft_id) };
  const result = (await client.callTool({ name, arguments: sent })) as CallToolResult;
  const proof = result._meta?.[CONFIRMATION_META];
  const draft = (sc(result)?.draft as { draft_id?: unknown } | undefined)?.draft_id;
  if (lane && typeof proof === "string" && typeof draft === "string") lane.proofs.set(draft, proof);
  return result;
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

/** The `_meta` envelope every 2026-07-28 request carries. */
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** POSTs one JSON-RPC message and reads the answer, plain JSON or one SSE event. */
export async function rpc(
  url: string,
  message: { [key: string]: unknown },
  headers: { [key: string]: string } = {},
): Promise<{ status: number; headers: Headers; body: { [key: string]: unknown }; text: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  const data = text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "{}");
  return { status: response.status, headers: response.headers, body: JSON.parse(data), text };
}
