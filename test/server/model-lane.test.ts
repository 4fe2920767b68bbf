/**
 * The person confirms, by construction — tried from outside, as the issue did: a signed-in
 * MCP client (the SDK's, over Streamable HTTP, with a real token) that uses only what a model
 * sees — the tools a host lists to the model (none marked app-only) and the `content` and
 * `structuredContent` of every result — cannot place a purchase or send a reply, in the kit's fixture shop
 * and in both templates, even calling the hidden commit tool by name. With the proof from the
 * prepare result's `_meta` (what the widget gets) it commits, exactly once.
 */
import { randomUUID } from "node:crypto";
import type { CallToolResult, Client, Tool } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { BOOKING_SCOPE } from "../../templates/flights/server/book-flight.ts";
import { createFlightsServer } from "../../templates/flights/server/tools.ts";
import { REPLY_SCOPE } from "../../templates/replies/server/send-reply.ts";
import { createRepliesServer } from "../../templates/replies/server/tools.ts";
import { createSqliteStore, silentLogger, type ToolServer } from "../../src/server/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { SIGN_IN_SENTENCE } from "../../src/server/auth/tool-access.ts";
import { startFixture } from "../fixture-app/harness.ts";
import { connectClient } from "./mcp-client.ts";
import { serveProtected } from "./serve-protected.ts";

/** What a model reads of a result: its text and structuredContent, never `_meta`. */
function modelView(result: CallToolResult): string {
  return JSON.stringify({ content: result.content, structuredContent: result.structuredContent });
}

/** The tools a host lists to the model: every tool not marked app-only in either form. */
function modelVisible(tools: Tool[]): Tool[] {
  return tools.filter((tool) => {
    const meta = (tool._meta ?? {}) as {
      ui?: { visibility?: unknown };
      "openai/visibility"?: unknown;
    };
    const visibility = meta.ui?.visibility;
    const appOnly = Array.isArray(visibility) && !visibility.includes("model");
    return !appOnly && meta["openai/visibility"] !== "private";
  });
}

interface App {
  name: string;
  /** A signed-in client, and how many writes the app made so far. */
  client: Client;
  writes: () => Promise<number> | number;
  prepare: { tool: string; args: { [key: string]: unknown } };
  commit: string;
  others: string[];
}

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function fixtureShop(): Promise<App> {
  const h = await startFixture();
  closers.push(() => h.close());
  return {
    name: "the fixture shop",
    client: await h.connect(),
    writes: () => h.app.effects(),
    prepare: { tool: "prepare_purchase", args: { product_id: "p-mug" } },
    commit: "place_purchase",
    others: ["list_products", "prepare_purchase"],
  };
}

/** A template's tool server behind the kit's HTTP layer, with a client signed in for `scope`. */
async function template(
  name: string,
  scope: string,
  make: (options: { count: () => void }) => ToolServer,
): Promise<{ client: Client; writes: () => number }> {
  let writes = 0;
  const served = await serveProtected(make({ count: () => void writes++ }), scope, name);
  const client = await connectClient(served.url, await served.issuer.mint({ scope }));
  closers.push(async () => {
    await client.close();
    await served.close();
  });
  return { client, writes: () => writes };
}

const widget = {
  uris: { skybridge: "ui://widget/app.html", mcpApp: "ui://widget/app.mcp-app.html" },
};

async function flights(): Promise<App> {
  const { client, writes } = await template("Flights", BOOKING_SCOPE, ({ count }) =>
    createFlightsServer({
      widget,
      log: silentLogger,
      store: createSqliteStore(":memory:"),
      onBooked: count,
    }),
  );
  return {
    name: "flights template",
    client,
    writes,
    prepare: { tool: "prepare_booking", args: { offer_id: "f-101", passengers: 1 } },
    commit: "book_flight",
    others: ["search_flights", "prepare_booking"],
  };
}

async function replies(): Promise<App> {
  const { client, writes } = await template("Replies", REPLY_SCOPE, ({ count }) =>
    createRepliesServer({
      widget,
      log: silentLogger,
      store: createSqliteStore(":memory:"),
      onSent: count,
    }),
  );
  return {
    name: "replies template",
    client,
    writes,
    prepare: { tool: "draft_reply", args: { ticket_id: "t-4127", body: "Fixed in 2.1, thanks!" } },
    commit: "send_reply",
    others: ["list_tickets", "draft_reply"],
  };
}

describe.each([
  // The fixture shop's commit is declared by hand, without a confirmation form.
  ["the fixture shop", fixtureShop, false],
  ["the flights template", flights, true],
  ["the replies template", replies, true],
])("%s: only the person's click commits", (_name, start, hasForm) => {
  let app: App;

  it("lists the commit app-only (ui.visibility, no deprecated openai/visibility), and the prepare and read tools to the model", async () => {
    app = await start();
    const { tools } = await app.client.listTools();
    const commit = tools.find((tool) => tool.name === app.commit);
    expect(commit?._meta).toMatchObject({
      ui: { visibility: ["app"] },
      "openai/widgetAccessible": true,
    });
    expect(commit?._meta).not.toHaveProperty("openai/visibility");
    // With a form, offered, not required: a client without the widget calls it without one and
    // the person confirms in the form (a client that checks required fields would not call it).
    expect(commit?.inputSchema.properties).toHaveProperty("confirmation");
    expect(commit?.inputSchema.required?.includes("confirmation")).toBe(!hasForm);
    expect(
      modelVisible(tools)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual([...app.others].sort());
    for (const tool of tools.filter((t) => t.name !== app.commit)) {
      const meta = tool._meta as { ui?: { visibility?: unknown }; "openai/visibility"?: unknown };
      expect(meta.ui?.visibility).toBeUndefined();
      expect(meta["openai/visibility"]).toBeUndefined();
    }
  });

  it("a client with only what the model sees cannot commit, whatever it tries", async () => {
    const prepared = (await app.client.callTool({
      name: app.prepare.tool,
      arguments: app.prepare.args,
    })) as CallToolResult;
    const seen = modelView(prepared);
    const proof = prepared._meta?.[CONFIRMATION_META];
    expect(typeof proof).toBe("string");
    // The proof is in the widget-only lane and nowhere the model reads.
    expect(seen).not.toContain(String(proof));
    const draftId = (prepared.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
    const before = await app.writes();
    const attempts: Array<{ [key: string]: unknown }> = [
      { draft_id: draftId, idempotency_key: randomUUID() },
      { draft_id: draftId, idempotency_key: randomUUID(), confirmation: "" },
      { draft_id: draftId, idempotency_key: randomUUID(), confirmation: draftId },
      {
        draft_id: draftId,
        idempotency_key: randomUUID(),
        confirmation: `v1.zzzzzz.${"A".repeat(43)}`,
      },
      { draft_id: draftId, idempotency_key: randomUUID(), confirmation: { ok: true } },
    ];
    for (const args of attempts) {
      const result = (await app.client.callTool({
        name: app.commit,
        arguments: args,
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        ok: false,
        error: { code: "CONFIRMATION_REQUIRED", changes: "none", retryable: false },
      });
      expect(modelView(result)).toMatch(/confirm it there/);
    }
    expect(await app.writes()).toBe(before);
  });

  it("with the proof from _meta it commits exactly once", async () => {
    const prepared = (await app.client.callTool({
      name: app.prepare.tool,
      arguments: app.prepare.args,
    })) as CallToolResult;
    const args = {
      draft_id: (prepared.structuredContent as { draft: { draft_id: string } }).draft.draft_id,
      idempotency_key: randomUUID(),
      confirmation: prepared._meta?.[CONFIRMATION_META],
    };
    const before = await app.writes();
    const first = (await app.client.callTool({
      name: app.commit,
      arguments: args,
    })) as CallToolResult;
    const again = (await app.client.callTool({
      name: app.commit,
      arguments: args,
    })) as CallToolResult;
    expect(first.structuredContent).toMatchObject({ ok: true, replayed: false });
    expect(again.structuredContent).toMatchObject({ ok: true, replayed: true });
    // The proof never comes back where the model reads.
    expect(modelView(first)).not.toContain(String(args.confirmation));
    expect((await app.writes()) - before).toBe(1);
  });
});

describe("a model's own commit gets one piece of advice, whoever calls", () => {
  it("answers CONFIRMATION_REQUIRED before sign-in and before its arguments, anonymous or signed in", async () => {
    const h = await startFixture();
    closers.push(() => h.close());
    const answers: unknown[] = [];
    for (const client of [await h.connect({ anonymous: true }), await h.connect()])
      for (const args of [{}, { draft_id: "drf_x" }, { draft_id: "drf_x", idempotency_key: "k" }]) {
        const result = (await client.callTool({
          name: "place_purchase",
          arguments: args,
        })) as CallToolResult;
        const { request_id: _id, ...error } = (
          result.structuredContent as { error: { request_id: string } }
        ).error;
        answers.push(error);
      }
    expect(answers[0]).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(answers[0]).not.toHaveProperty("field_errors");
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(h.app.effects()).toBe(0);
  });
});

describe("a model is told before it calls which tools need sign-in", () => {
  it("adds the sign-in sentence to the description of every tool that refuses anonymous calls, and only to those", async () => {
    const h = await startFixture();
    closers.push(() => h.close());
    const { tools } = await (await h.connect({ anonymous: true })).listTools();
    const needsSignIn = (tool: Tool) =>
      (tool._meta?.securitySchemes as Array<{ type: string }> | undefined)?.every(
        (scheme) => scheme.type === "oauth2",
      ) === true;
    expect(tools.filter(needsSignIn).length).toBeGreaterThan(0);
    expect(tools.filter((tool) => !needsSignIn(tool)).length).toBeGreaterThan(0);
    for (const tool of tools)
      expect(tool.description?.endsWith(SIGN_IN_SENTENCE), tool.name).toBe(needsSignIn(tool));
  });
});
