/**
 * What a model can do with only what ChatGPT gives it: the tools it may see (not those the
 * widget alone calls) and each result's `structuredContent` (never `_meta`). The task: find
 * gifts, order the second one, and answer "did it go through?" — at every step the answer
 * it reads must make a false statement impossible: nothing ordered until the person confirms
 * in the app, and after that the order itself. The person's confirmation is the widget's call,
 * with the proof only the widget holds — or its payment on ChatGPT's payment sheet.
 */
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    expect(waiting.ok).toBe(false);
    expect(waiting.error).toMatchObject({ code: "AWAITING_CONFIRMATION", changes: "none" });
    expect(waiting.error?.message).toMatch(/Nothing has been ordered yet/);

    // The model cannot place it itself (no proof in what it reads).
    const byModel = await modelCall(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: "model-tries-1",
    });
    expect(byModel.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect((await modelCall(client, "order_status", { draft_id: draftId })).error).toMatchObject({
      code: "AWAITING_CONFIRMATION",
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
      order: { order_id: placed.order.order_id, draft_id: draftId, status: "created" },
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
      order: { order_id: paid.order.id, draft_id: draftId, status: "created" },
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
    expect(expired.error).toMatchObject({ code: "DRAFT_EXPIRED", changes: "none" });
    expect(expired.error?.message).toMatch(/nothing was ordered or charged/);
  });
});
