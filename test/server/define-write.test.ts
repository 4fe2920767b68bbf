/**
 * `defineWrite`: one definition gives the prepare tool, the hidden commit and the
 * reconciler's work, sharing one effect. Proved here on a transfer through an outside
 * provider that can time out and refuse: the proof is issued whatever the draft entry is
 * called, a definite refusal under the effect's own key settles a doubt (`changes: "none"`),
 * the reconciler finishes an in-doubt transfer from the captured draft under the same effect
 * key, and an app refusal is said in the app's words and replayed.
 */
import * as v from "valibot";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { defineContract, id, MoneySchema, recordKind } from "../../src/contract/index.ts";
import {
  appToolServer,
  createPostgresStore,
  createSqliteStore,
  defineWrite,
  silentLogger,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { reconcileInDoubt } from "../../src/server/idempotency/index.ts";
import { callAsWidget } from "../../src/testing/index.ts";
import { sqlDatabaseOf } from "../../src/server/stores/sql-database.ts";
import { pgTraffic } from "../../bench/pg-traffic.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const contract = defineContract({
  kinds: {
    // The draft entry is a `quote`, not a `draft`: the proof must be issued all the same.
    quote: recordKind({
      state: "confirm",
      entries: { quote: v.object({ draft_id: id(), amount: MoneySchema, to: id() }) },
    }),
    transfer: recordKind({
      state: "committed",
      entries: {
        transfer: v.object({ transfer_id: id(), to: id(), from: v.optional(id()) }),
        replayed: v.boolean(),
      },
    }),
  },
});
const widget = { uris: { skybridge: "ui://widget/t.html", mcpApp: "ui://widget/t.mcp-app.html" } };

/** A payments provider: answers per effect key as told (`ok`, `timeout`, `refuse`). */
function provider() {
  const answers: Array<"ok" | "timeout" | "refuse" | "down"> = [];
  const sent: string[] = [];
  /** The account each send was paid from (the commit's own `from`; "default" without one). */
  const paidFrom: string[] = [];
  return {
    answers,
    sent,
    paidFrom,
    send(key: string, from = "default") {
      sent.push(key);
      paidFrom.push(from);
      return answers.shift() ?? "ok";
    },
  };
}

/** Where each app's records and drafts live: a new SQLite file, or the test database. */
type StoreMaker = () => IdempotencyStore;

function openApp(
  now = () => Date.parse("2030-04-30T10:00:00Z"),
  /** Each recipient is one thing: of a caller's drafts to one recipient, one is sent. */
  oneThingPerRecipient = false,
  makeStore: StoreMaker = () => createSqliteStore(":memory:"),
  /** The drafts carried by their ids (`drf-<recipient>`), not kept by the kit. */
  carried = false,
  timing?: { ttlMs: number },
) {
  const store = makeStore();
  // A caller of its own: the test database keeps the records of earlier runs.
  const alice = {
    principal: { issuer: "local", subject: `alice-${randomUUID()}`, scopes: ["transfers:write"] },
  };
  const payments = provider();
  const write = defineWrite(contract, {
    widget,
    store,
    now,
    ...(timing ? { timing } : {}),
    scope: "transfers:write",
    drafts: carried
      ? {
          read: (draftId: string) =>
            draftId.startsWith("drf-") ? { to: draftId.slice(4) } : "DRAFT_NOT_FOUND",
        }
      : {
          name: "transfer_drafts",
          ttlMs: 600_000,
          schema: v.object({ to: v.string() }),
          ...(oneThingPerRecipient
            ? {
                thing: {
                  of: (draft: { to: string }) => `to:${draft.to}`,
                  code: "ALREADY_SENT",
                  message: "A transfer to this contact was already sent.",
                },
              }
            : {}),
        },
    prepare: {
      name: "quote_transfer",
      kind: "quote",
      title: "Quote a transfer",
      description: "Quote a transfer.",
      words: { invoking: "Quoting…", invoked: "Quoted" },
      arguments: { schema: v.strictObject({ to: id() }), repair: () => ({ to: "c-1" }) },
      async handler({ to }, { put }) {
        const { draft_id } = carried ? { draft_id: `drf-${to}` } : await put({ to });
        return {
          data: { quote: { draft_id, to, amount: { amount: "10.00", currency: "EUR" } } },
          text: "Quoted.",
        };
      },
    },
    commit: {
      name: "send_transfer",
      kind: "transfer",
      title: "Send",
      description: "Send a quoted transfer.",
      words: { invoking: "Sending…", invoked: "Sent" },
      draftExample: "drf_x",
      // The commit's own argument: the account the person chose to pay from.
      arguments: { from: v.optional(id()) },
      refusals: {
        BLOCKED: "The provider refused this transfer: no money was sent.",
        DOWN: "The provider is down: no money was sent.",
      },
      async effect({ draft, args, effectKey, fence, refuse, unknown }) {
        if (draft.to === "c-blocked") return refuse("BLOCKED");
        await fence();
        const answer = payments.send(effectKey, args.from);
        if (answer === "timeout") return unknown("The provider did not answer in time.");
        // A refusal under the effect's own key is certain: nothing was sent under it.
        if (answer === "refuse") return refuse("BLOCKED", { definite: true });
        // A 503: nothing was done or decided, so the same key sends on its retry.
        if (answer === "down") return refuse("DOWN", { final: false });
        return {
          done: {
            transfer_id: `tr_${effectKey.slice(0, 12)}`,
            to: draft.to,
            ...(args.from ? { from: args.from } : {}),
          },
        };
      },
      show: (transfer, replayed) => ({ data: { transfer, replayed }, text: "Sent." }),
    },
  });
  const tools = appToolServer(
    { widget, log: silentLogger, store, now },
    { info: { name: "t", version: "1" }, contract, tools: [write.prepare, write.commit] },
  );
  const caller = callAsWidget(tools, { parse: contract.parse, origin: alice });
  async function quote(to = "c-1") {
    const shown = await caller.view("quote_transfer", { to });
    if (shown.state !== "confirm") throw new Error(shown.state);
    return shown.data.quote.draft_id;
  }
  return { store, write, tools, payments, quote, view: caller.view };
}

describe("defineWrite's commit arguments", () => {
  it("refuses at definition one a commit without it would not fit, or one named as a kit field", () => {
    const base = () => ({
      widget,
      store: createSqliteStore(":memory:"),
      scope: "s:w",
      drafts: { read: () => ({}) },
      prepare: {
        name: "p",
        kind: "quote" as const,
        title: "P",
        description: "P.",
        words: { invoking: "…", invoked: "…" },
        arguments: { schema: v.strictObject({}), repair: () => ({}) },
        handler: async () => ({
          data: { quote: { draft_id: "d", to: "c", amount: { amount: "1.00", currency: "EUR" } } },
          text: "",
        }),
      },
    });
    const commit = (args: v.ObjectEntries) => ({
      name: "c",
      kind: "transfer" as const,
      title: "C",
      description: "C.",
      words: { invoking: "…", invoked: "…" },
      draftExample: "d",
      arguments: args,
      effect: async () => ({ done: { transfer_id: "t", to: "c" } }),
      show: (transfer: { transfer_id: string; to: string }) => ({
        data: { transfer, replayed: false },
        text: "",
      }),
    });
    expect(() => defineWrite(contract, { ...base(), commit: commit({ method: id() }) })).toThrow(
      "c's commit.arguments.method must be optional",
    );
    expect(() =>
      defineWrite(contract, { ...base(), commit: commit({ draft_id: v.optional(id()) }) }),
    ).toThrow("commit.arguments.draft_id is the kit's own field");
    expect(() =>
      defineWrite(contract, { ...base(), commit: commit({ method: v.optional(id()) }) }),
    ).not.toThrow();
  });
});

describe("defineWrite's timing", () => {
  it("keeps its records by the app's timing (IDEMPOTENCY_TTL_SECONDS through appOptions)", async () => {
    const app = openApp(undefined, false, undefined, false, { ttlMs: 120_000 });
    const draft_id = await app.quote();
    await app.view("send_transfer", { draft_id, idempotency_key: "key-timing-1" });
    const { rows } = await sqlDatabaseOf(app.store, "test").query<{ kept: number | string }>(
      "SELECT expires_at - created_at AS kept FROM idempotency_records WHERE key = :key",
      { key: "key-timing-1" },
    );
    expect(rows.map((row) => Number(row.kept))).toEqual([120_000]);
    // The reconciler settles the records it finishes by the same timing.
    expect(app.write.reconciler.ttlMs).toBe(120_000);
  });
});

function writeSuite(makeStore: StoreMaker) {
  const open = (now?: () => number, oneThingPerRecipient = false) =>
    openApp(now, oneThingPerRecipient, makeStore);

  for (const carried of [false, true])
    it(`sends the commit's own argument, and finishes a key with its first attempt's (${carried ? "drafts the ids carry" : "the kit's drafts"})`, async () => {
      let clock = Date.parse("2030-04-30T10:00:00Z");
      const app = openApp(() => clock, false, makeStore, carried);
      // In doubt with the first account; the key's retry names another: the first is paid.
      const draft_id = await app.quote(`c-from-${carried}`);
      const send = { draft_id, idempotency_key: `key-from-${carried}-${randomUUID()}` };
      app.payments.answers.push("timeout");
      expect(await app.view("send_transfer", { ...send, from: "acct-1" })).toMatchObject({
        error: { code: "UPSTREAM_TIMEOUT", changes: "unknown" },
      });
      expect(await app.view("send_transfer", { ...send, from: "acct-2" })).toMatchObject({
        state: "committed",
        data: { transfer: { from: "acct-1" } },
      });
      // The reconciler finishes an in-doubt one with what its commit carried, too.
      const other = await app.quote(`c-from-rec-${carried}`);
      const left = { draft_id: other, idempotency_key: `key-from-rec-${randomUUID()}` };
      app.payments.answers.push("timeout");
      await app.view("send_transfer", { ...left, from: "acct-3" });
      clock += 120_000;
      await reconcileInDoubt({ store: app.store, now: () => clock, ...app.write.reconciler });
      expect(app.payments.paidFrom).toEqual(["acct-1", "acct-1", "acct-3", "acct-3"]);
      // Without one, the effect is told none; a field the write does not declare is refused.
      const plain = {
        draft_id: await app.quote(`c-plain-${carried}`),
        idempotency_key: `k-${randomUUID()}`,
      };
      expect(
        await app.view("send_transfer", { ...plain, card_number: "4242424242424242" }),
      ).toMatchObject({
        state: "error",
        error: { code: "VALIDATION_FAILED", changes: "none" },
      });
      expect(await app.view("send_transfer", plain)).toMatchObject({ state: "committed" });
      expect(app.payments.paidFrom.at(-1)).toBe("default");
    });

  it("one draft and its proof under three keys at once: one transfer, every key told of it", async () => {
    const app = open(() => Date.now());
    const draft_id = await app.quote("c-9");
    const told = await Promise.all(
      ["1", "2", "3"].map((n) =>
        app.view("send_transfer", { draft_id, idempotency_key: `key-three-${n}` }),
      ),
    );
    expect(app.payments.sent).toHaveLength(1);
    for (const answer of told)
      expect(answer).toMatchObject({ state: "committed", data: { transfer: { to: "c-9" } } });
    expect(
      told.filter((answer) => answer.state === "committed" && !answer.data.replayed),
    ).toHaveLength(1);
  });

  it("refuses an expired draft, and sends nothing", async () => {
    let clock = Date.now();
    const app = open(() => clock);
    const draft_id = await app.quote("c-10");
    clock += 600_001;
    expect(
      await app.view("send_transfer", { draft_id, idempotency_key: "key-expired-1" }),
    ).toMatchObject({
      state: "error",
      error: { code: "DRAFT_EXPIRED", changes: "none" },
    });
    expect(app.payments.sent).toHaveLength(0);
  });
  it("issues the proof whatever the draft entry is called, and hides the commit from the model", async () => {
    const app = open();
    const draft_id = await app.quote();
    expect(
      await app.view("send_transfer", { draft_id, idempotency_key: "key-proof-1" }),
    ).toMatchObject({
      state: "committed",
    });
    const commit = app.tools.listTools().find((tool) => tool.name === "send_transfer");
    expect(commit?._meta).toMatchObject({ ui: { visibility: ["app"] } });
    expect(commit?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("says the outcome is unknown after a timeout, and a definite refusal under the effect key settles it to none", async () => {
    const app = open();
    const draft_id = await app.quote();
    const send = { draft_id, idempotency_key: "key-doubt-1" };
    app.payments.answers.push("timeout", "refuse");
    expect(await app.view("send_transfer", send)).toMatchObject({
      state: "error",
      error: {
        code: "UPSTREAM_TIMEOUT",
        retryable: true,
        retry_after_seconds: 2,
        changes: "unknown",
      },
    });
    const settled = {
      state: "error",
      error: {
        code: "BLOCKED",
        message: "The provider refused this transfer: no money was sent.",
        changes: "none",
      },
    };
    expect(await app.view("send_transfer", send)).toMatchObject(settled);
    // The same effect key both times, and the settled refusal is what a repeat replays.
    expect(new Set(app.payments.sent).size).toBe(1);
    expect(await app.view("send_transfer", send)).toMatchObject(settled);
    expect(app.payments.sent).toHaveLength(2);
  });

  it("finishes an in-doubt transfer nobody retries from the captured draft, under the same effect key", async () => {
    let clock = Date.parse("2030-04-30T10:00:00Z");
    const app = open(() => clock);
    const draft_id = await app.quote("c-7");
    const send = { draft_id, idempotency_key: "key-reconcile-1" };
    app.payments.answers.push("timeout");
    await app.view("send_transfer", send);
    clock += 120_000;
    const counts = await reconcileInDoubt({
      store: app.store,
      now: () => clock,
      ...app.write.reconciler,
    });
    expect(counts.completed).toBe(1);
    expect(app.payments.sent).toHaveLength(2);
    expect(app.payments.sent[1]).toBe(app.payments.sent[0]);
    const replay = await app.view("send_transfer", send);
    expect(replay).toMatchObject({
      state: "committed",
      data: { replayed: true, transfer: { to: "c-7" } },
    });
    expect(app.payments.sent).toHaveLength(2);
  });

  it("answers an app refusal in the app's words, replays it, and sends nothing", async () => {
    const app = open();
    const draft_id = await app.quote("c-blocked");
    const send = { draft_id, idempotency_key: "key-blocked-1" };
    const refused = {
      state: "error",
      error: { code: "BLOCKED", retryable: false, changes: "none" },
    };
    expect(await app.view("send_transfer", send)).toMatchObject(refused);
    expect(await app.view("send_transfer", send)).toMatchObject(refused);
    expect(app.payments.sent).toHaveLength(0);
  });

  it("answers a refusal that is not final as retryable with the same key, whose retry sends", async () => {
    const app = open();
    const send = { draft_id: await app.quote(), idempotency_key: "key-down-1" };
    app.payments.answers.push("down");
    expect(await app.view("send_transfer", send)).toMatchObject({
      state: "error",
      // Its next action says "after retry_after_seconds": the answer carries the number.
      error: { code: "DOWN", retryable: true, retry_after_seconds: 2, changes: "none" },
    });
    expect(await app.view("send_transfer", send)).toMatchObject({ state: "committed" });
    expect(app.payments.sent).toHaveLength(2);
  });

  it("keeps a draft whose send met a 503 held by its record: another draft of the same thing sends nothing beside it", async () => {
    const app = open(undefined, true);
    const first = { draft_id: await app.quote("c-3"), idempotency_key: "key-down-thing-1" };
    app.payments.answers.push("down");
    expect(await app.view("send_transfer", first)).toMatchObject({
      error: { code: "DOWN", retryable: true, changes: "none" },
    });
    // A second quote of the same transfer, confirmed under a new key (a reload, say): the
    // first record may still send (its retry runs the captured draft), so this one may not.
    const second = { draft_id: await app.quote("c-3"), idempotency_key: "key-down-thing-2" };
    expect(await app.view("send_transfer", second)).toMatchObject({
      state: "error",
      error: { code: "IN_PROGRESS", message: expect.stringContaining("has not finished") },
    });
    expect(app.payments.sent).toHaveLength(1);
    expect(await app.view("send_transfer", first)).toMatchObject({ state: "committed" });
    // One transfer in all: the 503'd attempt and the retry share one effect key.
    expect(new Set(app.payments.sent).size).toBe(1);
    // Once it is sent, the other draft's confirmation is told so, with that transfer.
    expect(await app.view("send_transfer", second)).toMatchObject({
      state: "error",
      error: { code: "ALREADY_SENT", changes: "none" },
    });
    expect(app.payments.sent).toHaveLength(2);
  });

  it("keeps a 503'd draft of a thing past its purge while its record may still send: one transfer in all", async () => {
    let clock = Date.parse("2030-05-01T10:00:00Z");
    const app = open(() => clock, true);
    const first = { draft_id: await app.quote("c-5"), idempotency_key: "key-purge-thing-1" };
    app.payments.answers.push("down");
    expect(await app.view("send_transfer", first)).toMatchObject({
      error: { code: "DOWN", retryable: true },
    });
    // Past the draft's expiry and one lifetime more: the purge would free its thing, but the
    // record of its use is retryable and sends from what it captured.
    clock += 2 * 600_000 + 1_000;
    await app.write.purges[0]!(1_000);
    const second = { draft_id: await app.quote("c-5"), idempotency_key: "key-purge-thing-2" };
    expect(await app.view("send_transfer", second)).not.toMatchObject({ state: "committed" });
    expect(await app.view("send_transfer", first)).toMatchObject({ state: "committed" });
    expect(new Set(app.payments.sent).size).toBe(1);
    // Its record finished, the draft is purged like any other: the thing is free again.
    clock += 2 * 600_000 + 1_000;
    await app.write.purges[0]!(1_000);
    const third = { draft_id: await app.quote("c-5"), idempotency_key: "key-purge-thing-3" };
    expect(await app.view("send_transfer", third)).toMatchObject({ state: "committed" });
    expect(new Set(app.payments.sent).size).toBe(2);
  });

  it("after a 503, tells another key of the same draft that nothing runs, never 'still running'; one transfer in all", async () => {
    const app = open();
    const draft_id = await app.quote("c-4");
    const first = { draft_id, idempotency_key: "key-down-same-1" };
    app.payments.answers.push("down");
    expect(await app.view("send_transfer", first)).toMatchObject({
      error: { code: "DOWN", retryable: true, changes: "none" },
    });
    // The widget reloaded and confirms the same draft under a new key: the first record holds
    // the draft (its retry sends the captured draft) but runs nothing now.
    const second = { draft_id, idempotency_key: "key-down-same-2" };
    const told = await app.view("send_transfer", second);
    expect(told).toMatchObject({
      state: "error",
      error: {
        code: "IN_PROGRESS",
        retryable: true,
        message: expect.stringContaining("not running now"),
      },
    });
    // "unknown", not "none": the store does not say by draft whether that commit is in doubt
    // (the same answer follows a timeout), so this answer cannot claim nothing happened.
    expect(told).toMatchObject({ error: { changes: "unknown" } });
    expect(JSON.stringify(told)).not.toContain("still running");
    expect(app.payments.sent).toHaveLength(1);
    // The first key's retry sends; the second key is then answered as that commit.
    expect(await app.view("send_transfer", first)).toMatchObject({ state: "committed" });
    expect(await app.view("send_transfer", second)).toMatchObject({
      state: "committed",
      data: { replayed: true, transfer: { to: "c-4" } },
    });
    expect(app.payments.sent).toHaveLength(2);
    expect(new Set(app.payments.sent).size).toBe(1);
  }, 20_000);
}

/** What the commit of a fresh draft under a fresh key sends to PostgreSQL. */
async function commitTraffic(makeStore: StoreMaker, carried: boolean) {
  const app = openApp(undefined, false, makeStore, carried);
  // Warm: the tables made, the statements prepared on the pool's connection.
  await app.view("send_transfer", {
    draft_id: await app.quote("c-warm"),
    idempotency_key: `k-${randomUUID()}`,
  });
  const send = {
    draft_id: await app.quote(`c-${randomUUID()}`),
    idempotency_key: `k-${randomUUID()}`,
  };
  const traffic = await pgTraffic(async () => {
    expect(await app.view("send_transfer", send)).toMatchObject({ state: "committed" });
  });
  expect(app.payments.sent).toHaveLength(2);
  return traffic;
}

describe("defineWrite on SQLite", () => writeSuite(() => createSqliteStore(":memory:")));

describePostgres("defineWrite on PostgreSQL", () => {
  const stores: IdempotencyStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  const makeStore = () => {
    const store = createPostgresStore({
      connectionString: DATABASE_URL!,
      table: "define_write_test",
    });
    stores.push(store);
    return store;
  };
  writeSuite(makeStore);

  // The transfer's effect fences before it sends (a renewal: 1 round trip, 1 durable commit
  // of its own), and its kit draft keeps the transfer beside it (`recordUse`, in the
  // completion's transaction: BEGIN with it, COMMIT with the completion). Claimed first, the
  // same commit took 6 round trips, 8 statements and 4 durable commits: the claim, the draft's
  // take and the capture each one write.
  it("a declared write takes its draft, claims its key and captures the draft in one durable write: 4 round trips, 3 durable commits", async () => {
    expect(await commitTraffic(makeStore, false)).toEqual({
      roundTrips: 4,
      statements: 6,
      durableCommits: 3,
    });
  });

  // Drafts the ids carry: the claim and the capture are one write, then the fence and the
  // completion (3 / 3 / 3; claimed first, 4 / 4 / 3).
  it("a declared write of drafts its ids carry claims and captures in one write", async () => {
    expect(await commitTraffic(makeStore, true)).toEqual({
      roundTrips: 3,
      statements: 3,
      durableCommits: 3,
    });
  });
});
