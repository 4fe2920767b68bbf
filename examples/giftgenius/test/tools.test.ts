import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { giftGenius } from "../contract.ts";
import { loadGifts } from "../server/catalog/catalog.ts";
import { GIFT_NEXT_ACTIONS } from "../server/next-actions.ts";
import { CONFIRMATION_META } from "mcp-widget-kit/contract";
import {
  assertNoInternals,
  call,
  draftFor,
  GOOD_SEARCH,
  sc,
  startHarness,
  type Harness,
} from "./harness.ts";

// The hosts' documented template types (ChatGPT's Apps SDK, the MCP Apps extension), as the
// wire carries them.
const SKYBRIDGE_MIME = "text/html+skybridge";
const MCP_APP_MIME = "text/html;profile=mcp-app";

const HTML = "<!doctype html><html><body><div id=root></div></body></html>";
const META = {
  "openai/widgetCSP": { connect_domains: [], resource_domains: [] },
  "openai/widgetDomain": "https://giftgenius.example",
  ui: { csp: { connectDomains: [] }, prefersBorder: true },
};

function writeFakeBuild(dir: string): string {
  const dist = join(dir, "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "widget.html"), HTML);
  const sha256 = createHash("sha256").update(HTML).digest("hex");
  const uri = `ui://widget/giftgenius-${sha256.slice(0, 8)}.html`;
  writeFileSync(
    join(dist, "widget.manifest.json"),
    JSON.stringify({
      uri,
      mimeType: SKYBRIDGE_MIME,
      sha256,
      bytes: HTML.length,
      gzip_bytes: 50,
      contract_version: "1.0",
      csp: "default-src 'none'",
      _meta: META,
    }),
  );
  return uri;
}

describe("GiftGenius over Streamable HTTP", () => {
  let h: Harness;
  let uri: string;
  beforeAll(async () => {
    // The build is written before the server starts, as `npm start` does.
    const dir = mkdtempSync(join(tmpdir(), "giftgenius-build-"));
    uri = writeFakeBuild(dir);
    h = await startHarness({ widgetDist: join(dir, "dist"), dailyLimit: 1_000 });
  });
  afterAll(() => h.close());

  it("lists four tools with annotations, output schemas and widget _meta (order_status, a read for the model, has no widget), then the payment sheet's two", async () => {
    const client = await h.connect();
    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name)).toEqual([
      "suggest_gifts",
      "prepare_order",
      "commit_order",
      "order_status",
      "start_checkout",
      "complete_checkout",
    ]);
    // The sheet's tools answer in the sheet's shapes (docs/checkout.md), for the app only.
    const sheetTools = listed.slice(4);
    for (const tool of sheetTools)
      expect(tool._meta).toMatchObject({ ui: { visibility: ["app"] } });
    const tools = listed.slice(0, 4);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.suggest_gifts?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(byName.commit_order?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(byName.commit_order?.description).toMatch(
      /when the person confirms the draft in the widget/i,
    );
    expect(byName.order_status?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(byName.order_status?._meta?.["openai/outputTemplate"]).toBeUndefined();
    for (const tool of tools) {
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.inputSchema.additionalProperties).toBe(false);
      if (tool.name === "order_status") continue;
      expect(tool._meta).toMatchObject({
        "openai/outputTemplate": uri,
        ui: { resourceUri: uri.replace(/\.html$/, ".mcp-app.html") },
        "ui/resourceUri": uri.replace(/\.html$/, ".mcp-app.html"),
        "openai/widgetAccessible": true,
      });
      expect(typeof tool._meta?.["openai/toolInvocation/invoking"]).toBe("string");
      expect(typeof tool._meta?.["openai/toolInvocation/invoked"]).toBe("string");
    }
  });

  it("serves the widget as a skybridge resource and an MCP Apps twin, with the manifest's _meta", async () => {
    const client = await h.connect();
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([
      [uri, SKYBRIDGE_MIME],
      [uri.replace(/\.html$/, ".mcp-app.html"), MCP_APP_MIME],
    ]);
    // The build's _meta, plus the server's own origin as a resource domain (its pictures).
    const origin = new URL(h.endpoint.url).origin;
    const meta = {
      ...META,
      "openai/widgetCSP": { ...META["openai/widgetCSP"], resource_domains: [origin] },
      ui: { ...META.ui, csp: { ...META.ui.csp, resourceDomains: [origin] } },
    };
    for (const resource of resources) {
      const read = await client.readResource({ uri: resource.uri });
      expect(read.contents).toEqual([
        { uri: resource.uri, mimeType: resource.mimeType, text: HTML, _meta: meta },
      ]);
    }
    await expect(client.readResource({ uri: "ui://widget/other.html" })).rejects.toThrow(
      /not found/i,
    );
  });

  it("suggests gifts (results), and answers nothing found with ok: true and a reason (empty)", async () => {
    const client = await h.connect();
    const found = await call(client, "suggest_gifts", GOOD_SEARCH);
    expect(found.isError).toBeFalsy();
    const view = giftGenius.parse(found.structuredContent);
    expect(view.state).toBe("results");
    const results = view as { dropped: number; items: Array<{ price: { amount: string } }> };
    expect(results.dropped).toBe(0);
    for (const gift of results.items) expect(Number(gift.price.amount)).toBeGreaterThanOrEqual(10);
    // Pictures are on the server's own origin (PUBLIC_ORIGIN unset: where it listens).
    for (const gift of sc(found).gifts as Array<{ image_url: string }>)
      expect(gift.image_url).toMatch(
        new RegExp(`^${new URL(h.endpoint.url).origin}/images/[a-z_]+\\.svg$`),
      );
    const none = await call(client, "suggest_gifts", {
      ...GOOD_SEARCH,
      budget_min: 0,
      budget_max: 1,
    });
    expect(sc(none)).toMatchObject({ ok: true, gifts: [] });
    expect(giftGenius.parse(none.structuredContent)).toMatchObject({
      state: "empty",
      reason: expect.any(String),
    });
  });

  it("prepares a draft of its own each time (same terms, another id), and commits it once per key", async () => {
    const client = await h.connect();
    const first = await call(client, "prepare_order", {
      gift_id: "gift-0001",
      quantity: 3,
      currency: "EUR",
    });
    const second = await call(client, "prepare_order", {
      gift_id: "gift-0001",
      quantity: 3,
      currency: "EUR",
    });
    type Draft = {
      draft_id: string;
      total: { amount: string; currency: string };
      gift: { price: { amount: string } };
    };
    const draft = sc(first).draft as Draft;
    const { draft_id: otherId, ...otherTerms } = sc(second).draft as Draft;
    const { draft_id: _firstId, ...terms } = draft;
    expect(otherTerms).toEqual(terms);
    expect(otherId).not.toBe(draft.draft_id);
    expect(giftGenius.parse(first.structuredContent).state).toBe("confirm");
    expect(Number(draft.total.amount)).toBeCloseTo(Number(draft.gift.price.amount) * 3, 6);
    expect(draft.total.currency).toBe("EUR");

    const charges = await h.app.payments.countCharges();
    const commit = await call(client, "commit_order", {
      draft_id: draft.draft_id,
      idempotency_key: "order-key-0001",
    });
    const replay = await call(client, "commit_order", {
      draft_id: draft.draft_id,
      idempotency_key: "order-key-0001",
    });
    expect(sc(commit)).toMatchObject({
      ok: true,
      replayed: false,
      order: { status: "created", total: draft.total },
    });
    expect(sc(replay)).toMatchObject({ ok: true, replayed: true, order: sc(commit).order });
    expect(giftGenius.parse(replay.structuredContent).state).toBe("committed");
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("places one order for one draft and its proof, whatever the key: 3 keys → 1 order, 1 charge", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, "gift-0003");
    const charges = await h.app.payments.countCharges();
    const results = [];
    for (const key of ["single-use-a", "single-use-b", "single-use-c"])
      results.push(
        sc(await call(client, "commit_order", { draft_id: draftId, idempotency_key: key })),
      );
    const [placed, ...others] = results;
    expect(placed).toMatchObject({ ok: true, replayed: false, order: { draft_id: draftId } });
    // Another key is answered with the order the draft placed, replayed: nothing charged again.
    for (const other of others)
      expect(other).toMatchObject({ ok: true, replayed: true, order: placed!.order });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("buys the same gift twice in one window through two prepare → confirm rounds: 2 orders, 2 charges", async () => {
    const client = await h.connect();
    const charges = await h.app.payments.countCharges();
    const orders = [];
    for (const key of ["buy-twice-0001", "buy-twice-0002"]) {
      const draftId = await draftFor(client, "gift-0004");
      orders.push(
        sc(await call(client, "commit_order", { draft_id: draftId, idempotency_key: key })),
      );
    }
    expect(orders, JSON.stringify(orders)).toMatchObject([
      { ok: true, replayed: false },
      { ok: true, replayed: false },
    ]);
    const ids = orders.map((order) => (order.order as { order_id: string }).order_id);
    expect(new Set(ids).size).toBe(2);
    expect(await h.app.payments.countCharges()).toBe(charges + 2);
  });

  it("refuses the same key with another draft (IDEMPOTENCY_KEY_REUSED, not retryable, nothing changed)", async () => {
    const client = await h.connect();
    await call(client, "commit_order", {
      draft_id: await draftFor(client, "gift-0002"),
      idempotency_key: "order-key-0002",
    });
    const reused = await call(client, "commit_order", {
      draft_id: await draftFor(client, "gift-0003"),
      idempotency_key: "order-key-0002",
    });
    expect(reused.isError).toBe(true);
    expect(sc(reused).error).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      retryable: false,
      changes: "none",
      next_action: GIFT_NEXT_ACTIONS.newKeyOrSameArgs,
    });
  });

  it("scopes keys to the signed-in person: two users with one key get two orders, each replays only their own", async () => {
    const alice = await h.connect({ sub: "alice" });
    const bob = await h.connect({ sub: "bob" });
    const commit = async (client: Client, draftId: string) =>
      sc(
        await call(client, "commit_order", {
          draft_id: draftId,
          idempotency_key: "shared-key-123",
        }),
      );
    const aliceDraft = await draftFor(alice, "gift-0005");
    const bobDraft = await draftFor(bob, "gift-0005");
    const mine = await commit(alice, aliceDraft);
    const theirs = await commit(bob, bobDraft);
    expect(mine).toMatchObject({ ok: true, replayed: false });
    expect(theirs).toMatchObject({ ok: true, replayed: false });
    const orderOf = (content: { [key: string]: unknown }) =>
      (content.order as { order_id: string }).order_id;
    expect(orderOf(theirs)).not.toBe(orderOf(mine));
    // Each replays only their own, also from a new connection.
    const again = await commit(await h.connect({ sub: "alice" }), aliceDraft);
    expect(again).toMatchObject({ ok: true, replayed: true });
    expect(orderOf(again)).toBe(orderOf(mine));
    expect(orderOf(await commit(bob, bobDraft))).toBe(orderOf(theirs));
  });

  it("a draft belongs to the person it was prepared for", async () => {
    const alice = await h.connect({ sub: "alice" });
    const mallory = await h.connect({ sub: "mallory" });
    const draftId = await draftFor(alice, "gift-0005");
    const result = await call(mallory, "commit_order", {
      draft_id: draftId,
      idempotency_key: "mallory-key-1",
    });
    expect(sc(result).error).toMatchObject({ code: "DRAFT_NOT_FOUND", changes: "none" });
  });

  it("never takes the caller from _meta: a spoofed openai/subject is ignored", async () => {
    const alice = await h.connect({ sub: "alice" });
    const mallory = await h.connect({ sub: "mallory" });
    const prepared = await call(alice, "prepare_order", { gift_id: "gift-0006" });
    const draftId = (sc(prepared).draft as { draft_id: string }).draft_id;
    const confirmation = prepared._meta?.[CONFIRMATION_META];
    await call(alice, "commit_order", { draft_id: draftId, idempotency_key: "spoof-key-1" });
    // Even with Alice's proof in hand: it is bound to Alice's verified identity, not a claim.
    const spoofed = (await mallory.callTool({
      name: "commit_order",
      arguments: { draft_id: draftId, idempotency_key: "spoof-key-1", confirmation },
      _meta: { "openai/subject": "alice" },
    })) as CallToolResult;
    expect(sc(spoofed).error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
  });

  it("answers a discontinued gift with ITEM_UNAVAILABLE and an unknown one with GIFT_NOT_FOUND", async () => {
    const client = await h.connect();
    const gone = loadGifts().find((gift) => gift.discontinued)!;
    const unavailable = await call(client, "prepare_order", { gift_id: gone.id });
    expect(sc(unavailable).error).toMatchObject({
      code: "ITEM_UNAVAILABLE",
      retryable: false,
      next_action: GIFT_NEXT_ACTIONS.searchAgain,
    });
    const unknown = await call(client, "prepare_order", { gift_id: "gift-9999" });
    expect(sc(unknown).error).toMatchObject({
      code: "GIFT_NOT_FOUND",
      retryable: false,
      field_errors: [{ field: "gift_id" }],
    });
    const forged = await call(client, "commit_order", {
      draft_id: "drf_gift-0001.1.USD.1.00000000000000000000000000000000",
      idempotency_key: "forged-key-1",
    });
    expect(sc(forged).error).toMatchObject({
      code: "DRAFT_NOT_FOUND",
      retryable: false,
      changes: "none",
    });
    for (const result of [unavailable, unknown, forged]) {
      expect(result.isError).toBe(true);
      expect(giftGenius.parse(result.structuredContent).state).toBe("error");
      assertNoInternals(result);
    }
  });

  it("replays a stored non-retryable failure with replayed: true", async () => {
    const client = await h.connect();
    const bad = { draft_id: "drf_not-a-real-draft", idempotency_key: "failing-key-1" };
    const first = await call(client, "commit_order", bad);
    const again = await call(client, "commit_order", bad);
    expect(sc(first)).toMatchObject({ ok: false, error: { code: "DRAFT_NOT_FOUND" } });
    expect(sc(again)).toMatchObject({ ok: false, replayed: true, error: sc(first).error });
  });
});

describe("GiftGenius rules that need their own server", () => {
  it("stops searches past the daily limit with DAILY_LIMIT_REACHED", async () => {
    const h = await startHarness({ dailyLimit: 2 });
    try {
      const client = await h.connect({ sub: "alice" });
      expect(sc(await call(client, "suggest_gifts", GOOD_SEARCH)).ok).toBe(true);
      expect(sc(await call(client, "suggest_gifts", GOOD_SEARCH)).ok).toBe(true);
      const limited = await call(client, "suggest_gifts", GOOD_SEARCH);
      expect(sc(limited).error).toMatchObject({
        code: "DAILY_LIMIT_REACHED",
        retryable: false,
        next_action: GIFT_NEXT_ACTIONS.dailyLimit,
      });
      // The same person from a new connection is still limited; another person has their own count.
      const again = await call(await h.connect(), "suggest_gifts", GOOD_SEARCH);
      expect(sc(again).error).toMatchObject({ code: "DAILY_LIMIT_REACHED" });
      const bob = await h.connect({ sub: "bob" });
      expect(sc(await call(bob, "suggest_gifts", GOOD_SEARCH)).ok).toBe(true);
    } finally {
      await h.close();
    }
  });

  it("refuses an expired draft with DRAFT_EXPIRED, but still replays an order placed before expiry", async () => {
    let now = Date.parse("2030-01-01T10:00:00Z");
    const h = await startHarness({}, { now: () => now });
    try {
      const client = await h.connect();
      const draftId = await draftFor(client, "gift-0001");
      // Prepared beside it and never confirmed: a draft that only expires.
      const unused = await draftFor(client, "gift-0001");
      const placed = await call(client, "commit_order", {
        draft_id: draftId,
        idempotency_key: "before-expiry",
      });
      expect(sc(placed).ok).toBe(true);
      now += 3 * 60 * 60_000;
      const expired = await call(client, "commit_order", {
        draft_id: unused,
        idempotency_key: "after-expiry",
      });
      expect(sc(expired).error).toMatchObject({
        code: "DRAFT_EXPIRED",
        retryable: false,
        changes: "none",
        next_action: GIFT_NEXT_ACTIONS.prepareAgain,
      });
      expect(
        sc(
          await call(client, "commit_order", {
            draft_id: draftId,
            idempotency_key: "before-expiry",
          }),
        ),
      ).toMatchObject({ ok: true, replayed: true });
    } finally {
      await h.close();
    }
  });

  it("starts without a widget build; reading the resource is a clear error, and it is logged", async () => {
    const h = await startHarness();
    try {
      const client = await h.connect();
      const { resources } = await client.listResources();
      await expect(client.readResource({ uri: resources[0]!.uri })).rejects.toThrow(
        /widget not built.*npm run build/i,
      );
      expect(h.log.lines.some((line) => line.event === "widget_read_failed")).toBe(true);
      expect(sc(await call(client, "suggest_gifts", GOOD_SEARCH)).ok).toBe(true);
    } finally {
      await h.close();
    }
  });
});
