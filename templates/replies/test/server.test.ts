/**
 * The server keeps the contract: every result of its tools parses with the widget's own
 * contract to the state the widget must show. A reply is one thing whatever its draft, and
 * drafting is rate-limited per caller; the kit's promises about the write (once per key and
 * per draft, the person's proof, the drafter's own drafts, a restart) are proved by its
 * `checkWrite`. Calls go through the tool server without HTTP.
 */
import * as vitest from "vitest";
import { describe, expect, it } from "vitest";
import { createSqliteStore, silentLogger, type CallOrigin } from "mcp-widget-kit/server";
import { callAsWidget } from "mcp-widget-kit/testing";
import { checkWrite } from "mcp-widget-kit/testing/server";
import { replies, type Reply } from "../contract.ts";
import { REPLY_SCOPE } from "../server/send-reply.ts";
import { createRepliesServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/replies.html", mcpApp: "ui://widget/replies.mcp-app.html" },
};
let clock = Date.parse("2030-04-30T10:00:00Z");
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
const { view, call } = callAsWidget(tools, { parse: replies.parse, origin: person("alice") });

checkWrite({
  vitest,
  open: ({ store, now, onEffect }) =>
    createRepliesServer({ widget, log: silentLogger, store, now, onSent: onEffect }),
  parse: replies.parse,
  prepare: { tool: "draft_reply", args: (n) => ({ ticket_id: "t-4131", body: `Reply ${n}.` }) },
  commit: "send_reply",
  widget: widget.uris,
  scopes: [REPLY_SCOPE],
  ownedDrafts: true,
  now: clock,
});

async function draft(body: string, caller?: CallOrigin) {
  const shown = await view("draft_reply", { ticket_id: "t-4131", body }, caller);
  if (shown.state !== "confirm") throw new Error(`no draft: ${shown.state}`);
  return shown.data.draft.draft_id;
}

describe("the replies server", () => {
  it("lists the open tickets (results)", async () => {
    const shown = await view("list_tickets", {});
    expect(shown.state === "results" && shown.items).toHaveLength(3);
  });

  it("drafts a reply with its text, and sends nothing; only for a signed-in person", async () => {
    const shown = await view("draft_reply", { ticket_id: "t-4127", body: "  Fixed on Monday. " });
    expect(shown.state === "confirm" && shown.data.draft.body).toBe("Fixed on Monday.");
    expect(sent).toHaveLength(0);
    const anonymous = await view("draft_reply", { ticket_id: "t-4127", body: "hi" }, {});
    expect(anonymous).toMatchObject({ state: "error", error: { code: "AUTH_REQUIRED" } });
  });

  it("sends one reply per text and ticket whatever the draft: ten drafts of it confirmed at once send it once", async () => {
    const before = sent.length;
    const drafts: string[] = [];
    for (let i = 0; i < 10; i++) drafts.push(await draft("Twice drafted, sent once."));
    const send = () =>
      Promise.all(
        drafts.map((draft_id, i) =>
          call("send_reply", { draft_id, idempotency_key: `key-same-${i}` }),
        ),
      );
    const results = await send();
    expect(sent.length - before).toBe(1);
    expect(sent.at(-1)?.body).toBe("Twice drafted, sent once.");
    const won = results.findIndex((result) => !result.isError);
    expect(results.filter((result) => !result.isError)).toHaveLength(1);
    for (const result of results.filter((r) => r.isError))
      // Unfinished then: retryable, nothing sent; finished: the reply that went out.
      expect(["IN_PROGRESS", "REPLY_ALREADY_SENT"]).toContain(
        (result.structuredContent as { error: { code: string } }).error.code,
      );
    // Once it went out: every other key is the settled refusal pointing to it.
    const reply = (results[won]!.structuredContent as { reply: Reply }).reply;
    (await send()).forEach((result, i) =>
      expect(result.structuredContent).toMatchObject(
        i === won
          ? { ok: true, reply, replayed: true }
          : { ok: false, reply, error: { code: "REPLY_ALREADY_SENT", changes: "none" } },
      ),
    );
    // Another text to the same ticket is another reply.
    const other = await draft("A second, different reply.");
    expect(
      await view("send_reply", { draft_id: other, idempotency_key: "key-other-text" }),
    ).toMatchObject({ state: "committed" });
    expect(sent.length - before).toBe(2);
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
    expect(last.state === "error" && last.error.retry_after_seconds).toBeGreaterThan(0);
    // Another person is not limited by Carol's drafts.
    expect(
      (await view("draft_reply", { ticket_id: "t-4135", body: "x" }, person("dan"))).state,
    ).toBe("confirm");
  });

  it("gives serveApp the purges of expired drafts and past rate-limit windows", async () => {
    const server = createRepliesServer({
      widget,
      log: silentLogger,
      store: createSqliteStore(":memory:"),
      now: () => clock,
    });
    const { view: viewOwn } = callAsWidget(server, { parse: replies.parse, origin: person("eve") });
    expect((await viewOwn("draft_reply", { ticket_id: "t-4131", body: "Hi" })).state).toBe(
      "confirm",
    );
    const purgeAll = async () => {
      let rows = 0;
      for (const purge of server.purges) rows += await purge(1000);
      return rows;
    };
    // Nothing is due while the draft can still be sent and the minute's window is open.
    expect(await purgeAll()).toBe(0);
    clock += 31 * 60_000;
    // The draft (30 minutes) and the drafting window (1 minute) are both past.
    expect(await purgeAll()).toBe(2);
  });
});
