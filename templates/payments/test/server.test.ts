/**
 * The server keeps the contract, and the money moves once: `checkWrite` proves the kit's
 * promises about the write (once per key and per quote, the person's proof, their own
 * quotes, a restart); the rest is the provider's ways to fail — a 503 sends nothing and its
 * retry sends once, a timeout is "unknown" until a retry or the reconciler finishes it, a
 * refusal under the send's own key says no money was sent even after a doubt, and a send in
 * doubt too long is cancelled. Calls go through the tool server without HTTP.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as vitest from "vitest";
import { describe, expect, it } from "vitest";
import {
  callerScope,
  createSqliteStore,
  silentLogger,
  startReconciler,
} from "mcp-widget-kit/server";
import { callAsWidget } from "mcp-widget-kit/testing";
import { checkWrite } from "mcp-widget-kit/testing/server";
import { payments, type PaymentsView } from "../contract.ts";
import { fakeProvider } from "../server/provider.ts";
import { openReconciliation } from "../server/reconcile.ts";
import { createPaymentsServer } from "../server/tools.ts";
import { eur, TRANSFER_SCOPE } from "../server/transfer.ts";

const widget = { uris: { skybridge: "ui://widget/p.html", mcpApp: "ui://widget/p.mcp-app.html" } };
const start = Date.parse("2030-04-30T10:00:00Z");
const alice = { principal: { issuer: "local", subject: "alice", scopes: [TRANSFER_SCOPE] } };

checkWrite({
  vitest,
  open: ({ store, now, onEffect }) =>
    createPaymentsServer({ widget, log: silentLogger, store, now, onSent: onEffect }),
  parse: payments.parse,
  prepare: {
    tool: "quote_transfer",
    args: (n) => ({ contact_id: "c-101", amount_cents: 900 + n }),
  },
  commit: "send_transfer",
  widget: widget.uris,
  scopes: [TRANSFER_SCOPE],
  ownedDrafts: true,
  now: start,
});

/** The error a result shows, or its state when it shows none. */
const errorOf = (shown: PaymentsView) => (shown.state === "error" ? shown.error : shown.state);

/** A server on its own database file and provider, with a clock the test moves. */
function open() {
  const file = join(mkdtempSync(join(tmpdir(), "payments-")), "app.sqlite");
  const store = createSqliteStore(file);
  const clock = { now: start };
  const now = () => clock.now;
  const provider = fakeProvider(store);
  const tools = createPaymentsServer({ widget, log: silentLogger, store, now, provider });
  const { view } = callAsWidget(tools, { parse: payments.parse, origin: alice });
  /** Quotes `cents` to Ana and sends it under `key`. */
  async function send(key: string, cents = 2000) {
    const quote = await view("quote_transfer", { contact_id: "c-101", amount_cents: cents });
    if (quote.state !== "confirm") throw new Error(`no quote: ${quote.state}`);
    const args = { draft_id: quote.data.quote.draft_id, idempotency_key: key };
    return { args, shown: await view("send_transfer", args) };
  }
  /** Alice's balance at the provider: what really left her account. */
  const balance = async () => (await provider.balance(callerScope(alice.principal))) / 100;
  /** A pass of what `mcp-widget-kit reconcile --app server/reconcile.ts` runs on this file. */
  async function reconcile() {
    const opened = await openReconciliation({ SQLITE_FILE: file });
    const counts = await startReconciler({ ...opened.options, manual: true, now }).runOnce();
    await opened.close();
    return counts;
  }
  return { clock, provider, view, send, balance, reconcile };
}

describe("the payments server", () => {
  it("lists the contacts, reads a signed-in person's balance, quotes amount, fee and total; refuses a transfer over the balance", async () => {
    const { view, send, balance } = open();
    expect(await view("list_contacts", {})).toMatchObject({ state: "results" });
    expect(await view("get_balance", {})).toMatchObject({
      data: { balance: { amount: "500.00" } },
    });
    expect(errorOf(await view("get_balance", {}, {}))).toMatchObject({ code: "AUTH_REQUIRED" });
    const shown = await view("quote_transfer", { contact_id: "c-102", amount_cents: 12_345 });
    const priced = shown.state === "confirm" && [shown.data.quote.fee, shown.data.quote.total];
    expect(priced).toEqual([eur(123), eur(12_468)]); // 1 % fee, 123.45 + 1.23
    const { shown: over } = await send("key-over-balance", 60_000);
    expect(errorOf(over)).toMatchObject({ code: "INSUFFICIENT_FUNDS", changes: "none" });
    expect(await balance()).toBe(500);
  });

  it("a 503 sends nothing and says so; the retry with the same key sends once, another key on the quote none", async () => {
    const { provider, view, send, balance } = open();
    provider.fail("unavailable");
    const { args, shown } = await send("key-unavailable");
    const unavailable = { code: "PROVIDER_UNAVAILABLE", retryable: true, changes: "none" };
    expect(errorOf(shown)).toMatchObject(unavailable);
    expect(await balance()).toBe(500);
    // The same quote under a new key (the widget reloaded): nothing sends beside the first
    // key's retry, and the answer does not say anything is running.
    const reloaded = { ...args, idempotency_key: "key-unavailable-reloaded" };
    const held = errorOf(await view("send_transfer", reloaded));
    expect(held).toMatchObject({
      code: "IN_PROGRESS",
      message: expect.stringContaining("not running now"),
    });
    expect(await balance()).toBe(500);
    expect(await view("send_transfer", args)).toMatchObject({ state: "committed" });
    expect(await view("send_transfer", args)).toMatchObject({ data: { replayed: true } });
    expect(await view("send_transfer", reloaded)).toMatchObject({ data: { replayed: true } });
    expect(await balance()).toBe(479.5);
  }, 20_000);

  it("a timeout is unknown; the reconciler module finishes it to one transfer, which the retry replays", async () => {
    const { clock, provider, view, send, balance, reconcile } = open();
    provider.fail("timeout");
    const { args, shown } = await send("key-timeout");
    expect(errorOf(shown)).toMatchObject({ code: "UPSTREAM_TIMEOUT", changes: "unknown" });
    clock.now += 2 * 60_000; // nobody retried: past its grace, the reconciler finishes it
    expect(await reconcile()).toMatchObject({ completed: 1 });
    expect(await view("send_transfer", args)).toMatchObject({ data: { replayed: true } });
    expect(await balance()).toBe(479.5);
  });

  it("after a doubt, the provider's refusal of the same key says no money was sent", async () => {
    const { provider, view, send, balance } = open();
    provider.fail("lost");
    const { args, shown } = await send("key-lost-request");
    expect(shown).toMatchObject({ error: { changes: "unknown" } });
    provider.block("c-101");
    const refused = { error: { code: "RECIPIENT_BLOCKED", retryable: false, changes: "none" } };
    expect(await view("send_transfer", args)).toMatchObject(refused);
    expect(await view("send_transfer", args)).toMatchObject(refused);
    expect(await balance()).toBe(500);
  });

  it("cancels a send still in doubt after 15 minutes: the money is back, and the retry says so", async () => {
    const { clock, provider, view, send, balance, reconcile } = open();
    provider.fail("timeout");
    const { args } = await send("key-cancelled");
    expect(await balance()).toBe(479.5);
    clock.now += 16 * 60_000;
    expect(await reconcile()).toMatchObject({ compensated: 1 });
    const cancelled = errorOf(await view("send_transfer", args));
    expect(cancelled).toMatchObject({ code: "TRANSFER_CANCELLED", changes: "none" });
    expect(await balance()).toBe(500);
  });
});
