/**
 * `npm run record`: drives the real GiftGenius server through every state — results, empty,
 * each error code, draft, order, replay, faults — with the kit's `recordFixtures`, which
 * checks each result against `giftGenius.parse`, writes it whole to
 * `test/fixtures/<state>--<scenario>.json` and deletes fixtures no scenario records any more.
 *
 * What stays here is what only GiftGenius knows: how its server starts, who calls, and its
 * scenarios. The clock, the signed-in caller (a bearer token from a local test issuer for the
 * fixed subject `recorded-user`, audience `https://giftgenius.example/mcp`) and the request ids
 * are fixed, so re-recording an unchanged server gives identical files.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { giftGenius } from "../contract.ts";
import { createGiftGenius } from "../server/app.ts";
import { loadGifts } from "../server/catalog/catalog.ts";
import { readConfig, type GiftGeniusConfig } from "../server/config.ts";
import { setFaults } from "../server/faults.ts";
import {
  callerScope,
  createConfirmationSigner,
  createSqliteStore,
  serveHttp,
  silentLogger,
} from "mcp-widget-kit/server";
import { CONFIRMATION_META } from "mcp-widget-kit/contract";
import {
  recordFixtures,
  type RecordedResult,
  type RecordFixturesOptions,
  type Recorder,
} from "mcp-widget-kit/testing";
import { createTestIssuer } from "../../../test/server/test-issuer.ts";

/** Tool arguments as a `tools/call` sends them. */
type ToolArguments = { readonly [key: string]: unknown };

const FIXTURES = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const START = Date.parse("2030-01-01T10:00:00Z");
const SEARCH = {
  interests: ["books", "coffee"],
  budget_min: 10,
  budget_max: 80,
  currency: "USD",
  relationship_type: "friend",
};

let clock = START;
let draftCounter = 0;
let counter = 0;

/** The canonical URI tokens are minted for: the production origin, so fixtures carry no port. */
const AUDIENCE = "https://giftgenius.example/mcp";

/** How the recorder reaches a server: the current protocol revision, signed in as one person. */
function asRecordedCaller(url: string, token: string): RecordFixturesOptions<string>["server"] {
  return { url, protocolVersion: "2026-07-28", headers: { authorization: `Bearer ${token}` } };
}

/** Starts GiftGenius in process on an ephemeral port, on the recording's clock and ids. */
async function startServer(dir: string, name: string, config: Partial<GiftGeniusConfig>) {
  const full: GiftGeniusConfig = {
    ...readConfig({}),
    port: 0,
    sqliteFile: join(dir, `${name}.sqlite`),
    databaseUrl: undefined,
    // The production origin, not an ephemeral port: image URLs are the same on every run.
    publicOrigin: "https://giftgenius.example",
    ...config,
  };
  const issuer = await createTestIssuer({ audience: AUDIENCE });
  const app = await createGiftGenius(full, silentLogger, {
    store: createSqliteStore(full.sqliteFile),
    now: () => clock,
    requestId: () => `req_rec_${String(++counter).padStart(4, "0")}`,
    draftNonce: () => `rec${String(++draftCounter).padStart(4, "0")}`,
    auth: { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks },
  });
  const endpoint = await serveHttp({
    createServer: (context) => app.tools.createServer(context),
    log: silentLogger,
    port: 0,
    ...(app.http ? { authenticate: app.http.authenticate } : {}),
  });
  return {
    // Signed in, as a host is after linking the account.
    server: asRecordedCaller(endpoint.url, await issuer.mint({ sub: "recorded-user" })),
    /** The signed-in person's caller scope (what the server binds their proofs to). */
    scope: callerScope({ issuer: issuer.issuer, subject: "recorded-user", scopes: [] }),
    /** A call without a token, as a host that has not signed in yet makes it. */
    anonymous: (tool: string, args: ToolArguments) =>
      app.tools.callTool(tool, args) as Promise<RecordedResult>,
    async close() {
      await endpoint.close();
      await app.close();
      await issuer.close();
    },
  };
}

function draftId(result: RecordedResult): string {
  return (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
}

type GiftGeniusRecorder = Recorder<ReturnType<typeof giftGenius.parse>["state"]>;

/**
 * Calls as the widget does: `commit_order` carries the proof its draft's prepare result had in
 * `_meta` — or, for a draft id nobody prepared (a forged one), a proof signed as the server
 * signs, so the call reaches the draft checks behind the proof.
 */
function asWidget(rec: GiftGeniusRecorder, scope: string): GiftGeniusRecorder {
  const proofs = new Map<string, unknown>();
  const signer = createConfirmationSigner({ secret: readConfig({}).draftSecret, now: () => clock });
  const call: GiftGeniusRecorder["call"] = async (tool, args = {}) => {
    const draft = typeof args.draft_id === "string" ? args.draft_id : undefined;
    const sent =
      tool === "commit_order" && draft !== undefined
        ? { ...args, confirmation: proofs.get(draft) ?? signer.issue(draft, scope) }
        : args;
    const result = await rec.call(tool, sent);
    const prepared = (result.structuredContent as { draft?: { draft_id?: unknown } } | undefined)
      ?.draft?.draft_id;
    const proof = (result._meta as { [key: string]: unknown } | undefined)?.[CONFIRMATION_META];
    if (typeof prepared === "string") proofs.set(prepared, proof);
    return result;
  };
  return { ...rec, call, record: rec.record.bind(rec), connect: rec.connect.bind(rec) };
}

/** Every GiftGenius scenario, on the main server and on one whose daily limit is 0. */
async function scenarios(
  model: GiftGeniusRecorder,
  scope: string,
  dir: string,
  widgetDist: string,
): Promise<void> {
  const rec = asWidget(model, scope);
  // Reads.
  rec.record("results", "suggest-gifts", await rec.call("suggest_gifts", SEARCH));
  rec.record(
    "results",
    "suggest-gifts-vnd",
    await rec.call("suggest_gifts", {
      ...SEARCH,
      currency: "VND",
      budget_min: 200_000,
      budget_max: 2_000_000,
      age: 30,
    }),
  );
  rec.record(
    "empty",
    "no-match",
    await rec.call("suggest_gifts", { ...SEARCH, budget_min: 0, budget_max: 1 }),
  );
  rec.record(
    "error",
    "validation-failed",
    await rec.call("suggest_gifts", {
      interests: [1, "books"],
      budget_min: -5,
      currency: "usd",
      age: 130,
      relationship_type: "boss",
      mood: "happy",
    }),
  );
  rec.record(
    "error",
    "validation-budget-inverted",
    await rec.call("suggest_gifts", { ...SEARCH, budget_min: 90, budget_max: 20 }),
  );
  rec.record(
    "error",
    "validation-flood",
    await rec.call("suggest_gifts", {
      ...SEARCH,
      interests: Array.from({ length: 10_000 }, (_, i) => i),
    }),
  );

  // Drafts.
  const draft = rec.record(
    "confirm",
    "prepare-order",
    await rec.call("prepare_order", { gift_id: "gift-0001", quantity: 2 }),
  );
  const gone = loadGifts().find((gift) => gift.discontinued);
  rec.record("error", "item-unavailable", await rec.call("prepare_order", { gift_id: gone?.id }));
  rec.record("error", "gift-not-found", await rec.call("prepare_order", { gift_id: "gift-9999" }));

  // Orders: commit, replay, reuse, bad drafts.
  rec.record(
    "committed",
    "commit",
    await rec.call("commit_order", {
      draft_id: draftId(draft),
      idempotency_key: "rec-key-commit",
    }),
  );
  rec.record(
    "committed",
    "replay",
    await rec.call("commit_order", {
      draft_id: draftId(draft),
      idempotency_key: "rec-key-commit",
    }),
  );
  const other = await rec.call("prepare_order", { gift_id: "gift-0002" });
  rec.record(
    "error",
    "idempotency-key-reused",
    await rec.call("commit_order", {
      draft_id: draftId(other),
      idempotency_key: "rec-key-commit",
    }),
  );
  rec.record(
    "error",
    "draft-not-found",
    await rec.call("commit_order", {
      draft_id: "drf_forged",
      idempotency_key: "rec-key-forged",
    }),
  );

  // In progress: a slow payment and a repeat that does not wait long.
  setFaults("payments_latency_ms=400");
  const slow = rec.call("commit_order", {
    draft_id: draftId(other),
    idempotency_key: "rec-key-slow",
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  rec.record(
    "error",
    "in-progress",
    await rec.call("commit_order", {
      draft_id: draftId(other),
      idempotency_key: "rec-key-slow",
    }),
  );
  await slow;
  setFaults("");

  // A draft of its own for each commit below: a draft places one order whatever the key, so
  // another key on a used draft would replay that order instead of meeting the fault.
  const fresh = async () => draftId(await rec.call("prepare_order", { gift_id: "gift-0002" }));
  const timedOut = await fresh();
  const declined = await fresh();

  // Faults, one layer at a time.
  const faultCases: Array<[string, string, string, ToolArguments]> = [
    ["catalog=503", "upstream-unavailable", "suggest_gifts", SEARCH],
    ["catalog=429", "rate-limited", "suggest_gifts", SEARCH],
    ["catalog=timeout", "upstream-timeout", "suggest_gifts", SEARCH],
    ["catalog=html", "upstream-bad-response", "prepare_order", { gift_id: "gift-0003" }],
    [
      "db=down",
      "database-unavailable",
      "commit_order",
      { draft_id: await fresh(), idempotency_key: "rec-key-db" },
    ],
    [
      "payments=timeout",
      "payment-timeout",
      "commit_order",
      { draft_id: timedOut, idempotency_key: "rec-key-timeout" },
    ],
    [
      "payments=503",
      "payment-unavailable",
      "commit_order",
      { draft_id: await fresh(), idempotency_key: "rec-key-pay503" },
    ],
    [
      "payments=decline",
      "payment-declined",
      "commit_order",
      { draft_id: declined, idempotency_key: "rec-key-decline" },
    ],
  ];
  for (const [fault, scenario, tool, args] of faultCases) {
    setFaults(fault);
    rec.record("error", scenario, await rec.call(tool, args));
  }
  setFaults("");
  rec.record(
    "error",
    "payment-declined-replay",
    await rec.call("commit_order", {
      draft_id: declined,
      idempotency_key: "rec-key-decline",
    }),
  );
  rec.record(
    "committed",
    "commit-after-payment-timeout",
    await rec.call("commit_order", {
      draft_id: timedOut,
      idempotency_key: "rec-key-timeout",
    }),
  );

  // Time passes: a draft nobody confirmed expires.
  const unconfirmed = await fresh();
  clock += 3 * 3_600_000;
  rec.record(
    "error",
    "draft-expired",
    await rec.call("commit_order", {
      draft_id: unconfirmed,
      idempotency_key: "rec-key-late",
    }),
  );
  setFaults("");
  // The model's own commit: it never sees the proof, so the kit refuses before the handler.
  rec.record(
    "error",
    "confirmation-required",
    await model.call("commit_order", {
      draft_id: draftId(draft),
      idempotency_key: "rec-key-model",
    }),
  );

  const limited = await startServer(dir, "limited", { widgetDist, dailyLimit: 0 });
  try {
    const caller = await rec.connect(limited.server);
    rec.record("error", "daily-limit-reached", await caller.call("suggest_gifts", SEARCH));
    // The widget's write before sign-in (it sends the proof it holds; a call with none, the
    // model's, is refused CONFIRMATION_REQUIRED first): the host reads
    // _meta["mcp/www_authenticate"] and starts sign-in.
    rec.record(
      "error",
      "auth-required",
      await limited.anonymous("commit_order", {
        draft_id: "drf_from_prepare_order",
        idempotency_key: "rec-key-anonymous",
        confirmation: "v1.held-by-the-widget",
      }),
    );
    await caller.close();
  } finally {
    await limited.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "giftgenius-record-"));
  const widgetDist = process.env.WIDGET_DIST ?? join(dir, "no-build");
  setFaults("");
  const server = await startServer(dir, "main", {
    widgetDist,
    dailyLimit: 1_000,
    idempotencyWaitMs: 50,
    catalogTimeoutMs: 100,
  });
  try {
    const report = await recordFixtures({
      contract: giftGenius,
      server: server.server,
      dir: FIXTURES,
      scenarios: (rec) => scenarios(rec, server.scope, dir, widgetDist),
    });
    console.log(
      `recorded ${report.recorded.length} fixtures in examples/giftgenius/test/fixtures/ ` +
        `(${report.changed.length} changed, ${report.removed.length} removed)` +
        [
          ...report.changed.map((f) => `\n  changed ${f}`),
          ...report.removed.map((f) => `\n  removed ${f}`),
        ].join(""),
    );
  } finally {
    setFaults("");
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
