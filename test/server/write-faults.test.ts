/**
 * The development faults of declared writes (src/server/write/write-faults.ts), with no code
 * of the app's: the spec's parser and its refusals, and the hook `defineWrite` runs around
 * every commit's effect — proved on the payments template's `send_transfer` as `create`
 * writes it, its provider counting every call. `unavailable` runs nothing and says so; the
 * retry after clearing sends once. `timeout` runs the effect once and leaves the record in
 * doubt; the retry with the same key (or the reconciler) finishes it under the same effect
 * key, and the money moves once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { callerScope, createSqliteStore, silentLogger } from "../../src/server/index.ts";
import { reconcileInDoubt } from "../../src/server/idempotency/index.ts";
import { recordsOf } from "../../src/server/idempotency/store.ts";
import {
  declaredCommits,
  parseWriteFaults,
  setWriteFaults,
  writeFaultsSpec,
} from "../../src/server/write/write-faults.ts";
import { callAsWidget } from "../../src/testing/index.ts";
import { payments } from "../../templates/payments/contract.ts";
import { fakeProvider } from "../../templates/payments/server/provider.ts";
import { createPaymentsServer } from "../../templates/payments/server/tools.ts";
import { TRANSFER_SCOPE } from "../../templates/payments/server/transfer.ts";

const COMMITS = ["send_transfer", "refund_transfer"];
afterEach(() => setWriteFaults("", COMMITS));

describe("the write faults' spec", () => {
  it("reads <commit>=unavailable and <commit>=timeout, comma separated; empty names none", () => {
    expect([
      ...parseWriteFaults(" send_transfer = timeout ,refund_transfer=unavailable,", COMMITS),
    ]).toEqual([
      ["send_transfer", "timeout"],
      ["refund_transfer", "unavailable"],
    ]);
    expect(parseWriteFaults("", COMMITS).size).toBe(0);
    expect(parseWriteFaults(" , ", COMMITS).size).toBe(0);
  });

  it("refuses a malformed entry, an unknown fault or tool, and a tool named twice, saying which", () => {
    const refused = (spec: string) => () => parseWriteFaults(spec, COMMITS);
    expect(refused("send_transfer")).toThrow('"send_transfer" is not <commit tool>=unavailable');
    expect(refused("=timeout")).toThrow("is not <commit tool>=unavailable");
    expect(refused("send_transfer=timeout=1")).toThrow("is not <commit tool>=unavailable");
    expect(refused("send_transfer=503")).toThrow('the fault is unavailable or timeout, not "503"');
    expect(refused("book_flight=timeout")).toThrow(
      'no commit tool is called "book_flight" (this app\'s: send_transfer, refund_transfer)',
    );
    expect(() => parseWriteFaults("x=timeout", [])).toThrow("this app declares none");
    expect(refused("send_transfer=timeout,send_transfer=unavailable")).toThrow(
      '"send_transfer" is named twice',
    );
    // Whatever was sent, the message quotes a short piece of it.
    expect(() => parseWriteFaults(`${"x".repeat(5000)}=timeout`, COMMITS)).toThrow(/^.{0,300}$/);
  });

  it("is kept until changed: a refused spec changes nothing, an empty one clears, production sets none", () => {
    setWriteFaults("send_transfer=timeout", COMMITS);
    expect(() => setWriteFaults("send_transfer=slow", COMMITS)).toThrow();
    expect(writeFaultsSpec()).toBe("send_transfer=timeout");
    setWriteFaults("", COMMITS);
    expect(writeFaultsSpec()).toBe("");
    const mode = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => setWriteFaults("send_transfer=timeout", COMMITS)).toThrow("development-only");
    } finally {
      process.env.NODE_ENV = mode;
    }
    expect(writeFaultsSpec()).toBe("");
  });
});

const widget = { uris: { skybridge: "ui://widget/p.html", mcpApp: "ui://widget/p.mcp-app.html" } };
const alice = { principal: { issuer: "local", subject: "alice", scopes: [TRANSFER_SCOPE] } };

/** The payments app as created, its provider's sends counted (every call, and what moved). */
function open() {
  const clock = { now: Date.parse("2030-04-30T10:00:00Z") };
  const now = () => clock.now;
  const store = createSqliteStore(":memory:");
  const moved: number[] = [];
  const provider = fakeProvider(store, (payment) => moved.push(payment.cents));
  const calls: string[] = [];
  const counted = {
    ...provider,
    send(...args: Parameters<typeof provider.send>) {
      calls.push(args[1]);
      return provider.send(...args);
    },
  };
  const tools = createPaymentsServer({ widget, log: silentLogger, store, now, provider: counted });
  const { view } = callAsWidget(tools, { parse: payments.parse, origin: alice });
  async function send(key: string) {
    const quote = await view("quote_transfer", { contact_id: "c-101", amount_cents: 2000 });
    if (quote.state !== "confirm") throw new Error(`no quote: ${quote.state}`);
    const args = { draft_id: quote.data.quote.draft_id, idempotency_key: key };
    return { args, shown: await view("send_transfer", args) };
  }
  const balance = async () => (await provider.balance(callerScope(alice.principal))) / 100;
  return { clock, now, store, tools, view, send, calls, moved, balance };
}

describe("a declared write under the faults", () => {
  it("lists its commit as declared, with no code of the app's", () => {
    const { tools } = open();
    expect(declaredCommits(tools.listTools().map((tool) => tool.name))).toEqual(["send_transfer"]);
  });

  it("unavailable: runs nothing and says so; after clearing, the retry with the key sends once", async () => {
    const app = open();
    setWriteFaults("send_transfer=unavailable", COMMITS);
    const { args, shown } = await app.send("key-fault-unavailable");
    expect(shown).toMatchObject({
      state: "error",
      error: {
        code: "UPSTREAM_UNAVAILABLE",
        retryable: true,
        changes: "none",
        message: expect.stringContaining("send_transfer=unavailable"),
      },
    });
    expect(app.calls).toEqual([]);
    // The faults stay until changed: the retry meets the outage again.
    expect(await app.view("send_transfer", args)).toMatchObject({ error: { changes: "none" } });
    expect(app.calls).toEqual([]);
    setWriteFaults("", COMMITS);
    expect(await app.view("send_transfer", args)).toMatchObject({ state: "committed" });
    expect(await app.view("send_transfer", args)).toMatchObject({ data: { replayed: true } });
    expect(app.calls).toHaveLength(1);
    expect(await app.balance()).toBe(479.5);
  });

  it("timeout: one effect, the record in doubt; the retry with the key finishes it under the same effect key", async () => {
    const app = open();
    setWriteFaults("send_transfer=timeout", COMMITS);
    const { args, shown } = await app.send("key-fault-timeout");
    expect(shown).toMatchObject({
      error: { code: "UPSTREAM_TIMEOUT", retryable: true, changes: "unknown" },
    });
    expect(app.calls).toHaveLength(1);
    expect(app.moved).toHaveLength(1);
    const record = await recordsOf(app.store).peekKey(
      callerScope(alice.principal),
      args.idempotency_key,
    );
    expect(record).toMatchObject({ state: "retryable", inDoubt: true });
    setWriteFaults("", COMMITS);
    const done = await app.view("send_transfer", args);
    expect(done).toMatchObject({ state: "committed" });
    // The same effect key both times: the provider took it once.
    expect(app.calls).toEqual([app.calls[0], app.calls[0]]);
    expect(done.state === "committed" && done.data.transfer.transfer_id).toBe(
      `tr_${app.calls[0]!.slice(0, 16)}`,
    );
    expect(app.moved).toHaveLength(1);
    expect(await app.balance()).toBe(479.5);
  });

  it("timeout: the reconciler finishes the record nobody retried, once the fault is cleared", async () => {
    const app = open();
    setWriteFaults("send_transfer=timeout", COMMITS);
    const { args } = await app.send("key-fault-timeout-reconciled");
    const pass = async () => {
      app.clock.now += 120_000;
      return reconcileInDoubt({ store: app.store, now: app.now, ...app.tools.reconciler });
    };
    // While the fault stays, the reconciler's finish loses its answer too: still in doubt.
    expect(await pass()).toMatchObject({ completed: 0 });
    expect(app.calls).toEqual([app.calls[0], app.calls[0]]);
    setWriteFaults("", COMMITS);
    expect(await pass()).toMatchObject({ completed: 1 });
    expect(app.calls).toEqual([app.calls[0], app.calls[0], app.calls[0]]);
    expect(app.moved).toHaveLength(1);
    expect(await app.view("send_transfer", args)).toMatchObject({ data: { replayed: true } });
    expect(app.calls).toHaveLength(3);
  });
});
