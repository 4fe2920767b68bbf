/**
 * What a model can do with only what ChatGPT gives it: the tools it may see (not those the
 * widget alone calls) and each result's `structuredContent` (never `_meta`). The task: find
 * gifts, order the second one, and answer "did it go through?" — at every step the answer
 * it reads must make a false statement impossible: nothing ordered until the person confirms
 * in the app, and after that the order itself. The person's confirmation is the widget's call,
 * with the proof only the widget holds — or its payment on ChatGPT's payment sheet.
 */
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setFaults } from "../server/faults.ts";
import { testToken } from "../server/sheet-payments.ts";
import { call, GOOD_SEARCH, sc, startHarness, type Harness } from "./harness.ts";

/** The tools a model is shown: those whose `ui.visibility` includes the model (or says nothing). */
async function modelTools(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools
    .filter((tool) => {
      const visibility = (tool._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
      return !visibility || visibility.includes("model");
    })
    .map((tool) => tool.name);
}

/** A call as the model makes it: what it reads is `structuredContent` alone. */
async function modelCall(client: Client, name: string, args: unknown) {
  const result = (await client.callTool({
    name,
    arguments: args as Record<string, unknown>,
  })) as CallToolResult;
  return sc(result) as {
    ok: boolean;
    error?: { code: string; message: string; changes?: string; next_action?: string };
    [key: string]: unknown;
  };
}

let clock = Date.now();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ dailyLimit: 1_000 }, { now: () => clock });
});
afterAll(() => h.close());

describe("a model with structuredContent only: find, buy the second, did it go through?", () => {
  it("is told the truth at every step, and learns the order from the record", async () => {
    const client = await h.connect();
    const visible = await modelTools(client);
    expect(visible).toContain("order_status");
    expect(visible).not.toContain("commit_order");
    expect(visible).not.toContain("complete_checkout");
    expect(visible).not.toContain("start_checkout");

    const found = await modelCall(client, "suggest_gifts", GOOD_SEARCH);
    const second = (found.gifts as Array<{ id: string }>)[1]!;
    const prepared = await modelCall(client, "prepare_order", { gift_id: second.id });
    const draftId = (prepared.draft as { draft_id: string }).draft_id;
    expect(prepared.awaiting_confirmation).toMatchObject({
      message: expect.stringMatching(/Nothing has happened yet/),
    });

    // "Did it go through?" before the person confirmed: nothing, in words that cannot be misread.
    const waiting = await modelCall(client, "order_status", { draft_id: draftId });
    expect(waiting).toMatchObject({ ok: true, status: "awaiting_confirmation" });
    expect(waiting.summary).toMatch(/Nothing has been ordered yet/);

    // The model cannot place it itself (no proof in what it reads). Signed in, without a key
    // either: told to let the person confirm first, never asked for an idempotency_key.
    const keyless = await modelCall(client, "commit_order", { draft_id: draftId });
    expect(keyless.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(keyless.error).not.toHaveProperty("field_errors");
    const byModel = await modelCall(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "model-tries-1",
    });
    expect(byModel.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(await modelCall(client, "order_status", { draft_id: draftId })).toMatchObject({
      status: "awaiting_confirmation",
    });

    // The person confirms in the widget, under a key the model never sees.
    const placed = sc(
      await call(client, "commit_order", { draft_id: draftId, idempotency_key: "widget-key-1" }),
    ) as { ok: boolean; order: { order_id: string } };
    expect(placed.ok).toBe(true);

    // Now the record answers: the order itself, placed once.
    const status = await modelCall(client, "order_status", { draft_id: draftId });
    expect(status).toMatchObject({
      ok: true,
      status: "placed",
      order: { order_id: placed.order.order_id, draft_id: draftId },
    });
  });

  it("the person pays on ChatGPT's payment sheet: the model learns the sheet's order, not a refusal", async () => {
    const client = await h.connect();
    const prepared = await modelCall(client, "prepare_order", { gift_id: "gift-0008" });
    const draftId = (prepared.draft as { draft_id: string }).draft_id;
    // The widget starts the checkout with the person's proof; ChatGPT completes it.
    const started = sc(await call(client, "start_checkout", { draft_id: draftId })) as {
      checkout_session: { id: string; totals: Array<{ type: string; amount: number }> };
    };
    const session = started.checkout_session;
    const total = session.totals.find((line) => line.type === "total")!.amount;
    const paid = sc(
      (await client.callTool({
        name: "complete_checkout",
        arguments: {
          checkout_session_id: session.id,
          buyer: null,
          payment_data: {
            token: testToken("ok", total, "modelonly1"),
            provider: "giftgenius_test_pay",
          },
        },
      })) as CallToolResult,
    ) as { order: { id: string } };

    const status = await modelCall(client, "order_status", { draft_id: draftId });
    expect(status).toMatchObject({
      ok: true,
      status: "placed",
      order: { order_id: paid.order.id, draft_id: draftId },
      charged: { amount: (total / 100).toFixed(2), currency: "USD" },
    });
  });

  it("an expired, unconfirmed draft: nothing was ordered; another person's draft is not theirs", async () => {
    const client = await h.connect();
    const prepared = await modelCall(client, "prepare_order", { gift_id: "gift-0001" });
    const draftId = (prepared.draft as { draft_id: string }).draft_id;
    const mallory = await h.connect({ sub: "mallory" });
    expect((await modelCall(mallory, "order_status", { draft_id: draftId })).error).toMatchObject({
      code: "DRAFT_NOT_FOUND",
      changes: "none",
    });

    clock += 2 * 3_600_000;
    const expired = await modelCall(client, "order_status", { draft_id: draftId });
    expect(expired).toMatchObject({ ok: true, status: "expired" });
    expect(expired.summary).toMatch(/Nothing was ordered or charged/);
  });
});

describe("order_status as the model reads it, in each state of a draft", () => {
  afterEach(() => void setFaults(""));

  it("answers ok: true with a sentence to repeat — waiting, placed with the amount charged, refused, expired — and never `replayed`", async () => {
    const client = await h.connect();
    const prepare = async (giftId: string) =>
      (await modelCall(client, "prepare_order", { gift_id: giftId })).draft as {
        draft_id: string;
        total: { amount: string; currency: string };
      };
    /** `order_status` as the model sees it: the whole answer, and whether it is an error. */
    const read = async (draftId: string) => {
      const result = (await client.callTool({
        name: "order_status",
        arguments: { draft_id: draftId },
      })) as CallToolResult;
      const answer = sc(result);
      expect(result.isError ?? false).toBe(false);
      expect(answer).toMatchObject({ ok: true, kind: "order_status" });
      expect(answer).not.toHaveProperty("replayed");
      expect(answer.next_step ?? "").not.toMatch(/Do not call/);
      // The text the model reads is the summary: one sentence, the same words.
      expect(result.content).toEqual([{ type: "text", text: answer.summary }]);
      return answer;
    };

    const bought = await prepare("gift-0001");
    expect(await read(bought.draft_id)).toMatchObject({
      status: "awaiting_confirmation",
      summary: expect.stringMatching(/^Nothing has been ordered yet/),
    });
    await call(client, "commit_order", { draft_id: bought.draft_id, idempotency_key: "states-1" });
    const placed = await read(bought.draft_id);
    const order = placed.order as { order_id: string };
    expect(placed).toMatchObject({ status: "placed", charged: bought.total });
    expect(placed.order).not.toHaveProperty("status");
    expect(placed.summary).toBe(
      `Order ${order.order_id} was placed and ${bought.total.amount} ${bought.total.currency} was charged.`,
    );

    const declined = await prepare("gift-0008");
    setFaults("payments=decline");
    await call(client, "commit_order", {
      draft_id: declined.draft_id,
      idempotency_key: "states-2",
    });
    setFaults("");
    expect(await read(declined.draft_id)).toMatchObject({
      status: "refused",
      refusal_code: "PAYMENT_DECLINED",
      summary: expect.stringMatching(/^The order was not placed and nothing was charged: /),
    });

    const left = await prepare("gift-0001");
    const now = clock;
    clock += 2 * 3_600_000;
    try {
      expect(await read(left.draft_id)).toMatchObject({
        status: "expired",
        summary: expect.stringMatching(/^Nothing was ordered or charged/),
      });
    } finally {
      clock = now;
    }
  });
});
