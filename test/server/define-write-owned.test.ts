/**
 * `defineWrite` with drafts the app's ids carry, signed for who prepared them (`owned`): the
 * prepare tool needs sign-in, and `read` is told the commit's caller, so an id signed for its
 * author can be read back for them only. `read` may answer late (a promise).
 */
import * as v from "valibot";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { defineContract, id, recordKind } from "../../src/contract/index.ts";
import {
  appToolServer,
  createSqliteStore,
  defineWrite,
  silentLogger,
} from "../../src/server/index.ts";
import { callAsWidget } from "../../src/testing/index.ts";

const contract = defineContract({
  kinds: {
    quote: recordKind({ state: "confirm", entries: { quote: v.object({ draft_id: id() }) } }),
    transfer: recordKind({
      state: "committed",
      entries: { transfer: v.object({ transfer_id: id(), to: id() }), replayed: v.boolean() },
    }),
  },
});
const widget = { uris: { skybridge: "ui://widget/t.html", mcpApp: "ui://widget/t.mcp-app.html" } };

function openApp(owned: boolean, recordFirst = false) {
  const store = createSqliteStore(":memory:");
  const sent: string[] = [];
  /** The callers `read` was told. */
  const readers: string[] = [];
  const write = defineWrite(contract, {
    widget,
    store,
    scope: "transfers:write",
    drafts: {
      // `drf-<author>-<to>`: a stand-in for an id signed with its author.
      read: async (draftId: string, _now: number, caller: string) => {
        await Promise.resolve();
        readers.push(caller);
        const prefix = `drf-${caller}-`;
        if (draftId === `${prefix}c-expired`) return "DRAFT_EXPIRED";
        return draftId.startsWith(prefix)
          ? { to: draftId.slice(prefix.length) }
          : "DRAFT_NOT_FOUND";
      },
      owned,
    },
    prepare: {
      name: "quote_transfer",
      kind: "quote",
      title: "Quote a transfer",
      description: "Quote a transfer.",
      words: { invoking: "Quoting…", invoked: "Quoted" },
      arguments: { schema: v.strictObject({ to: id() }), repair: () => ({ to: "c-1" }) },
      async handler({ to }, { context }) {
        return { data: { quote: { draft_id: `drf-${context.caller}-${to}` } }, text: "Quoted." };
      },
    },
    commit: {
      name: "send_transfer",
      kind: "transfer",
      title: "Send",
      description: "Send a quoted transfer.",
      words: { invoking: "Sending…", invoked: "Sent" },
      draftExample: "drf_x",
      recordFirst,
      refusals: {
        BUSY: "The provider is busy: nothing was sent.",
        // A kit code in the app's words and next step.
        DRAFT_EXPIRED: {
          message: "This quote has expired.",
          next_action: "Do not repeat this call. Quote the transfer again.",
        },
        BLOCKED: {
          message: "This contact takes no transfers: nothing was sent.",
          next_action: "Do not repeat this call. Ask the person for another contact.",
        },
      },
      async effect({ draft, effectKey, refuse, unknown }) {
        if (draft.to === "c-blocked") return refuse("BLOCKED");
        if (draft.to === "c-busy" && !sent.includes("c-busy")) {
          sent.push(draft.to);
          return refuse("BUSY", { final: false, retryAfterSeconds: 5 });
        }
        if (draft.to === "c-lost" && !sent.includes("c-lost")) {
          sent.push(draft.to);
          return unknown("The provider did not confirm in time.", { code: "PROVIDER_TIMEOUT" });
        }
        sent.push(draft.to);
        return { done: { transfer_id: `tr_${effectKey.slice(0, 12)}`, to: draft.to } };
      },
      show: (transfer, replayed) => ({ data: { transfer, replayed }, text: "Sent." }),
    },
  });
  const tools = appToolServer(
    { widget, log: silentLogger, store },
    { info: { name: "t", version: "1" }, contract, tools: [write.prepare, write.commit] },
  );
  const person = (subject: string) =>
    callAsWidget(tools, {
      parse: contract.parse,
      origin: { principal: { issuer: "local", subject, scopes: ["transfers:write"] } },
    });
  return {
    tools,
    sent,
    readers,
    person,
    anonymous: callAsWidget(tools, { parse: contract.parse }),
  };
}

describe("defineWrite's owned app-carried drafts", () => {
  it("reads a draft back for the commit's caller: its author's id names their draft", async () => {
    const app = openApp(true);
    const alice = app.person("alice");
    const quoted = await alice.view("quote_transfer", { to: "c-1" });
    if (quoted.state !== "confirm") throw new Error(quoted.state);
    const { draft_id } = quoted.data.quote;
    expect(
      await alice.view("send_transfer", { draft_id, idempotency_key: `key-al-${randomUUID()}` }),
    ).toMatchObject({ state: "committed", data: { transfer: { to: "c-1" } } });
    expect(app.sent).toEqual(["c-1"]);
    // The caller the prepare signed for (the verified caller scope) is the one `read` was told.
    expect([...new Set(app.readers)]).toHaveLength(1);
    expect(draft_id).toBe(`drf-${app.readers[0]}-c-1`);
  });

  for (const owned of [true, false])
    it(`${owned ? "needs" : "does not need"} sign-in to prepare (owned: ${owned})`, async () => {
      const app = openApp(owned);
      const shown = await app.anonymous.view("quote_transfer", { to: "c-2" });
      expect(shown.state === "confirm").toBe(!owned);
    });
});

describe("defineWrite's recordFirst", () => {
  for (const recordFirst of [true, false])
    it(`${recordFirst ? "replays" : "refuses"} a finished commit without a valid proof (recordFirst: ${recordFirst})`, async () => {
      const app = openApp(true, recordFirst);
      const alice = app.person("alice");
      const quoted = await alice.view("quote_transfer", { to: "c-3" });
      if (quoted.state !== "confirm") throw new Error(quoted.state);
      const send = { draft_id: quoted.data.quote.draft_id, idempotency_key: `k-${randomUUID()}` };
      expect(await alice.view("send_transfer", send)).toMatchObject({ state: "committed" });
      const again = await alice.view("send_transfer", { ...send, confirmation: "v1.forged.proof" });
      expect(again).toMatchObject(
        recordFirst
          ? { state: "committed", data: { replayed: true } }
          : { state: "error", error: { code: "CONFIRMATION_REQUIRED" } },
      );
      // A fresh key still needs the proof: nothing starts without it.
      const other = await alice.view("quote_transfer", { to: "c-4" });
      if (other.state !== "confirm") throw new Error(other.state);
      expect(
        await alice.view("send_transfer", {
          draft_id: other.data.quote.draft_id,
          idempotency_key: `k-${randomUUID()}`,
          confirmation: "v1.forged.proof",
        }),
      ).toMatchObject({ state: "error", error: { code: "CONFIRMATION_REQUIRED" } });
      expect(app.sent).toEqual(["c-3"]);
    });
});

describe("defineWrite's refusals with a next step", () => {
  it("says the app's words and next step, and replays them", async () => {
    const app = openApp(true);
    const alice = app.person("alice");
    const quoted = await alice.view("quote_transfer", { to: "c-blocked" });
    if (quoted.state !== "confirm") throw new Error(quoted.state);
    const send = { draft_id: quoted.data.quote.draft_id, idempotency_key: `k-${randomUUID()}` };
    const refused = {
      state: "error",
      error: {
        code: "BLOCKED",
        message: "This contact takes no transfers: nothing was sent.",
        next_action: "Do not repeat this call. Ask the person for another contact.",
        retryable: false,
        changes: "none",
      },
    };
    expect(await alice.view("send_transfer", send)).toMatchObject(refused);
    expect(await alice.view("send_transfer", send)).toMatchObject(refused);
    expect(app.sent).toEqual([]);
  });

  it("says a kit code in the app's words and next step", async () => {
    const alice = openApp(true).person("alice");
    const quoted = await alice.view("quote_transfer", { to: "c-expired" });
    if (quoted.state !== "confirm") throw new Error(quoted.state);
    const send = { draft_id: quoted.data.quote.draft_id, idempotency_key: `k-${randomUUID()}` };
    expect(await alice.view("send_transfer", send)).toMatchObject({
      state: "error",
      error: {
        code: "DRAFT_EXPIRED",
        message: "This quote has expired.",
        next_action: "Do not repeat this call. Quote the transfer again.",
        changes: "none",
      },
    });
  });
});

describe("defineWrite's unknown outcome in the provider's code", () => {
  it("answers the app's code with changes unknown, and the key's retry finishes once", async () => {
    const app = openApp(true);
    const alice = app.person("alice");
    const quoted = await alice.view("quote_transfer", { to: "c-lost" });
    if (quoted.state !== "confirm") throw new Error(quoted.state);
    const send = { draft_id: quoted.data.quote.draft_id, idempotency_key: `k-${randomUUID()}` };
    expect(await alice.view("send_transfer", send)).toMatchObject({
      state: "error",
      error: { code: "PROVIDER_TIMEOUT", changes: "unknown", retryable: true },
    });
    expect(await alice.view("send_transfer", send)).toMatchObject({ state: "committed" });
    expect(app.sent).toEqual(["c-lost", "c-lost"]);
  });
});

describe("defineWrite's retryable refusal with the provider's wait", () => {
  it("asks for the provider's wait, and the key's retry sends", async () => {
    const app = openApp(true);
    const alice = app.person("alice");
    const quoted = await alice.view("quote_transfer", { to: "c-busy" });
    if (quoted.state !== "confirm") throw new Error(quoted.state);
    const send = { draft_id: quoted.data.quote.draft_id, idempotency_key: `k-${randomUUID()}` };
    expect(await alice.view("send_transfer", send)).toMatchObject({
      state: "error",
      error: { code: "BUSY", retryable: true, retry_after_seconds: 5, changes: "none" },
    });
    expect(await alice.view("send_transfer", send)).toMatchObject({ state: "committed" });
  });
});
