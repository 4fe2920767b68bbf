/**
 * A shop whose one write is declared with `defineWrite` (`prepare_order`, `commit_order`),
 * served over the kit's Streamable HTTP with a test issuer's sign-in and a clock the test
 * moves: the app the confirmation-form tests drive with SDK v2 clients that declare form
 * elicitation, or none, or the widget's proof. It counts what its effect did — charges by
 * effect key and orders — so a test can say "exactly one order and one charge".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from "@modelcontextprotocol/client";
import { defineContract, id, MoneySchema, recordKind } from "../../src/contract/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import {
  appToolServer,
  createResourceServer,
  createSqliteStore,
  defineWrite,
  type IdempotencyStore,
  type ToolServer,
} from "../../src/server/index.ts";
import { clientOptions, ENVELOPE, memoryLogger, rpc, sc } from "./mcp-client.ts";
import { serveInProcess, type HttpEndpoint } from "./serve-in-process.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

/** The scope drafting and ordering require. */
export const FORM_SCOPE = "orders:write";

const contract = defineContract({
  kinds: {
    order_draft: recordKind({
      state: "confirm",
      entries: {
        draft: v.object({
          draft_id: id(),
          item: v.string(),
          quantity: v.number(),
          total: MoneySchema,
          expires_at: v.string(),
        }),
      },
    }),
    order: recordKind({
      state: "committed",
      entries: { order: v.object({ order_id: id(), draft_id: id() }), replayed: v.boolean() },
    }),
  },
});

const widget = { uris: { skybridge: "ui://widget/o.html", mcpApp: "ui://widget/o.mcp-app.html" } };

/** What a test sets up: the app's words for the form, or no form at all. */
export interface FormAppOptions {
  form?: false | ((draft: { item: string; quantity: number }) => string);
  /** The app's database (default a new SQLite file): drafts and idempotency records. */
  store?: () => IdempotencyStore;
}

/** The running app: its endpoint, clock, counters and clients. */
export interface FormApp {
  endpoint: HttpEndpoint;
  /** The tool server (for a connection of its own, e.g. in memory). */
  tools: ToolServer;
  issuer: TestIssuer;
  log: ReturnType<typeof memoryLogger>;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** Charges made, by effect key (a rerun of one key is one charge). */
  charges(): number;
  /** How many times the effect ran. */
  effects(): number;
  /** Closes the app's database under it: every store call fails from now on (an outage). */
  breakStore(): Promise<void>;
  /** A bearer token for `sub` with the app's scope. */
  token(sub?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the app on an ephemeral loopback port. */
export async function startFormApp(options: FormAppOptions = {}): Promise<FormApp> {
  const dir = mkdtempSync(join(tmpdir(), "form-app-"));
  const log = memoryLogger();
  const issuer = await createTestIssuer();
  let clock = Date.parse("2030-05-01T10:00:00Z");
  const now = () => clock;
  const store = options.store?.() ?? createSqliteStore(join(dir, "orders.sqlite"));
  await store.init();
  const charged = new Set<string>();
  let effects = 0;
  let broken = false;
  const write = defineWrite(contract, {
    widget,
    store,
    now,
    scope: FORM_SCOPE,
    drafts: {
      name: "order_drafts",
      ttlMs: 3_600_000,
      // The total is kept with the draft: what the person confirms is what is charged.
      schema: v.object({ item: v.string(), quantity: v.number(), total: MoneySchema }),
    },
    prepare: {
      name: "prepare_order",
      kind: "order_draft",
      title: "Prepare an order",
      description: "Prepare an order for the person to confirm. Orders nothing.",
      words: { invoking: "Preparing…", invoked: "Ready to confirm" },
      arguments: {
        schema: v.strictObject({ item: v.string(), quantity: v.optional(v.number()) }),
        repair: () => ({ item: "mug" }),
      },
      async handler({ item, quantity = 1 }, { put }) {
        const total = { amount: `${12 * quantity}.00`, currency: "EUR" };
        const { draft_id, expires_at } = await put({ item, quantity, total });
        return {
          data: { draft: { draft_id, item, quantity, total, expires_at } },
          text: `Draft ${draft_id} is ready.`,
        };
      },
    },
    commit: {
      name: "commit_order",
      kind: "order",
      title: "Place the order",
      description: "Place a confirmed order draft.",
      words: { invoking: "Ordering…", invoked: "Ordered" },
      draftExample: "drf_from_prepare_order",
      ...(options.form !== undefined ? { form: options.form } : {}),
      async effect({ effectKey, fence }) {
        await fence();
        effects++;
        charged.add(effectKey);
        return { done: { order_id: `ord_${effectKey.slice(0, 12)}` } };
      },
      show: (done, replayed) => ({
        data: { order: { ...done, draft_id: "drf" }, replayed },
        text: `Order ${done.order_id}${replayed ? " (replayed)" : ""}.`,
      }),
    },
  });
  const tools = appToolServer(
    { widget, log, store, now },
    { info: { name: "form-shop", version: "1" }, contract, tools: [write.prepare, write.commit] },
  );
  const settings = { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks };
  const resources = createResourceServer({
    settings,
    scopes: [FORM_SCOPE],
    resourceName: "Form shop",
    log,
  });
  const endpoint = await serveInProcess(
    { tools, http: { authenticate: resources.authenticate(tools), respond: resources.respond } },
    log,
  );
  return {
    endpoint,
    tools,
    issuer,
    log,
    advance: (ms) => void (clock += ms),
    charges: () => charged.size,
    effects: () => effects,
    token: (sub = "alice") => issuer.mint({ scope: FORM_SCOPE, sub }),
    breakStore: async () => {
      broken = true;
      await store.close();
    },
    async close() {
      await endpoint.close();
      if (!broken) await store.close();
      await issuer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How the test's person answers a form (`accept` ticks Confirm). */
export type Answer = "accept" | "decline" | "cancel" | "accept-unticked";

/**
 * An SDK v2 client signed in with `token`: declaring form elicitation and answering every form
 * with `answer` (the forms it was shown are kept), or (`answer` undefined) declaring nothing.
 */
export async function formClient(
  url: string,
  token: string,
  answer: Answer | undefined,
  era: "modern" | "legacy" = "modern",
): Promise<Client & { forms: string[] }> {
  const client = new Client(
    { name: "form-test", version: "1.0.0" },
    { ...clientOptions(era), ...(answer ? { capabilities: { elicitation: { form: {} } } } : {}) },
  ) as Client & { forms: string[] };
  client.forms = [];
  if (answer)
    client.setRequestHandler("elicitation/create", async (request) => {
      client.forms.push(String((request.params as { message?: unknown }).message));
      if (answer === "accept") return { action: "accept", content: { confirm: true } };
      if (answer === "accept-unticked") return { action: "accept", content: { confirm: false } };
      return { action: answer };
    });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** A draft of `client`'s, with the widget's proof its prepare result carried. */
export async function prepare(
  client: Client,
  item = "mug",
): Promise<{ draftId: string; proof: string; result: CallToolResult }> {
  const result = (await client.callTool({
    name: "prepare_order",
    arguments: { item },
  })) as CallToolResult;
  const draft = sc(result)?.draft as { draft_id?: string } | undefined;
  if (!draft?.draft_id) throw new Error(`no draft: ${JSON.stringify(result)}`);
  return { draftId: draft.draft_id, proof: String(result._meta?.[CONFIRMATION_META]), result };
}

type Body = { [key: string]: unknown };

/**
 * One raw 2026-07-28 `commit_order` call to `url` by `token`'s holder, declaring form
 * elicitation — what a client, or anyone holding a token, could send — optionally as the
 * retry that carries a `requestState` and `inputResponses`. Its JSON-RPC result.
 */
export async function rawFormCommit(
  url: string,
  token: string,
  args: Body,
  retry?: { requestState: unknown; inputResponses: unknown },
): Promise<Body> {
  const meta = {
    ...ENVELOPE,
    "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  };
  const { body } = await rpc(
    url,
    {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "commit_order", arguments: args, _meta: meta, ...(retry ?? {}) },
    },
    {
      authorization: `Bearer ${token}`,
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "commit_order",
    },
  );
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result as Body;
}
