/**
 * `checkWrite()`: the kit's promises about a confirmed write, proved against an app's own
 * server in one call of its test file — written once here, so each app's tests keep only its
 * domain. The tools are called in-process as the widget calls them (a signed-in person, the
 * proof the prepare result carried), and every test counts the writes the app made through
 * the hook it gives (`onEffect`): a confirmed draft writes once per key and once whatever the
 * key, ten keys at once write one, a key is bound to its draft, the model's own call and an
 * anonymous caller write nothing, a client without the widget asks the person in a form (Yes
 * writes once, its answer counts once, No writes nothing), a draft nobody prepared is refused saying nothing changed,
 * and a restarted server replays what it wrote.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IDEMPOTENCY_CODES } from "../../contract/error-codes.ts";
import { callerScope } from "../../server/auth/caller.ts";
import { createConfirmationSigner } from "../../server/write/confirmation.ts";
import { guardStore } from "../../server/idempotency/guard-store.ts";
import { createSqliteStore } from "../../server/idempotency/sqlite-store.ts";
import type { IdempotencyStore } from "../../server/idempotency/store.ts";
import { kitToolServer, type ToolServer } from "../../server/tool-server.ts";
import type { CallInput } from "../../server/write/confirm-forms.ts";
import type { WidgetUris } from "../../server/widget/widget-tool-meta.ts";
import { callAsWidget } from "../widget-caller.ts";

/** Options of {@link checkWrite}. */
export interface CheckWriteOptions {
  /**
   * The Vitest module (`import * as vitest from "vitest"`): only `describe` and `it` are
   * used, so an app that never calls this does not install it.
   */
  readonly vitest: {
    describe(name: string, body: () => void): void;
    it(name: string, body: () => Promise<void>): void;
  };
  /**
   * Opens the app's tool server on `store` with the clock `now`, calling `onEffect` once for
   * every write it makes (never for a replay): the hook of its effect, e.g.
   * `({ store, now, onEffect }) => createFlightsServer({ widget, log, store, now, onBooked: onEffect })`.
   */
  open(options: {
    readonly store: IdempotencyStore;
    readonly now: () => number;
    readonly onEffect: () => void;
  }): ToolServer;
  /** The contract's `parse`, as the widget reads a result. */
  parse(structuredContent: unknown): { readonly state: string };
  /**
   * The prepare tool and its arguments for the `n`-th draft of a test (0, 1, …): give
   * drafts of different things when the app writes a thing once whatever the draft. A write
   * that needs the person's own state first (a refund needs their order) makes it with `call`:
   * any tool, called as the widget calls it for the same signed-in person (a prepare's proof
   * goes with its commit), e.g. `async (n, call) => ({ ticket_id: await buyTicket(call, n) })`.
   */
  readonly prepare: {
    readonly tool: string;
    args(
      n: number,
      call: (
        tool: string,
        args: { readonly [key: string]: unknown },
      ) => Promise<{ readonly structuredContent?: unknown }>,
    ): { readonly [key: string]: unknown } | Promise<{ readonly [key: string]: unknown }>;
  };
  /** The commit tool's name. */
  readonly commit: string;
  /** The scopes a signed-in person's token grants (the write's scope). */
  readonly scopes: readonly string[];
  /** Drafts belong to who prepared them (the kit's draft store): another's is not found. */
  readonly ownedDrafts?: boolean;
  /** The widget's URIs: then every tool must point at them, for both hosts. */
  readonly widget?: WidgetUris;
  /** The fixed clock of every server (default: now, when the tests are declared). */
  readonly now?: number;
  /**
   * `false` when the write turned its confirmation form off (`commit.form: false`): the form
   * checks are left out. Default: the write asks in a form where no widget is, and is checked.
   */
  readonly form?: false;
}

/** The code the kit answers for a draft id it cannot find. */
const DRAFT_NOT_FOUND = "DRAFT_NOT_FOUND";

/** Reads a tool result's `structuredContent` as a plain record (a test's view of the wire). */
function content(result: { structuredContent?: unknown }): { [key: string]: unknown } {
  const value = result.structuredContent;
  return typeof value === "object" && value !== null ? (value as { [key: string]: unknown }) : {};
}

/** The error of a failed result, or a failure naming what came back instead. */
function errorOf(result: { structuredContent?: unknown }): { [key: string]: unknown } {
  const body = content(result);
  const error = body.error;
  assert.ok(body.ok === false && typeof error === "object" && error !== null, JSON.stringify(body));
  return error as { [key: string]: unknown };
}

/** The person's Yes, as a client's `inputResponses` carry it. */
const ACCEPT = { confirm: { action: "accept", content: { confirm: true } } };

/**
 * Declares the kit's write tests for one prepare → commit pair of an app (see the file
 * comment). Each test opens its own server on its own in-memory store.
 *
 * @example
 * import * as vitest from "vitest";
 * checkWrite({
 *   vitest, parse: flights.parse, commit: "book_flight", scopes: [BOOKING_SCOPE],
 *   prepare: { tool: "prepare_booking", args: () => ({ offer_id: "f-101" }) },
 *   open: ({ store, now, onEffect }) =>
 *     createFlightsServer({ widget, log: silentLogger, store, now, onBooked: onEffect }),
 * });
 */
export function checkWrite(options: CheckWriteOptions): void {
  const { vitest, commit } = options;
  const clock = options.now ?? Date.now();
  const now = () => clock;
  const person = (subject: string) => ({
    principal: { issuer: "local", subject, scopes: [...options.scopes] },
  });
  const alice = person("alice");
  const signer = createConfirmationSigner({ now });

  /** A fresh server on `store`, its widget caller, and the count of its writes. */
  function start(store: IdempotencyStore = createSqliteStore(":memory:")) {
    const server = { writes: 0 };
    const tools = options.open({ store, now, onEffect: () => void server.writes++ });
    const widget = callAsWidget(tools, { parse: options.parse, origin: alice });
    let drafts = 0;
    /** A draft the person prepared, its id read from the one entry that has one. */
    async function draft(origin: typeof alice = alice): Promise<string> {
      const call = (tool: string, args: { readonly [key: string]: unknown }) =>
        widget.call(tool, args, origin);
      const args = await options.prepare.args(drafts++, call);
      const result = await widget.call(options.prepare.tool, args, origin);
      const id = Object.values(content(result))
        .map((entry) => (entry as { draft_id?: unknown } | null)?.draft_id)
        .find((value) => typeof value === "string");
      assert.ok(
        typeof id === "string",
        `no draft from ${options.prepare.tool}: ${JSON.stringify(result)}`,
      );
      return id;
    }
    const send = (draft_id: string, idempotency_key: string, origin = alice) =>
      widget.call(commit, { draft_id, idempotency_key }, origin);
    return { server, tools, store, draft, send };
  }

  /** The commit called as a client that shows forms, not the widget, sends it (no proof). */
  const formCall = (tools: ToolServer, args: object, input: CallInput) =>
    kitToolServer(tools).callWithInput(commit, args, alice, input) as Promise<{
      structuredContent?: unknown;
      resultType?: unknown;
      requestState?: unknown;
    }>;

  /** The form the commit asks for, and its retry with the person's answer. */
  async function askForm(tools: ToolServer, args: object) {
    const asked = await formCall(tools, args, { form: true });
    assert.equal(asked.resultType, "input_required", JSON.stringify(asked));
    const state = asked.requestState;
    const answers = { accept: ACCEPT, decline: { confirm: { action: "decline" } } };
    const retry = (answer: keyof typeof answers) =>
      formCall(tools, args, { form: true, state, responses: answers[answer] });
    return { state, retry };
  }

  vitest.describe(`the write ${commit} (the kit's promises)`, () => {
    vitest.it(
      "writes a confirmed draft once per key: a retry is the same answer, replayed",
      async () => {
        const { server, draft, send } = start();
        const draftId = await draft();
        const first = content(await send(draftId, "check-once-1"));
        const again = content(await send(draftId, "check-once-1"));
        assert.equal(first.ok, true, JSON.stringify(first));
        assert.deepEqual({ ...again, replayed: false }, first);
        assert.equal(again.replayed, true);
        assert.equal(server.writes, 1);
      },
    );

    vitest.it(
      "binds a key to its draft: the same key with another draft writes nothing",
      async () => {
        const { server, draft, send } = start();
        await send(await draft(), "check-bound-1");
        const reused = errorOf(await send(await draft(), "check-bound-1"));
        assert.equal(reused.code, IDEMPOTENCY_CODES.keyReused);
        assert.equal(reused.changes, "none");
        assert.equal(server.writes, 1);
      },
    );

    vitest.it(
      "writes a draft once whatever the key: ten keys at once write one, later keys replay it",
      async () => {
        const { server, draft, send } = start();
        const draftId = await draft();
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => send(draftId, `check-race-${i}`)),
        );
        assert.equal(server.writes, 1);
        const fresh = results.map(content).filter((body) => body.ok === true && !body.replayed);
        assert.equal(fresh.length, 1);
        const later = content(await send(draftId, "check-race-later"));
        assert.deepEqual({ ...later, replayed: false }, fresh[0]);
        assert.equal(server.writes, 1);
      },
    );

    vitest.it("is hidden from the model, and the model's own call writes nothing", async () => {
      const { server, tools, draft } = start();
      const listed = tools.listTools().find((tool) => tool.name === commit);
      const meta = listed?._meta as { ui?: { visibility?: unknown } } | undefined;
      assert.deepEqual(meta?.ui?.visibility, ["app"]);
      const draft_id = await draft();
      const refused = errorOf(
        await tools.callTool(commit, { draft_id, idempotency_key: "check-model-1" }, alice),
      );
      assert.equal(refused.code, "CONFIRMATION_REQUIRED");
      assert.equal(refused.changes, "none");
      assert.equal(server.writes, 0);
    });

    if (options.form !== false) {
      vitest.it(
        "asks the person in a form where no widget is: Yes writes once, its answer only once",
        async () => {
          const { server, tools, draft } = start();
          const args = { draft_id: await draft(), idempotency_key: "check-form-1" };
          const { state, retry } = await askForm(tools, args);
          const done = content(await retry("accept"));
          assert.equal(done.ok, true, JSON.stringify(done));
          assert.equal(server.writes, 1);
          // The same answer again (a client that sent it twice, a replay): refused, no write.
          const again = await formCall(tools, args, { form: true, state, responses: ACCEPT });
          assert.equal(errorOf(again).code, "CONFIRMATION_STATE_USED");
          assert.equal(server.writes, 1);
        },
      );

      vitest.it("writes nothing when the person declines the form, and says so", async () => {
        const { server, tools, draft } = start();
        const args = { draft_id: await draft(), idempotency_key: "check-form-no-1" };
        const refused = errorOf(await (await askForm(tools, args)).retry("decline"));
        assert.equal(refused.code, "CONFIRMATION_DECLINED");
        assert.equal(refused.changes, "none");
        assert.equal(server.writes, 0);
      });
    }

    vitest.it("writes nothing for a caller nobody signed in", async () => {
      const { server, draft, send } = start();
      const refused = errorOf(await send(await draft(), "check-anonymous-1", {} as typeof alice));
      assert.equal(refused.code, "AUTH_REQUIRED");
      assert.equal(server.writes, 0);
    });

    vitest.it("refuses a draft nobody prepared, saying nothing changed", async () => {
      const { server, tools } = start();
      const draft_id = "drf_00000000000000000000000000000000";
      const confirmation = signer.issue(draft_id, callerScope(alice.principal));
      const args = { draft_id, idempotency_key: "check-unknown-1", confirmation };
      const refused = errorOf(await tools.callTool(commit, args, alice));
      assert.equal(refused.code, DRAFT_NOT_FOUND);
      assert.equal(refused.changes, "none");
      assert.equal(server.writes, 0);
    });

    vitest.it("suggests a fresh idempotency key for a bad one, never one to share", async () => {
      const { tools } = start();
      const confirmation = signer.issue("drf_x", callerScope(alice.principal));
      const example = async () => {
        const args = { draft_id: "drf_x", idempotency_key: "short", confirmation };
        const error = errorOf(await tools.callTool(commit, args, alice));
        const fields = error.field_errors as { field: string; example?: string }[] | undefined;
        return fields?.find((field) => field.field === "idempotency_key")?.example;
      };
      const [first, second] = [await example(), await example()];
      assert.match(JSON.parse(first ?? "null") as string, /^[\w.:-]{8,128}$/);
      assert.notEqual(first, second);
    });

    vitest.it(
      "writes nothing, and never says nothing changed, while its database is down",
      async () => {
        const down = () => Promise.reject(new Error("SQLITE_CANTOPEN"));
        const { server, tools, draft, send } = start(
          guardStore(createSqliteStore(":memory:"), down),
        );
        const prepared = await draft().catch(() => undefined);
        // Drafts kept in the store cannot be prepared while it is down: the person's proof of
        // one they prepared before comes with the call instead.
        const confirmation = signer.issue("drf_x", callerScope(alice.principal));
        const args = { draft_id: "drf_x", idempotency_key: "check-down-1", confirmation };
        const answer = prepared
          ? await send(prepared, "check-down-1")
          : await tools.callTool(commit, args, alice);
        const refused = errorOf(answer);
        assert.equal(refused.code, "DATABASE_UNAVAILABLE");
        assert.equal(refused.retryable, true);
        // The unread record may be in doubt from an earlier attempt: "unknown", never "none".
        assert.equal(refused.changes, "unknown");
        assert.equal(server.writes, 0);
      },
    );

    if (options.ownedDrafts)
      vitest.it("finds no draft of another person's, and writes nothing for it", async () => {
        const { server, tools, draft } = start();
        const bobs = await draft(person("bob"));
        const confirmation = signer.issue(bobs, callerScope(alice.principal));
        const args = { draft_id: bobs, idempotency_key: "check-not-mine-1", confirmation };
        const refused = errorOf(await tools.callTool(commit, args, alice));
        assert.equal(refused.code, DRAFT_NOT_FOUND);
        assert.equal(server.writes, 0);
      });

    vitest.it("keeps what it wrote across a restart: the key and another replay it", async () => {
      const dir = mkdtempSync(join(tmpdir(), "check-write-"));
      try {
        const before = start(createSqliteStore(join(dir, "app.sqlite")));
        const draftId = await before.draft();
        const first = content(await before.send(draftId, "check-restart-1"));
        await before.store.close();
        const after = start(createSqliteStore(join(dir, "app.sqlite")));
        // A new process holds no proof the widget kept: the person's proof comes with the call.
        const confirmation = signer.issue(draftId, callerScope(alice.principal));
        for (const key of ["check-restart-1", "check-restart-2"]) {
          const args = { draft_id: draftId, idempotency_key: key, confirmation };
          const replayed = content(await after.tools.callTool(commit, args, alice));
          assert.deepEqual({ ...replayed, replayed: false }, first);
        }
        assert.equal(after.server.writes, 0);
        await after.store.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
