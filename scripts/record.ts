/**
 * `npm run record`: drives the real GiftGenius server (over Streamable HTTP, with the SDK
 * Client) through every state — results, empty, each error code, draft, order, replay, faults
 * — and writes each whole CallToolResult to `test/fixtures/<state>--<scenario>.json`, where
 * `<state>` is what `giftGenius.parse(structuredContent).state` must give.
 *
 * The clock, the signed-in caller (a token from a local test issuer for the fixed subject
 * `recorded-user`, for the audience `https://giftgenius.example/mcp`) and the request ids are
 * fixed, so re-recording an unchanged server gives identical files.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from "@modelcontextprotocol/client";
import type { DomState } from "../src/contract/index.ts";
import { giftGenius } from "../examples/giftgenius/contract.ts";
import { createGiftGenius } from "../examples/giftgenius/server/app.ts";
import { loadGifts } from "../examples/giftgenius/server/catalog/catalog.ts";
import { readConfig, type GiftGeniusConfig } from "../examples/giftgenius/server/config.ts";
import { setFaults } from "../examples/giftgenius/server/faults.ts";
import { createSqliteStore, serveHttp, silentLogger } from "../src/server/index.ts";
import { createTestIssuer } from "../test/server/test-issuer.ts";

/** Clients speak the current protocol revision. */
const MODERN = { versionNegotiation: { mode: { pin: "2026-07-28" } } } as const;

const FIXTURES = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const START = Date.parse("2030-01-01T10:00:00Z");
const SUBJECT = "recorded-user";
/** The canonical URI tokens are minted for: the production origin, so fixtures carry no port. */
const AUDIENCE = "https://giftgenius.example/mcp";
const SEARCH = {
  interests: ["books", "coffee"],
  budget_min: 10,
  budget_max: 80,
  currency: "USD",
  relationship_type: "friend",
};

let clock = START;
let counter = 0;
const written: string[] = [];

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
    auth: { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks },
  });
  const endpoint = await serveHttp({
    createServer: (context) => app.tools.createServer(context),
    log: silentLogger,
    port: 0,
    ...(app.http ? { authenticate: app.http.authenticate } : {}),
  });
  // Signed in, as a host is after linking the account.
  const token = await issuer.mint({ sub: SUBJECT });
  const client = new Client({ name: "giftgenius-recorder", version: "1.0.0" }, MODERN);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return {
    async call(tool: string, args: unknown): Promise<CallToolResult> {
      return (await client.callTool({
        name: tool,
        arguments: args as { [key: string]: unknown },
      })) as CallToolResult;
    },
    /** The same call without a token, as a host that has not signed in yet makes it. */
    anonymous(tool: string, args: unknown): Promise<CallToolResult> {
      return app.tools.callTool(tool, args);
    },
    async close() {
      await client.close();
      await endpoint.close();
      await app.close();
      await issuer.close();
    },
  };
}

function record(state: DomState, scenario: string, result: CallToolResult): CallToolResult {
  const parsed = giftGenius.parse(result.structuredContent);
  if (parsed.state !== state)
    throw new Error(
      `${scenario}: expected state ${state}, got ${parsed.state}: ${JSON.stringify(result).slice(0, 400)}`,
    );
  const file = `${state}--${scenario}.json`;
  writeFileSync(join(FIXTURES, file), `${JSON.stringify(result, null, 2)}\n`);
  written.push(file);
  return result;
}

function draftId(result: CallToolResult): string {
  return (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
}

async function main(): Promise<void> {
  mkdirSync(FIXTURES, { recursive: true });
  for (const file of readdirSync(FIXTURES))
    if (/^[a-z_]+--[a-z0-9-]+\.json$/.test(file)) rmSync(join(FIXTURES, file));
  const dir = mkdtempSync(join(tmpdir(), "giftgenius-record-"));
  const widgetDist = process.env.WIDGET_DIST ?? join(dir, "no-build");
  setFaults("");
  const main = await startServer(dir, "main", {
    widgetDist,
    dailyLimit: 1_000,
    idempotencyWaitMs: 50,
    catalogTimeoutMs: 100,
  });
  try {
    // Reads.
    record("results", "suggest-gifts", await main.call("suggest_gifts", SEARCH));
    record(
      "results",
      "suggest-gifts-vnd",
      await main.call("suggest_gifts", {
        ...SEARCH,
        currency: "VND",
        budget_min: 200_000,
        budget_max: 2_000_000,
        age: 30,
      }),
    );
    record(
      "empty",
      "no-match",
      await main.call("suggest_gifts", { ...SEARCH, budget_min: 0, budget_max: 1 }),
    );
    record(
      "error",
      "validation-failed",
      await main.call("suggest_gifts", {
        interests: [1, "books"],
        budget_min: -5,
        currency: "usd",
        age: 130,
        relationship_type: "boss",
        mood: "happy",
      }),
    );
    record(
      "error",
      "validation-budget-inverted",
      await main.call("suggest_gifts", { ...SEARCH, budget_min: 90, budget_max: 20 }),
    );
    record(
      "error",
      "validation-flood",
      await main.call("suggest_gifts", {
        ...SEARCH,
        interests: Array.from({ length: 10_000 }, (_, i) => i),
      }),
    );

    // Drafts.
    const draft = record(
      "confirm",
      "prepare-order",
      await main.call("prepare_order", { gift_id: "gift-0001", quantity: 2 }),
    );
    const gone = loadGifts().find((gift) => gift.discontinued);
    record("error", "item-unavailable", await main.call("prepare_order", { gift_id: gone?.id }));
    record("error", "gift-not-found", await main.call("prepare_order", { gift_id: "gift-9999" }));

    // Orders: commit, replay, reuse, bad drafts.
    record(
      "committed",
      "commit",
      await main.call("commit_order", {
        draft_id: draftId(draft),
        idempotency_key: "rec-key-commit",
      }),
    );
    record(
      "committed",
      "replay",
      await main.call("commit_order", {
        draft_id: draftId(draft),
        idempotency_key: "rec-key-commit",
      }),
    );
    const other = await main.call("prepare_order", { gift_id: "gift-0002" });
    record(
      "error",
      "idempotency-key-reused",
      await main.call("commit_order", {
        draft_id: draftId(other),
        idempotency_key: "rec-key-commit",
      }),
    );
    record(
      "error",
      "draft-not-found",
      await main.call("commit_order", {
        draft_id: "drf_forged",
        idempotency_key: "rec-key-forged",
      }),
    );

    // In progress: a slow payment and a repeat that does not wait long.
    setFaults("payments_latency_ms=400");
    const slow = main.call("commit_order", {
      draft_id: draftId(other),
      idempotency_key: "rec-key-slow",
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    record(
      "error",
      "in-progress",
      await main.call("commit_order", {
        draft_id: draftId(other),
        idempotency_key: "rec-key-slow",
      }),
    );
    await slow;
    setFaults("");

    // Faults, one layer at a time.
    const faultCases: Array<[string, string, string, unknown]> = [
      ["catalog=503", "upstream-unavailable", "suggest_gifts", SEARCH],
      ["catalog=429", "rate-limited", "suggest_gifts", SEARCH],
      ["catalog=timeout", "upstream-timeout", "suggest_gifts", SEARCH],
      ["catalog=html", "upstream-bad-response", "prepare_order", { gift_id: "gift-0003" }],
      [
        "db=down",
        "database-unavailable",
        "commit_order",
        { draft_id: draftId(other), idempotency_key: "rec-key-db" },
      ],
      [
        "payments=timeout",
        "payment-timeout",
        "commit_order",
        { draft_id: draftId(other), idempotency_key: "rec-key-timeout" },
      ],
      [
        "payments=503",
        "payment-unavailable",
        "commit_order",
        { draft_id: draftId(other), idempotency_key: "rec-key-pay503" },
      ],
      [
        "payments=decline",
        "payment-declined",
        "commit_order",
        { draft_id: draftId(other), idempotency_key: "rec-key-decline" },
      ],
    ];
    for (const [fault, scenario, tool, args] of faultCases) {
      setFaults(fault);
      record("error", scenario, await main.call(tool, args));
    }
    setFaults("");
    record(
      "error",
      "payment-declined-replay",
      await main.call("commit_order", {
        draft_id: draftId(other),
        idempotency_key: "rec-key-decline",
      }),
    );
    record(
      "committed",
      "commit-after-payment-timeout",
      await main.call("commit_order", {
        draft_id: draftId(other),
        idempotency_key: "rec-key-timeout",
      }),
    );

    // Time passes: the draft expires.
    clock += 3 * 3_600_000;
    record(
      "error",
      "draft-expired",
      await main.call("commit_order", {
        draft_id: draftId(draft),
        idempotency_key: "rec-key-late",
      }),
    );
  } finally {
    setFaults("");
    await main.close();
  }

  const limited = await startServer(dir, "limited", { widgetDist, dailyLimit: 0 });
  try {
    record("error", "daily-limit-reached", await limited.call("suggest_gifts", SEARCH));
    // A write before sign-in: the host reads _meta["mcp/www_authenticate"] and starts sign-in.
    record(
      "error",
      "auth-required",
      await limited.anonymous("commit_order", {
        draft_id: "drf_from_prepare_order",
        idempotency_key: "rec-key-anonymous",
      }),
    );
  } finally {
    await limited.close();
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`recorded ${written.length} fixtures in test/fixtures/:\n  ${written.join("\n  ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
