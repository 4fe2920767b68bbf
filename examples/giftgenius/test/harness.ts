/**
 * GiftGenius' own test harness (the kit's tests use test/fixture-app instead): starts GiftGenius
 * in process on an ephemeral port and connects SDK v2 clients to it, on the
 * current protocol revision (2026-07-28) unless a test asks for the 2025 handshake.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, CallToolResult } from "@modelcontextprotocol/client";
import { createGiftGenius, type GiftGenius, type GiftGeniusOverrides } from "../server/app.ts";
import { readConfig, type GiftGeniusConfig } from "../server/config.ts";
import { setFaults } from "../server/faults.ts";
import { callerScope, createConfirmationSigner, createSqliteStore } from "mcp-widget-kit/server";
import { CONFIRMATION_META } from "mcp-widget-kit/contract";
import { connectClient, memoryLogger, sc } from "../../../test/server/mcp-client.ts";
import {
  serveInProcess,
  type HttpEndpoint,
  type HttpOptions,
} from "../../../test/server/serve-in-process.ts";
import {
  createTestIssuer,
  type MintOptions,
  type TestIssuer,
} from "../../../test/server/test-issuer.ts";

// The app-neutral client helpers, for GiftGenius' tests that import them from here.
export {
  assertNoInternals,
  clientOptions,
  connectClient,
  ENVELOPE,
  INTERNAL_MARKERS,
  memoryLogger,
  rpc,
  sc,
} from "../../../test/server/mcp-client.ts";

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

export { GOOD_SEARCH } from "./searches.ts";

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
  const endpoint = await serveInProcess(app, log, http);
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
    (name === "commit_order" || name === "start_checkout") &&
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
