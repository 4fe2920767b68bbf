/**
 * The tool server's checkout kind: an app declares its payment sheet once (`checkout` on
 * `appToolServer`) and the kit registers the session tool and `complete_checkout` — hidden
 * from the model, for a verified caller only, the session tool only with the person's proof —
 * and a draft an app offers both ways (a `defineWrite` commit and the sheet) is paid once.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineContract, id, MoneySchema, recordKind } from "../../src/contract/index.ts";
import {
  appToolServer,
  createPostgresStore,
  createSqliteStore,
  defineWrite,
  type IdempotencyStore,
  silentLogger,
  ToolFailure,
} from "../../src/server/index.ts";
import { createPaymentSheet } from "../../src/server/checkout/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { callAsWidget } from "../../src/testing/index.ts";
import { fakeSheetProvider } from "./fake-sheet-provider.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const contract = defineContract({
  kinds: {
    quote: recordKind({
      state: "confirm",
      entries: { quote: v.object({ draft_id: id(), amount: MoneySchema }) },
    }),
    order: recordKind({
      state: "committed",
      entries: { order: v.object({ order_id: id() }), replayed: v.boolean() },
    }),
  },
});
const widget = { uris: { skybridge: "ui://widget/s.html", mcpApp: "ui://widget/s.mcp-app.html" } };
const person = (subject: string) => ({
  principal: { issuer: "local", subject, scopes: ["orders:write"] },
});
const NOW = Date.parse("2030-04-30T10:00:00Z");
/** A draft id names its price (cents) and a nonce: the app's drafts need no store here. */
const DRAFT = /^q_(\d{1,6})_[a-z0-9]{1,12}$/;
let nonce = 0;

/** A shop that offers both ways to pay one draft: its own commit, and the payment sheet. */
function shop(store: IdempotencyStore = createSqliteStore(":memory:")) {
  // A person of their own per shop: a PostgreSQL store outlives the run.
  const ada = person(`ada-${randomUUID()}`);
  const sheetProvider = fakeSheetProvider();
  const commitCharges: string[] = [];
  const read = (draftId: string) => {
    const cents = DRAFT.exec(draftId)?.[1];
    return cents === undefined ? undefined : Number(cents);
  };
  const write = defineWrite(contract, {
    widget,
    store,
    now: () => NOW,
    scope: "orders:write",
    drafts: {
      read: (draftId) => {
        const cents = read(draftId);
        return cents === undefined ? "DRAFT_NOT_FOUND" : { cents };
      },
    },
    prepare: {
      name: "prepare_order",
      kind: "quote",
      title: "Prepare",
      description: "Prepare an order.",
      words: { invoking: "…", invoked: "Ready" },
      arguments: {
        schema: v.strictObject({ cents: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
        repair: () => ({ cents: 100 }),
      },
      async handler({ cents }) {
        const draft_id = `q_${cents}_${(++nonce).toString(36)}`;
        const amount = { amount: (cents / 100).toFixed(2), currency: "EUR" };
        return { data: { quote: { draft_id, amount } }, text: "Ready." };
      },
    },
    commit: {
      name: "commit_order",
      kind: "order",
      title: "Order",
      description: "Order a prepared draft.",
      words: { invoking: "…", invoked: "Ordered" },
      draftExample: "q_100_x",
      async effect({ effectKey, fence }) {
        await fence();
        commitCharges.push(effectKey);
        return { done: { order_id: `ord_${effectKey.slice(0, 12)}` } };
      },
      show: (order, replayed) => ({ data: { order, replayed }, text: "Ordered." }),
    },
  });
  const sheet = createPaymentSheet({
    store,
    provider: sheetProvider,
    paymentProvider: { provider: "stripe", merchant_id: "acct_1", supported_payment_methods: [] },
    paymentMode: "test",
    links: [],
    orders: { permalinkUrl: (orderId) => `https://shop.example/orders/${orderId}` },
    secret: { secret: "checkout-kind-secret-0123456789abcdef" },
    scopes: ["orders:write"],
    now: () => NOW,
    sessionTool: {
      name: "start_checkout",
      prepare: "prepare_order",
      async draft(draftId) {
        const cents = read(draftId);
        if (cents === undefined)
          throw new ToolFailure({
            code: "DRAFT_NOT_FOUND",
            message: "No such draft.",
            retryable: false,
            changes: "none",
          });
        return {
          draftId,
          currency: "EUR",
          lines: [{ itemId: "mug", name: "Mug", quantity: 1, unitAmount: cents }],
          expiresAt: NOW + 600_000,
        };
      },
    },
  });
  const tools = appToolServer(
    { widget, log: silentLogger, store, now: () => NOW },
    {
      info: { name: "shop", version: "1" },
      contract,
      tools: [write.prepare, write.commit],
      checkout: sheet,
    },
  );
  const widgetOf = callAsWidget(tools, { parse: contract.parse, origin: ada });
  async function prepare(cents = 1250) {
    const shown = await widgetOf.view("prepare_order", { cents });
    if (shown.state !== "confirm") throw new Error(shown.state);
    return shown.data.quote.draft_id;
  }
  async function startCheckout(draft_id: string) {
    const result = await widgetOf.call("start_checkout", { draft_id });
    const session = (result.structuredContent as { checkout_session?: { id: string } })
      ?.checkout_session;
    if (!session) throw new Error(JSON.stringify(result.structuredContent));
    return session.id;
  }
  const pay = (sessionId: string, token: string, origin: object = ada) =>
    tools.callTool(
      "complete_checkout",
      {
        checkout_session_id: sessionId,
        buyer: null,
        payment_data: { token, provider: "stripe" },
      },
      origin,
    );
  return {
    tools,
    sheet,
    sheetProvider,
    commitCharges,
    ada: widgetOf,
    person: ada,
    prepare,
    startCheckout,
    pay,
    write,
  };
}

const structured = (result: { structuredContent?: unknown }) =>
  result.structuredContent as { [key: string]: unknown };

describe("the checkout kind", () => {
  it("registers the session tool and complete_checkout, both hidden from the model", () => {
    const { tools } = shop();
    const listed = tools.listTools();
    // A tool without `ui.visibility` is the model's and the app's; ["app"] is the app's alone.
    const forModel = listed.filter((tool) => {
      const visibility = (tool._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
      return visibility === undefined || visibility.includes("model");
    });
    expect(listed.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["complete_checkout", "start_checkout"]),
    );
    expect(forModel.map((tool) => tool.name)).toEqual(["prepare_order"]);
    const complete = listed.find((tool) => tool.name === "complete_checkout");
    expect((complete as { securitySchemes?: unknown } | undefined)?.securitySchemes).toEqual([
      { type: "oauth2", scopes: ["orders:write"] },
    ]);
    const start = listed.find((tool) => tool.name === "start_checkout");
    expect(start?.inputSchema.required).toEqual(["draft_id", "confirmation"]);
  });

  it("starts a checkout only with the person's confirmation, and prices it on the server", async () => {
    const app = shop();
    const draft_id = await app.prepare(1250);
    // The model's own call: no proof.
    const unproven = await app.tools.callTool("start_checkout", { draft_id }, app.person);
    expect(unproven.isError).toBe(true);
    expect(structured(unproven).error).toMatchObject({ code: "CONFIRMATION_REQUIRED" });
    // The proof of another draft.
    const other = await app.ada.call("prepare_order", { cents: 99 });
    const forged = await app.tools.callTool(
      "start_checkout",
      {
        draft_id,
        confirmation: (other._meta as { [key: string]: unknown } | undefined)?.[CONFIRMATION_META],
      },
      app.person,
    );
    expect(
      typeof (other._meta as { [key: string]: unknown } | undefined)?.[CONFIRMATION_META],
    ).toBe("string");
    expect(structured(forged).error).toMatchObject({ code: "CONFIRMATION_REQUIRED" });
    const started = await app.ada.call("start_checkout", { draft_id });
    expect(started.isError).toBeUndefined();
    expect(structured(started).checkout_session).toMatchObject({
      status: "ready_for_payment",
      currency: "EUR",
      totals: expect.arrayContaining([expect.objectContaining({ type: "total", amount: 1250 })]),
    });
  });

  it("refuses an anonymous caller and another person's payment, charging nothing", async () => {
    const app = shop();
    const sessionId = await app.startCheckout(await app.prepare());
    const anonymous = await app.pay(sessionId, app.sheetProvider.token(), {});
    expect(anonymous.isError).toBe(true);
    expect(structured(anonymous).error).toMatchObject({ code: "AUTH_REQUIRED", changes: "none" });
    // Ada's own sign-in, with a token that may not place orders.
    const narrow = { principal: { ...app.person.principal, scopes: ["profile"] } };
    const unscoped = await app.pay(sessionId, app.sheetProvider.token(), narrow);
    expect(structured(unscoped).error).toMatchObject({ code: "INSUFFICIENT_SCOPE" });
    const stranger = await app.pay(sessionId, app.sheetProvider.token(), person("mallory"));
    expect(structured(stranger).error).toMatchObject({ code: "CHECKOUT_SESSION_INVALID" });
    expect(app.sheetProvider.calls).toBe(0);
    // Ada pays: the sheet's own shape, not the contract's envelope.
    const paid = await app.pay(sessionId, app.sheetProvider.token());
    expect(structured(paid)).toMatchObject({
      status: "completed",
      order: { id: expect.any(String) },
    });
    expect(app.sheetProvider.charges).toHaveLength(1);
  });

  it("pays a draft once when the sheet pays first: the app's commit of it is refused", async () => {
    const app = shop();
    const draft_id = await app.prepare();
    const paid = await app.pay(await app.startCheckout(draft_id), app.sheetProvider.token());
    expect(structured(paid).status).toBe("completed");
    const commit = await app.ada.view("commit_order", {
      draft_id,
      idempotency_key: "key-both-1",
    });
    expect(commit).toMatchObject({
      state: "error",
      error: { code: "DRAFT_ALREADY_USED", changes: "none" },
    });
    expect(app.commitCharges).toHaveLength(0);
    expect(app.sheetProvider.charges).toHaveLength(1);
  });

  it("pays a draft once when the commit pays first: the sheet refuses it before any charge", async () => {
    const app = shop();
    const draft_id = await app.prepare();
    const sessionId = await app.startCheckout(draft_id);
    const commit = await app.ada.view("commit_order", {
      draft_id,
      idempotency_key: "key-both-2",
    });
    expect(commit).toMatchObject({ state: "committed" });
    const paid = await app.pay(sessionId, app.sheetProvider.token());
    expect(paid.isError).toBe(true);
    expect(structured(paid).error).toMatchObject({ code: "DRAFT_ALREADY_USED", changes: "none" });
    expect(app.sheetProvider.calls).toBe(0);
    expect(app.commitCharges).toHaveLength(1);
  });

  it("keeps the draft for the sheet after a declined card: another card pays, the commit is still refused", async () => {
    const app = shop();
    const draft_id = await app.prepare();
    const sessionId = await app.startCheckout(draft_id);
    const declined = await app.pay(sessionId, app.sheetProvider.token("decline"));
    expect(structured(declined)).toMatchObject({ status: "ready_for_payment" });
    const paid = await app.pay(sessionId, app.sheetProvider.token());
    expect(structured(paid).status).toBe("completed");
    const commit = await app.ada.view("commit_order", {
      draft_id,
      idempotency_key: "key-both-3",
    });
    expect(commit).toMatchObject({ state: "error", error: { code: "DRAFT_ALREADY_USED" } });
    expect(app.sheetProvider.charges).toHaveLength(1);
    expect(app.commitCharges).toHaveLength(0);
  });

  it("hands the reconciler's records that are not the sheet's to the app's own hooks", async () => {
    const { sheet } = shop();
    const record = {
      captured: { draft_id: "q_1_x", draft: { cents: 1 } },
    } as unknown as Parameters<ReturnType<typeof sheet.reconciler>["complete"]>[0];
    const seen: string[] = [];
    const hooks = sheet.reconciler({
      complete: async () => (seen.push("complete"), { final: true, value: "done" }),
      compensate: async () => (seen.push("compensate"), { final: true, value: "undone" }),
    });
    expect(await hooks.complete(record)).toEqual({ final: true, value: "done" });
    expect(await hooks.compensate!(record)).toEqual({ final: true, value: "undone" });
    expect(seen).toEqual(["complete", "compensate"]);
    // Without the app's hooks a foreign record is an error the reconciler logs, never a charge.
    await expect(sheet.reconciler().complete(record)).rejects.toThrow(TypeError);
  });

  it("refuses a tool of the app named as one the sheet registers", () => {
    const app = shop();
    expect(() =>
      appToolServer(
        { widget, log: silentLogger, store: createSqliteStore(":memory:") },
        {
          info: { name: "shop", version: "1" },
          contract,
          tools: [{ ...app.write.prepare, name: "complete_checkout" }],
          checkout: app.sheet,
        },
      ),
    ).toThrow(/complete_checkout/);
  });
});

describePostgres("the checkout kind on PostgreSQL", () => {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = createPostgresStore({ connectionString: DATABASE_URL! });
    await store.init();
  });
  afterAll(() => store.close());

  it("pays a draft once when its commit and the sheet race: one of them charges, the other is refused", async () => {
    for (let round = 0; round < 5; round++) {
      const app = shop(store);
      const draft_id = await app.prepare();
      const sessionId = await app.startCheckout(draft_id);
      const [commit, paid] = await Promise.all([
        app.ada.view("commit_order", { draft_id, idempotency_key: `race-${randomUUID()}` }),
        app.pay(sessionId, app.sheetProvider.token()),
      ]);
      const charges = app.commitCharges.length + app.sheetProvider.charges.length;
      expect(charges).toBe(1);
      const sheetPaid = structured(paid).status === "completed";
      expect(commit.state === "committed").toBe(!sheetPaid);
      if (sheetPaid) expect(commit).toMatchObject({ error: { code: "DRAFT_ALREADY_USED" } });
      else expect(structured(paid).error).toMatchObject({ code: "DRAFT_ALREADY_USED" });
    }
  });
});
