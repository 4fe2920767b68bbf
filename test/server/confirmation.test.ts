/**
 * The confirmation proof and the tool server's use of it: a commit declared
 * `confirm: { prepare }` is app-only in tools/list, takes `confirmation`, and runs only with a
 * genuine, unexpired proof of its draft for its caller — checked before the handler, which
 * never sees the proof. Bad declarations stop the server at startup.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  createConfirmationSigner,
  createToolServer,
  silentLogger,
  StartupRefusal,
  type CallOrigin,
  type ToolDefinition,
} from "../../src/server/index.ts";
import { DEVELOPMENT_CONFIRMATION_SECRET } from "../../src/server/write/confirmation.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { things } from "../support/thing-contract.ts";
import { defineContract, id, recordKind } from "../../src/contract/index.ts";
import { defineTool } from "../../src/server/define-tool.ts";
import { callAsWidget } from "../../src/testing/index.ts";

const contract = things;
const alice = { principal: { issuer: "local", subject: "alice", scopes: [] } };
const bob = { principal: { issuer: "local", subject: "bob", scopes: [] } };

function server(now = () => 1_000_000, confirm: ToolDefinition["confirm"] = { prepare: "prep" }) {
  const seen: unknown[] = [];
  const tools: ToolDefinition[] = [
    {
      name: "prep",
      description: "Prepares.",
      annotations: {},
      kind: "thing_draft",
      outputSchema: { type: "object" },
      arguments: { schema: v.strictObject({ id: v.string() }), repair: () => ({ id: "d1" }) },
      handler: async (args) => ({
        ok: true,
        data: { draft: { draft_id: (args as { id: string }).id } },
        text: "drafted",
      }),
    },
    {
      name: "commit",
      description: "Commits.",
      annotations: {},
      kind: "thing",
      outputSchema: { type: "object" },
      meta: { ui: { resourceUri: "ui://w" } },
      writes: true,
      confirm,
      arguments: {
        schema: v.strictObject({ draft_id: v.string(), idempotency_key: v.string() }),
        repair: () => ({ draft_id: "d1", idempotency_key: "k" }),
      },
      handler: async (args) => {
        seen.push(args);
        return { ok: true, data: {}, text: "done" };
      },
    },
  ];
  const tools_ = createToolServer({
    info: { name: "t", version: "1" },
    contract,
    tools,
    log: silentLogger,
    confirmation: { secret: "test-secret", ttlMs: 60_000, now },
  });
  return { tools: tools_, seen };
}

async function proofFor(
  tools: ReturnType<typeof server>["tools"],
  id: string,
  caller: CallOrigin = alice,
) {
  const result = await tools.callTool("prep", { id }, caller);
  return result._meta?.[CONFIRMATION_META] as string;
}

describe("the confirmation signer", () => {
  const signer = createConfirmationSigner({ secret: "s", ttlMs: 1000, now: () => 5000 });

  it("accepts its own proof for the same draft and caller only", () => {
    const proof = signer.issue("drf_1", "user:a");
    expect(signer.verify(proof, "drf_1", "user:a")).toBe(true);
    expect(signer.verify(proof, "drf_2", "user:a")).toBe(false);
    expect(signer.verify(proof, "drf_1", "user:b")).toBe(false);
  });

  it("refuses another secret's proof, an expired one, and anything malformed", () => {
    const other = createConfirmationSigner({ secret: "t", ttlMs: 1000, now: () => 5000 });
    expect(signer.verify(other.issue("drf_1", "user:a"), "drf_1", "user:a")).toBe(false);
    const late = createConfirmationSigner({ secret: "s", ttlMs: 1000, now: () => 6001 });
    expect(late.verify(signer.issue("drf_1", "user:a"), "drf_1", "user:a")).toBe(false);
    const proof = signer.issue("drf_1", "user:a");
    // A later expiry written in by hand breaks the signature.
    const stretched = proof.replace(/^v1\.[0-9a-z]+/, "v1.zzzzzzzz");
    for (const bad of [
      undefined,
      null,
      7,
      {},
      "",
      "v1..",
      stretched,
      `${proof}x`,
      "x".repeat(5000),
    ])
      expect(signer.verify(bad, "drf_1", "user:a")).toBe(false);
  });

  it("still accepts the proofs of a rotated-out secret kept as previous, and signs with the new one", () => {
    const before = signer.issue("drf_1", "user:a");
    const rotated = createConfirmationSigner({
      secret: "s2",
      previousSecrets: ["s"],
      ttlMs: 1000,
      now: () => 5000,
    });
    expect(rotated.verify(before, "drf_1", "user:a")).toBe(true);
    expect(rotated.verify(before, "drf_2", "user:a")).toBe(false);
    // New proofs are the new secret's: a server still on the old one alone refuses them.
    expect(signer.verify(rotated.issue("drf_1", "user:a"), "drf_1", "user:a")).toBe(false);
    const fromEnv = createConfirmationSigner({
      env: {
        // Development: production refuses secrets this short (the next test).
        NODE_ENV: "test",
        CONFIRMATION_SECRET: "s2",
        CONFIRMATION_PREVIOUS_SECRETS: " s ,t",
      },
      ttlMs: 1000,
      now: () => 5000,
    });
    expect(fromEnv.verify(before, "drf_1", "user:a")).toBe(true);
    const forgotten = createConfirmationSigner({ secret: "s2", ttlMs: 1000, now: () => 5000 });
    expect(forgotten.verify(before, "drf_1", "user:a")).toBe(false);
  });

  it("needs a secret in production, naming CONFIRMATION_SECRET; development has a built-in one", () => {
    expect(() => createConfirmationSigner({ env: { NODE_ENV: "production" } })).toThrow(
      StartupRefusal,
    );
    expect(() => createConfirmationSigner({ env: {} })).toThrow(/CONFIRMATION_SECRET/);
    const production = (env: { [name: string]: string }) => () =>
      createConfirmationSigner({ env: { NODE_ENV: "production", ...env } });
    const strong = "kq3Vv9ZL0pX2mR7tYw5bN8cH4dF6gJ1s";
    expect(production({ CONFIRMATION_SECRET: strong })).not.toThrow();
    // Weak or public secrets are refused there, named, never repeated.
    for (const env of <{ [name: string]: string }[]>[
      { CONFIRMATION_SECRET: "x" },
      { CONFIRMATION_SECRET: "a".repeat(64) },
      { CONFIRMATION_SECRET: DEVELOPMENT_CONFIRMATION_SECRET },
      { CONFIRMATION_SECRET: strong, CONFIRMATION_PREVIOUS_SECRETS: `${strong}x, short` },
    ]) {
      expect(production(env)).toThrow(StartupRefusal);
      expect(production(env)).toThrow(Object.keys(env).at(-1));
      expect(production(env)).not.toThrow(env.CONFIRMATION_SECRET);
    }
    expect(() =>
      createConfirmationSigner({ env: { NODE_ENV: "test", CONFIRMATION_SECRET: "x" } }),
    ).not.toThrow();
    expect(() => createConfirmationSigner({ env: { NODE_ENV: "development" } })).not.toThrow();
  });
});

describe("a tool server with a confirmed commit", () => {
  it("lists the commit app-only in ui.visibility (keeping its resource URI), never the deprecated openai/visibility, and the prepare as is", () => {
    const { tools } = server();
    const [prep, commit] = tools.listTools();
    expect(commit?._meta).toMatchObject({
      ui: { resourceUri: "ui://w", visibility: ["app"] },
      "openai/widgetAccessible": true,
    });
    expect(commit?._meta).not.toHaveProperty("openai/visibility");
    expect(commit?.inputSchema.properties).toHaveProperty("confirmation");
    expect(commit?.inputSchema.required).toEqual(["draft_id", "idempotency_key", "confirmation"]);
    expect(prep?._meta).not.toHaveProperty("openai/visibility");
    expect(prep?.inputSchema.properties).not.toHaveProperty("confirmation");
  });

  it("puts the proof in the prepare result's _meta only, never in content or structuredContent", async () => {
    const { tools } = server();
    const result = await tools.callTool("prep", { id: "d1" }, alice);
    const proof = result._meta?.[CONFIRMATION_META];
    expect(typeof proof).toBe("string");
    expect(JSON.stringify([result.content, result.structuredContent])).not.toContain(proof);
  });

  it("lets a draft prepared before sign-in be committed once signed in; a person's proof stays theirs", async () => {
    const { tools, seen } = server();
    const anonymous = await proofFor(tools, "d1", {});
    const commit = (confirmation: string, caller: typeof alice) =>
      tools.callTool("commit", { draft_id: "d1", idempotency_key: "k", confirmation }, caller);
    expect((await commit(anonymous, alice)).isError).toBeUndefined();
    expect((await commit(await proofFor(tools, "d1"), bob)).isError).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it("runs the handler with a valid proof, and never hands it the proof", async () => {
    const { tools, seen } = server();
    const confirmation = await proofFor(tools, "d1");
    const result = await tools.callTool(
      "commit",
      { draft_id: "d1", idempotency_key: "k1", confirmation },
      alice,
    );
    expect(result.isError).toBeUndefined();
    expect(seen).toEqual([{ draft_id: "d1", idempotency_key: "k1" }]);
  });

  it("refuses, before the handler, no proof, another draft's, another caller's, an expired one", async () => {
    let clock = 1_000_000;
    const { tools, seen } = server(() => clock);
    const mine = await proofFor(tools, "d1");
    const otherDraft = await proofFor(tools, "d2");
    const bobs = await proofFor(tools, "d1", bob);
    const calls = [
      { draft_id: "d1", idempotency_key: "k" },
      { draft_id: "d1", idempotency_key: "k", confirmation: otherDraft },
      { draft_id: "d1", idempotency_key: "k", confirmation: bobs },
      { draft_id: "d1", idempotency_key: "k", confirmation: 42 },
    ];
    for (const args of calls) {
      const result = await tools.callTool("commit", args, alice);
      expect(result.structuredContent).toMatchObject({
        ok: false,
        error: {
          code: "CONFIRMATION_REQUIRED",
          retryable: false,
          changes: "none",
          next_action: expect.stringContaining("confirm it there"),
        },
      });
    }
    clock += 60_001;
    const expired = await tools.callTool(
      "commit",
      { draft_id: "d1", idempotency_key: "k", confirmation: mine },
      alice,
    );
    expect(expired.structuredContent).toMatchObject({
      error: { code: "CONFIRMATION_REQUIRED" },
    });
    expect(seen).toEqual([]);
  });

  it("answers a recordFirst commit with no proof CONFIRMATION_REQUIRED before its arguments, signed in too", async () => {
    const { tools } = server(undefined, { prepare: "prep", recordFirst: true });
    const answers = [];
    for (const caller of [alice, {}])
      for (const args of [
        {},
        { draft_id: "d1" },
        { draft_id: "d1", idempotency_key: "k" },
        // Arguments wrong every way, and a proof that is no proof: still the same one answer.
        { draft_id: 3, idempotency_key: "", mood: "x" },
        { draft_id: "d1", confirmation: 42 },
      ]) {
        const result = await tools.callTool("commit", args, caller);
        const { request_id: _id, ...error } = (
          result.structuredContent as { error: { request_id: string } }
        ).error;
        answers.push(error);
      }
    expect(answers[0]).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // A proof, valid or not, is the widget's: its arguments are checked first, as ever.
    const widget = await tools.callTool("commit", { draft_id: "d1", confirmation: "x" }, alice);
    expect(widget.structuredContent).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it("still lists every bad argument first (the proof is no field of the app's schema)", async () => {
    const { tools } = server();
    const result = await tools.callTool("commit", { draft_id: 3, confirmation: "x" }, alice);
    expect(result.structuredContent).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it('lists a commit declared confirm: "model" to the model, with no proof to send', async () => {
    const { tools, seen } = server(undefined, "model");
    const commit = tools.listTools()[1];
    expect(commit?._meta).not.toHaveProperty("openai/visibility");
    expect(commit?.inputSchema.properties).not.toHaveProperty("confirmation");
    expect((await tools.callTool("prep", { id: "d1" }, alice))._meta).toBeUndefined();
    await tools.callTool("commit", { draft_id: "d1", idempotency_key: "k" }, alice);
    expect(seen).toHaveLength(1);
  });

  it("refuses at startup a write with no confirm, or a prepare that is missing or writes", () => {
    const base = { info: { name: "t", version: "1" }, contract, log: silentLogger };
    const write = (extra: Partial<ToolDefinition>): ToolDefinition => ({
      name: "w",
      description: "W.",
      annotations: {},
      kind: "thing",
      outputSchema: {},
      writes: true,
      arguments: { schema: v.strictObject({ draft_id: v.string() }), repair: () => ({}) },
      handler: async () => ({ ok: true, data: {}, text: "" }),
      ...extra,
    });
    expect(() => createToolServer({ ...base, tools: [write({})] })).toThrow(/declare who confirms/);
    expect(() =>
      createToolServer({ ...base, tools: [write({ confirm: { prepare: "nope" } })] }),
    ).toThrow(/confirm.prepare/);
    expect(() =>
      createToolServer({ ...base, tools: [write({ confirm: { prepare: "w" } })] }),
    ).toThrow(/confirm.prepare/);
    expect(() =>
      createToolServer({
        ...base,
        tools: [
          write({ name: "p", writes: false }),
          write({
            confirm: { prepare: "p" },
            arguments: { schema: v.strictObject({ id: v.string() }), repair: () => ({}) },
          }),
        ],
      }),
    ).toThrow(/takes draft_id/);
  });
});

describe("the draft entry, whatever the app calls it", () => {
  // As a created app writes it: its own contract, the draft under its own name (`quote`).
  const QuoteSchema = v.object({ draft_id: id(), amount: v.number() });
  const transfers = defineContract({
    kinds: {
      quote: recordKind({ state: "confirm", entries: { quote: QuoteSchema } }),
      two_drafts: recordKind({
        state: "confirm",
        entries: { quote: QuoteSchema, other: QuoteSchema },
      }),
      sent: recordKind({ state: "committed", entries: { sent: v.boolean() } }),
    },
  });
  function app(prepareKind: "quote" | "two_drafts" | "sent") {
    const prepare = defineTool(transfers, prepareKind, {
      name: "quote_transfer",
      description: "Quotes a transfer.",
      annotations: { readOnlyHint: true },
      arguments: { schema: v.strictObject({}), repair: () => ({}) },
      handler: async () =>
        ({
          ok: true,
          data: { quote: { draft_id: "drf_q1", amount: 5 } },
          text: "Quoted.",
        }) as never,
    });
    const send = defineTool(transfers, "sent", {
      name: "send_money",
      description: "Sends it.",
      annotations: {},
      writes: true,
      confirm: { prepare: "quote_transfer" },
      arguments: {
        schema: v.strictObject({ draft_id: v.string(), idempotency_key: v.string() }),
        repair: () => ({ draft_id: "drf_q1", idempotency_key: "k" }),
      },
      handler: async () => ({ ok: true, data: { sent: true }, text: "Sent." }),
    });
    return createToolServer({
      info: { name: "transfers", version: "1" },
      contract: transfers,
      tools: [prepare, send],
      log: silentLogger,
      confirmation: { secret: "test-secret" },
    });
  }

  it("issues the proof for the entry holding draft_id, here named quote, and the commit runs with it", async () => {
    const tools = app("quote");
    const proof = (await tools.callTool("quote_transfer", {}, alice))._meta?.[CONFIRMATION_META];
    expect(proof).toMatch(/^v1\./);
    const sent = await tools.callTool(
      "send_money",
      { draft_id: "drf_q1", idempotency_key: "k", confirmation: proof },
      alice,
    );
    expect(sent.structuredContent).toMatchObject({ ok: true, sent: true });
    // A test driving it as the widget does finds the same entry.
    const widget = callAsWidget(tools, { parse: transfers.parse, origin: alice });
    await widget.call("quote_transfer", {});
    const again = await widget.view("send_money", { draft_id: "drf_q1", idempotency_key: "k2" });
    expect(again).toMatchObject({ state: "committed" });
  });

  it("refuses to start, in one sentence naming the fix, a prepare kind with no draft entry or two", () => {
    expect(() => app("sent")).toThrow(
      /^Tool "quote_transfer" prepares a confirmed write, so its kind "sent" must be a record kind with exactly one entry that is an object with a draft_id .*; it has none\.$/,
    );
    expect(() => app("two_drafts")).toThrow(/it has 2: quote, other\.$/);
  });
});
