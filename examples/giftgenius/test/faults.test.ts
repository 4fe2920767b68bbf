import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { getFaults, parseFaults, setFaults } from "../server/faults.ts";
import { GIFT_NEXT_ACTIONS } from "../server/next-actions.ts";
import { createToolServer, NEXT_ACTIONS } from "mcp-widget-kit/server";
import {
  assertNoInternals,
  call,
  draftFor,
  GOOD_SEARCH,
  memoryLogger,
  sc,
  startHarness,
  type Harness,
} from "./harness.ts";
import { things } from "../../../test/support/thing-contract.ts";

/** Every next_action any error may carry: fixed sentences only. */
const TEMPLATES = new Set<string>(Object.values(GIFT_NEXT_ACTIONS));

describe("faults", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ catalogTimeoutMs: 100, dailyLimit: 10_000 });
  });
  afterAll(() => h.close());
  afterEach(() => void setFaults(""));

  const catalogCases: Array<[string, { [key: string]: unknown }]> = [
    ["catalog=503", { code: "UPSTREAM_UNAVAILABLE", retryable: true, retry_after_seconds: 5 }],
    ["catalog=429", { code: "RATE_LIMITED", retryable: true, retry_after_seconds: 10 }],
    ["catalog=500", { code: "UPSTREAM_UNAVAILABLE", retryable: true, retry_after_seconds: 5 }],
    ["catalog=html", { code: "UPSTREAM_BAD_RESPONSE", retryable: true, retry_after_seconds: 5 }],
    ["catalog=timeout", { code: "UPSTREAM_TIMEOUT", retryable: true, retry_after_seconds: 2 }],
    [
      "catalog_latency_ms=3000",
      { code: "UPSTREAM_TIMEOUT", retryable: true, retry_after_seconds: 2 },
    ],
  ];

  it.each(catalogCases)(
    "%s → suggest_gifts and prepare_order fail with %o, nothing internal, logged under request_id",
    async (spec, expected) => {
      const client = await h.connect();
      setFaults(spec);
      for (const [tool, args] of [
        ["suggest_gifts", GOOD_SEARCH],
        ["prepare_order", { gift_id: "gift-0001" }],
      ] as const) {
        const result = await call(client, tool, args);
        expect(result.isError).toBe(true);
        const error = sc(result).error!;
        expect(error).toMatchObject({ ...expected, next_action: NEXT_ACTIONS.retryLater });
        expect(TEMPLATES.has(String(error.next_action))).toBe(true);
        assertNoInternals(result);
        expect(
          h.log.lines.some(
            (line) => line.fields?.request_id === error.request_id && line.level !== "info",
          ),
        ).toBe(true);
      }
      setFaults("");
      expect(sc(await call(client, "suggest_gifts", GOOD_SEARCH)).ok).toBe(true);
    },
  );

  it("catalog latency under the timeout only slows the answer", async () => {
    setFaults("catalog_latency_ms=20");
    expect(sc(await call(await h.connect(), "suggest_gifts", GOOD_SEARCH)).ok).toBe(true);
  });

  it("db=down → DATABASE_UNAVAILABLE, retryable, changes: unknown (the unread record may be in doubt), nothing charged; the driver message only in the log", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, "gift-0030");
    const charges = await h.app.payments.countCharges();
    setFaults("db=down");
    const result = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "db-down-key-1",
    });
    expect(sc(result).error).toMatchObject({
      code: "DATABASE_UNAVAILABLE",
      retryable: true,
      retry_after_seconds: 5,
      changes: "unknown",
      next_action: GIFT_NEXT_ACTIONS.retrySameKey,
    });
    assertNoInternals(result);
    const requestId = sc(result).error!.request_id;
    expect(
      h.log.lines.some(
        (line) =>
          line.fields?.request_id === requestId &&
          String(line.fields?.error_message).includes("ECONNREFUSED"),
      ),
    ).toBe(true);
    expect(await h.app.payments.countCharges()).toBe(charges);
    setFaults("");
    expect(
      sc(
        await call(client, "commit_order", { draft_id: draftId, idempotency_key: "db-down-key-1" }),
      ),
    ).toMatchObject({ ok: true, replayed: false });
  });

  it("payments=503 → PAYMENT_UNAVAILABLE, changes: none; the retry with the same key places the order", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, "gift-0031");
    setFaults("payments=503");
    const failed = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "pay-503-key",
    });
    expect(sc(failed).error).toMatchObject({
      code: "PAYMENT_UNAVAILABLE",
      retryable: true,
      retry_after_seconds: 5,
      changes: "none",
    });
    setFaults("");
    expect(
      sc(await call(client, "commit_order", { draft_id: draftId, idempotency_key: "pay-503-key" })),
    ).toMatchObject({ ok: true, replayed: false });
  });

  it("payments=timeout → PAYMENT_TIMEOUT, changes: unknown; the retry places the order without charging twice", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, "gift-0032");
    const charges = await h.app.payments.countCharges();
    setFaults("payments=timeout:1");
    const failed = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "pay-timeout-key",
    });
    expect(sc(failed).error).toMatchObject({
      code: "PAYMENT_TIMEOUT",
      retryable: true,
      retry_after_seconds: 2,
      changes: "unknown",
      next_action: GIFT_NEXT_ACTIONS.retrySameKey,
    });
    setFaults("");
    expect(
      sc(
        await call(client, "commit_order", {
          draft_id: draftId,
          idempotency_key: "pay-timeout-key",
        }),
      ),
    ).toMatchObject({ ok: true });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("payments=decline → PAYMENT_DECLINED, not retryable, stored and replayed for the same key", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, "gift-0033");
    setFaults("payments=decline");
    const failed = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "pay-decline-key",
    });
    expect(sc(failed).error).toMatchObject({
      code: "PAYMENT_DECLINED",
      retryable: false,
      changes: "none",
      next_action: GIFT_NEXT_ACTIONS.paymentDeclined,
    });
    setFaults("");
    const again = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "pay-decline-key",
    });
    expect(sc(again)).toMatchObject({
      ok: false,
      replayed: true,
      error: { code: "PAYMENT_DECLINED" },
    });
  });

  it("parses GIFTGENIUS_FAULTS and refuses unknown entries when set at runtime", () => {
    expect(
      parseFaults("catalog=503, catalog_latency_ms=3000,db=down,payments=timeout:0.3"),
    ).toEqual({
      faults: {
        catalog: "503",
        catalogLatencyMs: 3000,
        db: "down",
        payments: { mode: "timeout", probability: 0.3 },
      },
      problems: [],
    });
    expect(parseFaults("catalog=teapot,payments=timeout:2").problems).toEqual([
      "catalog=teapot",
      "payments=timeout:2",
    ]);
    expect(() => setFaults("nonsense=1")).toThrow(/nonsense=1/);
    setFaults({ db: "down" });
    expect(getFaults()).toEqual({ db: "down" });
  });
});

describe("a crash in a handler", () => {
  it("becomes INTERNAL (changes: unknown for a write), with the stack only in the log", async () => {
    const log = memoryLogger();
    const server = createToolServer({
      info: { name: "t", version: "1" },
      contract: things,
      log,
      tools: [
        {
          name: "explode",
          description: "d",
          annotations: {},
          kind: "thing",
          outputSchema: { type: "object" },
          writes: true,
          confirm: "model",
          arguments: { schema: v.strictObject({}), repair: () => ({}) },
          handler: async () => {
            throw new Error(
              'relation "orders" does not exist at /srv/app/db.ts:12 SELECT * FROM orders',
            );
          },
        },
      ],
    });
    // A write tool needs a verified caller; anonymous it would be refused before it ran.
    const principal = { issuer: "https://issuer.test", subject: "alice", scopes: [] };
    const result = await server.callTool("explode", {}, { principal });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: {
        ok: false,
        kind: "thing",
        error: {
          code: "INTERNAL",
          retryable: false,
          changes: "unknown",
          next_action: NEXT_ACTIONS.reportFailure,
        },
      },
    });
    assertNoInternals(result);
    expect(JSON.stringify(result)).not.toContain("orders");
    expect(log.lines.find((line) => line.event === "tool_crashed")?.fields).toMatchObject({
      stack: expect.stringContaining("/srv/app/db.ts"),
    });
  });
});
