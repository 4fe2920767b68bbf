/**
 * Starts the fixture app (./app.ts) in process on an ephemeral port with a private SQLite
 * file and a test issuer, and connects SDK v2 clients to it — the kit's server tests' harness,
 * in place of GiftGenius'. `call` calls as the widget does: `place_purchase` gets the
 * confirmation proof its draft's prepare result carried.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import {
  createSqliteStore,
  type AuthorizationSettings,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import type { HttpEndpoint, HttpOptions } from "../../src/server/http/serve-http.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import type { IdempotencyTiming } from "../../src/server/idempotency/run-idempotent.ts";
import { connectClient, memoryLogger, sc } from "../server/mcp-client.ts";
import { serveInProcess } from "../server/serve-in-process.ts";
import { createTestIssuer, type MintOptions, type TestIssuer } from "../server/test-issuer.ts";
import { createFixtureApp, FIXTURE_SCOPE, type FixtureApp } from "./app.ts";

/**
 * How a test client connects: on `era` (default `modern`, 2026-07-28), signed in with a token
 * the issuer minted (default `alice` with the fixture's scope; any claim can be changed), or
 * `anonymous`, or sending exactly `token`.
 */
export type ConnectOptions = MintOptions & {
  era?: "modern" | "legacy";
  anonymous?: boolean;
  token?: string;
};

/** A running fixture server plus helpers. */
export interface FixtureHarness {
  app: FixtureApp;
  endpoint: HttpEndpoint;
  log: ReturnType<typeof memoryLogger>;
  issuer: TestIssuer;
  connect(options?: ConnectOptions): Promise<Client>;
  close(): Promise<void>;
}

/**
 * Starts the fixture app: `store` (default a private SQLite file), `records` (a
 * wrapper of `store` for the idempotency records), `auth`, `now`, `widgetDist`
 * (default a missing folder: placeholder resources), idempotency `timing`, the effect hook
 * `beforePlace` and `serveHttp` options.
 */
export async function startFixture(
  options: {
    store?: IdempotencyStore;
    records?: IdempotencyStore;
    /** Whose tokens the app trusts (default the harness's test issuer's). */
    auth?: AuthorizationSettings;
    now?: () => number;
    widgetDist?: string;
    timing?: Partial<IdempotencyTiming>;
    beforePlace?: () => Promise<void>;
    http?: Partial<HttpOptions>;
  } = {},
): Promise<FixtureHarness> {
  const dir = mkdtempSync(join(tmpdir(), "fixture-app-"));
  const log = memoryLogger();
  const issuer = await createTestIssuer();
  const app = await createFixtureApp({
    store: options.store ?? createSqliteStore(join(dir, "fixture.sqlite")),
    log,
    widgetDist: options.widgetDist ?? join(dir, "dist"),
    auth: options.auth ?? { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks },
    ...(options.records ? { records: options.records } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.beforePlace ? { beforePlace: options.beforePlace } : {}),
  });
  const endpoint = await serveInProcess(app, log, options.http);
  const clients: Client[] = [];
  return {
    app,
    endpoint,
    log,
    issuer,
    async connect({ era, anonymous, token: given, ...claims }: ConnectOptions = {}) {
      const token = anonymous
        ? undefined
        : (given ?? (await issuer.mint({ scope: FIXTURE_SCOPE, ...claims })));
      const client = await connectClient(endpoint.url, token, era);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close().catch(() => {})));
      await endpoint.close();
      await app.close();
      await issuer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The proofs each client's "widget" holds, by draft id (from the prepare results' `_meta`). */
const proofs = new WeakMap<Client, Map<string, string>>();

/**
 * Calls a tool as the widget does: `place_purchase` gets its draft's confirmation proof unless
 * `args` names `confirmation` itself (even as `undefined`: what the model sends). Tests of what
 * the model may do call `client.callTool` directly.
 */
export async function call(client: Client, name: string, args: unknown): Promise<CallToolResult> {
  const held = proofs.get(client) ?? new Map<string, string>();
  proofs.set(client, held);
  let sent = args as { [key: string]: unknown };
  if (
    name === "place_purchase" &&
    typeof sent === "object" &&
    sent !== null &&
    !("confirmation" in sent) &&
    typeof sent.draft_id === "string" &&
    held.has(sent.draft_id)
  )
    sent = { ...sent, confirmation: held.get(sent.draft_id) };
  const result = (await client.callTool({ name, arguments: sent })) as CallToolResult;
  const proof = result._meta?.[CONFIRMATION_META];
  const draft = (sc(result)?.draft as { draft_id?: unknown } | undefined)?.draft_id;
  if (typeof proof === "string" && typeof draft === "string") held.set(draft, proof);
  return result;
}

/** A `prepare_purchase` draft id for a product on sale. */
export async function draftFor(client: Client, productId = "p-mug", quantity = 1) {
  const result = await call(client, "prepare_purchase", { product_id: productId, quantity });
  const draft = sc(result)?.draft as { draft_id: string } | undefined;
  if (!draft) throw new Error(`no draft: ${JSON.stringify(result)}`);
  return draft.draft_id;
}
