/**
 * GiftGenius in a client without the widget (issue 59): an SDK v2 client that declares form
 * elicitation — a coding agent, a desktop assistant, an inspector — sees `commit_order`, and
 * the model's call of it leads to a form the person answers (`confirm.form` in
 * server/tools/commit-order.ts). Accepted: exactly one order and one charge, of the catalog's
 * total, on the person's default card. Declined: nothing. Twenty concurrent retries of one
 * accepted answer: one order. The same draft confirmed in the widget and by the form, in
 * either order: one order. A draft the commit would refuse is refused before the person is
 * asked.
 */
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formClient, rawFormCommit, type Answer } from "../../../test/server/form-app.ts";
import { call, draftFor, sc, startHarness, type Harness } from "./harness.ts";

let clock = Date.now();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ dailyLimit: 1_000 }, { now: () => clock });
});
afterAll(() => h.close());

/** A client signed in as `sub` that shows forms and answers each with `answer`. */
async function formsClient(answer: Answer, sub = "alice") {
  return formClient(h.endpoint.url, await h.issuer.mint({ sub }), answer);
}

/** The model's `commit_order` call: no proof, a key of its own. */
const modelCommit = (client: Client, draftId: string, key: string) =>
  client.callTool({
    name: "commit_order",
    arguments: { draft_id: draftId, idempotency_key: key },
  }) as Promise<CallToolResult>;

type Body = { [key: string]: unknown };

/** One raw 2026-07-28 `commit_order` call declaring forms, optionally a retry with answers. */
const rawCommit = (token: string, args: Body, retry?: Body) =>
  rawFormCommit(h.endpoint.url, token, args, retry as Parameters<typeof rawFormCommit>[3]);

const codeOf = (result: Body) =>
  (result.structuredContent as { error?: { code?: string } } | undefined)?.error?.code;

describe("GiftGenius confirmed by the client's form (SDK v2 client)", () => {
  it("the model's commit_order leads to a form; accepted, one order and one charge", async () => {
    const client = await formsClient("accept");
    const prepared = (await client.callTool({
      name: "prepare_order",
      arguments: { gift_id: "gift-0001", quantity: 2 },
    })) as CallToolResult;
    const draft = sc(prepared).draft as { draft_id: string; total: { amount: string } };
    // The prepare result tells the model the person confirms in a form here.
    expect(sc(prepared).awaiting_confirmation).toMatchObject({
      confirm_in: "form",
      commit: "commit_order",
    });
    const charges = await h.app.payments.countCharges();

    const done = await modelCommit(client, draft.draft_id, "gg-form-accept-1");
    expect(done.isError).toBeFalsy();
    expect(sc(done)).toMatchObject({ ok: true, kind: "order", order: { status: "created" } });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    // The person read what is bought, the catalog's total and which card pays.
    expect(client.forms).toHaveLength(1);
    expect(client.forms[0]).toMatch(/^Place this order\? Your default card, Visa ending 4242/);
    expect(client.forms[0]).toContain("quantity: 2");
    expect(client.forms[0]).toContain(`total: ${draft.total.amount} USD`);

    // The model's retry (same key) replays the order; no second form, no second charge.
    const again = await modelCommit(client, draft.draft_id, "gg-form-accept-1");
    expect(sc(again)).toMatchObject({ ok: true, replayed: true });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    const status = (await client.callTool({
      name: "order_status",
      arguments: { draft_id: draft.draft_id },
    })) as CallToolResult;
    expect(sc(status)).toMatchObject({ ok: true, charged: draft.total });
    await client.close();
  });

  it.each(["decline", "cancel"] as const)(
    "%s: nothing is ordered or charged, and the answer says so",
    async (answer) => {
      const client = await formsClient(answer);
      const draftId = await draftFor(client);
      const charges = await h.app.payments.countCharges();
      const done = await modelCommit(client, draftId, `gg-form-${answer}-1`);
      expect(sc(done).error).toMatchObject({ code: "CONFIRMATION_DECLINED", changes: "none" });
      expect(await h.app.payments.countCharges()).toBe(charges);
      await client.close();
    },
  );

  it("twenty concurrent retries of one accepted answer give one order and one charge", async () => {
    const token = await h.issuer.mint({ sub: "alice" });
    const client = await formsClient("accept");
    const draftId = await draftFor(client);
    await client.close();
    const args = { draft_id: draftId, idempotency_key: "gg-form-burst-1" };
    const asked = await rawCommit(token, args);
    expect(asked).toMatchObject({ resultType: "input_required", inputRequests: { confirm: {} } });
    const charges = await h.app.payments.countCharges();
    const retry = {
      requestState: asked.requestState,
      inputResponses: { confirm: { action: "accept", content: { confirm: true } } },
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => rawCommit(token, args, retry)),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    expect(codes.filter((code) => code === "CONFIRMATION_STATE_USED")).toHaveLength(19);
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("the same draft confirmed in the widget, then by the form, is one order", async () => {
    const widget = await h.connect();
    const draftId = await draftFor(widget);
    const charges = await h.app.payments.countCharges();
    const placed = await call(widget, "commit_order", {
      draft_id: draftId,
      idempotency_key: "gg-widget-first-1",
    });
    expect(placed.isError).toBeFalsy();
    const client = await formsClient("accept");
    const model = await modelCommit(client, draftId, "gg-form-second-1");
    expect(sc(model)).toMatchObject({ replayed: true, order: sc(placed).order as object });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    await client.close();
  });

  it("the same draft confirmed by the form, then in the widget, is one order", async () => {
    const widget = await h.connect();
    const draftId = await draftFor(widget);
    const charges = await h.app.payments.countCharges();
    const client = await formsClient("accept");
    const model = await modelCommit(client, draftId, "gg-form-first-2");
    expect(model.isError).toBeFalsy();
    const placed = await call(widget, "commit_order", {
      draft_id: draftId,
      idempotency_key: "gg-widget-second-2",
    });
    expect(sc(placed)).toMatchObject({ replayed: true, order: sc(model).order as object });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    await client.close();
  });

  it("a draft the commit would refuse is refused before any form is shown", async () => {
    const client = await formsClient("accept");
    const draftId = await draftFor(client);
    // Another person's draft reads as no draft of theirs.
    const bob = await formsClient("accept", "bob");
    const foreign = await modelCommit(bob, draftId, "gg-form-bob-0001");
    expect(sc(foreign).error).toMatchObject({ code: "DRAFT_NOT_FOUND", changes: "none" });
    expect(bob.forms).toHaveLength(0);
    // Past its life: expired.
    clock += 60 * 60_000;
    const late = await modelCommit(client, draftId, "gg-form-late-001");
    expect(sc(late).error).toMatchObject({ code: "DRAFT_EXPIRED", changes: "none" });
    expect(client.forms).toHaveLength(0);
    await Promise.all([client.close(), bob.close()]);
  });
});
