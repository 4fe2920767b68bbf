/**
 * The server keeps the contract: every result of its tools parses with the widget's own
 * contract to the state the widget must show. A reply is sent once per idempotency key, only
 * for a verified caller and only from that caller's own draft; drafting is rate-limited per
 * caller. Calls go through the tool server without HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  callerScope,
  createConfirmationSigner,
  createSqliteStore,
  silentLogger,
  type CallOrigin,
  type ToolServer,
} from "mcp-widget-kit/server";
import { ERROR_CODES } from "mcp-widget-kit/contract";
import { callAsWidget } from "mcp-widget-kit/testing";
import { replies, type Reply } from "../contract.ts";
import { REPLY_SCOPE } from "../server/send-reply.ts";
import { createRepliesServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/replies.html", mcpApp: "ui://widget/replies.mcp-app.html" },
};
const clock = Date.parse("2030-04-30T10:00:00Z");
const sent: Reply[] = [];
const tools = createRepliesServer({
  widget,
  log: silentLogger,
  store: createSqliteStore(":memory:"),
  onSent: (reply) => sent.push(reply),
  now: () => clock,
});
const person = (subject: string) => ({
  principal: { issuer: "local", subject, scopes: [REPLY_SCOPE] },
});
const alice = person("alice");

/**
 * Calls a server's tools as the widget does: the commit carries its confirmation proof, signed
 * for the calling person with the kit's development secret (as in the server under test).
 */
const proofs = createConfirmationSigner({ now: () => clock });
const asWidget = (server: ToolServer) =>
  callAsWidget(server, {
    parse: replies.parse,
    origin: alice as CallOrigin,
    sign: (draftId, origin) => proofs.issue(draftId, callerScope(origin?.principal)),
  });
const { view } = asWidget(tools);

async function draft(body: string, caller: CallOrigin = alice) {
  const shown = await view("draft_reply", { ticket_id: "t-4131", body }, caller);
  if (shown.state !== "confirm") throw new Error(`no draft: ${shown.state}`);
  return shown.data.draft.draft_id;
}

describe("the replies server", () => {
  it("lists its tools, each pointing at the widget for both hosts", () => {
    const listed = tools.listTools();
    expect(listed.map((tool) => tool.name).sort()).toEqual([
      "draft_reply",
      "list_tickets",
      "send_reply",
    ]);
    for (const tool of listed)
      expect(tool._meta).toMatchObject({
        "openai/outputTemplate": widget.uris.skybridge,
        ui: { resourceUri: widget.uris.mcpApp },
      });
  });

  it("lists the open tickets (results)", async () => {
    const shown = await view("list_tickets", {});
    expect(shown.state).toBe("results");
    if (shown.state === "results") expect(shown.items).toHaveLength(3);
  });

  it("drafts a reply with its text, and sends nothing", async () => {
    const shown = await view("draft_reply", { ticket_id: "t-4127", body: "  Fixed on Monday. " });
    expect(shown.state).toBe("confirm");
    if (shown.state === "confirm") expect(shown.data.draft.body).toBe("Fixed on Monday.");
    expect(sent).toHaveLength(0);
  });

  it("sends a confirmed reply exactly once per key, and refuses the key for another draft", async () => {
    const before = sent.length;
    const draftId = await draft("We have reset it for you.");
    const send = { draft_id: draftId, idempotency_key: "key-send-once-1" };
    const first = await view("send_reply", send);
    const again = await view("send_reply", send);
    expect(first).toMatchObject({ state: "committed", data: { replayed: false } });
    expect(again).toMatchObject({ state: "committed", data: { replayed: true } });
    expect(sent.length - before).toBe(1);
    expect(sent.at(-1)?.body).toBe("We have reset it for you.");
    const other = await draft("Another text is another draft.");
    const reused = await view("send_reply", { ...send, draft_id: other });
    expect(reused).toMatchObject({
      state: "error",
      error: { code: ERROR_CODES.idempotency.keyReused },
    });
  });

  it("sends a draft once whatever the key: another key is answered with the reply sent", async () => {
    const before = sent.length;
    const draftId = await draft("Only once, please.");
    const first = await view("send_reply", { draft_id: draftId, idempotency_key: "key-once-a" });
    expect(first).toMatchObject({ state: "committed", data: { replayed: false } });
    const reply = first.state === "committed" ? first.data.reply : undefined;
    // The kit places one write per draft (runCommit's single use): the reply it sent, replayed.
    for (const key of ["key-once-b", "key-once-b", "key-once-c"]) {
      const shown = await view("send_reply", { draft_id: draftId, idempotency_key: key });
      expect(shown).toMatchObject({ state: "committed", data: { replayed: true, reply } });
    }
    expect(sent.length - before).toBe(1);
    // Concurrent sends of one fresh draft under ten keys: one reply goes out.
    const racing = await draft("Raced.");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        view("send_reply", { draft_id: racing, idempotency_key: `key-race-${i}` }),
      ),
    );
    expect(
      results.filter((shown) => shown.state === "committed" && !shown.data.replayed),
    ).toHaveLength(1);
    expect(sent.length - before).toBe(2);
  });

  it("sends one reply per text and ticket whatever the draft: ten drafts of it confirmed at once send it once, the others are REPLY_ALREADY_SENT", async () => {
    const before = sent.length;
    const text = "Twice drafted, sent once.";
    const drafts = [];
    for (let i = 0; i < 10; i++) drafts.push(await draft(text));
    const keys = drafts.map((_, i) => `key-same-reply-${i}`);
    const results = await Promise.all(
      drafts.map((draft_id, i) =>
        asWidget(tools).call("send_reply", { draft_id, idempotency_key: keys[i]! }),
      ),
    );
    expect(sent.length - before).toBe(1);
    const won = results.findIndex((result) => !result.isError);
    expect(results.filter((result) => !result.isError)).toHaveLength(1);
    const reply = (results[won]!.structuredContent as { reply: Reply }).reply;
    for (const result of results.filter((r) => r.isError)) {
      // Unfinished then: retryable, nothing sent; finished: the reply that went out.
      const error = (result.structuredContent as { error: { code: string } }).error;
      expect(["REPLY_IN_PROGRESS", "REPLY_ALREADY_SENT"]).toContain(error.code);
      expect(error).toMatchObject({ changes: "none" });
    }
    // Once it went out: every other key is the settled conflict pointing to it, and the
    // winner's key replays its own reply.
    const again = await Promise.all(
      drafts.map((draft_id, i) =>
        asWidget(tools).call("send_reply", { draft_id, idempotency_key: keys[i]! }),
      ),
    );
    expect(sent.length - before).toBe(1);
    again.forEach((result, i) => {
      if (i === won)
        expect(result.structuredContent).toMatchObject({ ok: true, reply, replayed: true });
      else
        expect(result.structuredContent).toMatchObject({
          ok: false,
          reply,
          error: { code: "REPLY_ALREADY_SENT", retryable: false, changes: "none" },
        });
    });
    // Another text to the same ticket is another reply.
    const other = await draft("A second, different reply.");
    expect(
      await view("send_reply", { draft_id: other, idempotency_key: "key-other-text" }),
    ).toMatchObject({ state: "committed" });
    expect(sent.length - before).toBe(2);
  });

  it("keeps sent replies with their records: a restarted server replays them and still sends a draft once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replies-restart-"));
    const file = join(dir, "replies.sqlite");
    const open = (store: ReturnType<typeof createSqliteStore>, onSent?: () => void) =>
      createRepliesServer({ widget, log: silentLogger, store, now: () => clock, onSent });
    try {
      const store = createSqliteStore(file);
      const before = open(store);
      const shown = replies.parse(
        (await before.callTool("draft_reply", { ticket_id: "t-4127", body: "Kept." }, alice))
          .structuredContent,
      );
      if (shown.state !== "confirm") throw new Error(`no draft: ${shown.state}`);
      const send = { draft_id: shown.data.draft.draft_id, idempotency_key: "key-restart-a" };
      const first = await asWidget(before).view("send_reply", send);
      expect(first).toMatchObject({ state: "committed" });
      await store.close();
      const reopened = createSqliteStore(file);
      const after = open(reopened, () => {
        throw new Error("sent again after the restart");
      });
      const replayed = await asWidget(after).view("send_reply", send);
      expect(replayed).toMatchObject({
        state: "committed",
        data: { replayed: true, reply: first.state === "committed" ? first.data.reply : undefined },
      });
      const again = await asWidget(after).call("send_reply", {
        ...send,
        idempotency_key: "key-restart-b",
      });
      expect(again.structuredContent).toMatchObject({ ok: true, replayed: true });
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds no draft of another person's, and sends nothing for it", async () => {
    const before = sent.length;
    const bobs = await draft("Bob's words.", person("bob"));
    const shown = await view("send_reply", { draft_id: bobs, idempotency_key: "key-not-mine-1" });
    expect(shown).toMatchObject({
      state: "error",
      error: { code: "DRAFT_NOT_FOUND", changes: "none" },
    });
    expect(sent.length).toBe(before);
  });

  it("sends only with the widget's confirmation: the model's own call is refused", async () => {
    const draft_id = await draft("Model's words.");
    const before = sent.length;
    const listed = tools.listTools().find((tool) => tool.name === "send_reply");
    expect(listed?._meta).toMatchObject({
      ui: { visibility: ["app"] },
    });
    expect(listed?._meta).not.toHaveProperty("openai/visibility");
    const result = await tools.callTool(
      "send_reply",
      { draft_id, idempotency_key: "key-model-1" },
      alice,
    );
    expect(replies.parse(result.structuredContent)).toMatchObject({
      state: "error",
      error: { code: "CONFIRMATION_REQUIRED", retryable: false, changes: "none" },
    });
    expect(sent.length).toBe(before);
  });

  it("needs a signed-in person to draft or send", async () => {
    for (const [tool, args] of [
      ["draft_reply", { ticket_id: "t-4127", body: "hi" }],
      ["send_reply", { draft_id: "drf_x", idempotency_key: "key-anonymous-1" }],
    ] as const) {
      const shown = await view(tool, args, {});
      expect(shown).toMatchObject({ state: "error", error: { code: "AUTH_REQUIRED" } });
    }
  });

  it("limits drafting per caller, with a wait to retry after", async () => {
    const carol = person("carol");
    let last = await view("draft_reply", { ticket_id: "t-4135", body: "1" }, carol);
    for (let i = 0; i < 25 && last.state !== "error"; i++)
      last = await view("draft_reply", { ticket_id: "t-4135", body: `${i}` }, carol);
    expect(last).toMatchObject({
      state: "error",
      error: { code: "RATE_LIMITED", retryable: true },
    });
    if (last.state === "error") expect(last.error.retry_after_seconds).toBeGreaterThan(0);
    // Another person is not limited by Carol's drafts.
    expect(
      (await view("draft_reply", { ticket_id: "t-4135", body: "x" }, person("dan"))).state,
    ).toBe("confirm");
  });
});

describe("retention", () => {
  it("gives serveApp the purges of expired drafts and past rate-limit windows", async () => {
    let now = Date.parse("2030-04-30T10:00:00Z");
    const server = createRepliesServer({
      widget,
      log: silentLogger,
      store: createSqliteStore(":memory:"),
      now: () => now,
    });
    const shown = await asWidget(server).view("draft_reply", { ticket_id: "t-4131", body: "Hi" });
    expect(shown.state).toBe("confirm");
    const purgeAll = async () => {
      let rows = 0;
      for (const purge of server.purges) rows += await purge(1000);
      return rows;
    };
    // Nothing is due while the draft can still be sent and the minute's window is open.
    expect(await purgeAll()).toBe(0);
    now += 31 * 60_000;
    // The draft (30 minutes) and the drafting window (1 minute) are both past.
    expect(await purgeAll()).toBe(2);
  });
});
