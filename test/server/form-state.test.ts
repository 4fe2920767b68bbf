/**
 * The sealed `requestState` of a confirmation form, as an attacker-controlled value on its way
 * back (issue 59): raw 2026-07-28 `tools/call` retries a test writes by hand — what a client,
 * or anyone holding a token, could send. A state replayed, altered, from another person, for
 * another draft or other arguments, after expiry, or after the draft was used by the widget is
 * refused with a stable code and nothing is charged; twenty concurrent retries of one accepted
 * answer give one order.
 */
import { randomUUID } from "node:crypto";
import { createPostgresStore } from "../../src/server/index.ts";
import { assertNoInternals } from "./mcp-client.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { formClient, prepare, rawFormCommit, startFormApp, type FormApp } from "./form-app.ts";

const ACCEPT = { confirm: { action: "accept", content: { confirm: true } } };

type Body = { [key: string]: unknown };

/** One raw `commit_order` call by `token`'s holder, declaring form elicitation. */
const rawCommit = (
  app: FormApp,
  token: string,
  args: Body,
  retry?: { requestState: unknown; inputResponses: unknown },
): Promise<Body> => rawFormCommit(app.endpoint.url, token, args, retry);

/** The error code of a tool result (undefined for a success). */
function codeOf(result: Body): string | undefined {
  const content = result.structuredContent as { error?: { code?: string } } | undefined;
  return content?.error?.code;
}

describe("a confirmation form's requestState", () => {
  let app: FormApp;
  let alice: string;
  let draftId: string;
  let proof: string;
  beforeEach(async () => {
    app = await startFormApp();
    alice = await app.token("alice");
    const client = await formClient(app.endpoint.url, alice, undefined);
    ({ draftId, proof } = await prepare(client));
    await client.close();
  });
  afterEach(() => app.close());

  const args = (key = "key-state-0001") => ({ draft_id: draftId, idempotency_key: key });

  /** The input request for `args()`: its sealed state. */
  async function ask(token = alice, callArgs: Body = args()): Promise<string> {
    const asked = await rawCommit(app, token, callArgs);
    expect(asked).toMatchObject({ resultType: "input_required", inputRequests: { confirm: {} } });
    return asked.requestState as string;
  }

  it("answers the first call with a form and a sealed state; accepted once, one order", async () => {
    const state = await ask();
    const done = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: ACCEPT,
    });
    expect(codeOf(done)).toBeUndefined();
    expect(app.charges()).toBe(1);
  });

  it("refuses a state replayed after its use: CONFIRMATION_STATE_USED, nothing more", async () => {
    const state = await ask();
    const retry = { requestState: state, inputResponses: ACCEPT };
    expect(codeOf(await rawCommit(app, alice, args(), retry))).toBeUndefined();
    // Replayed as it was: refused before any handler runs (not even a replay of the order).
    const same = await rawCommit(app, alice, args(), retry);
    expect(codeOf(same)).toBe("CONFIRMATION_STATE_USED");
    // Under a new idempotency key it is not this call's state at all.
    const again = await rawCommit(app, alice, args("key-state-0002"), retry);
    expect(codeOf(again)).toBe("CONFIRMATION_STATE_OTHER_CALL");
    expect(app.charges()).toBe(1);
    expect(app.effects()).toBe(1);
  });

  it("refuses a declined state's replay with an accept: a No never turns into a Yes", async () => {
    const state = await ask();
    const declined = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: { confirm: { action: "decline" } },
    });
    expect(codeOf(declined)).toBe("CONFIRMATION_DECLINED");
    const accepted = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: ACCEPT,
    });
    expect(codeOf(accepted)).toBe("CONFIRMATION_STATE_USED");
    expect(app.charges()).toBe(0);
  });

  it("refuses a state altered by one byte anywhere: CONFIRMATION_STATE_INVALID", async () => {
    const state = await ask();
    for (const at of [3, Math.floor(state.length / 2), state.length - 2]) {
      const flipped = state[at] === "A" ? "B" : "A";
      const altered = `${state.slice(0, at)}${flipped}${state.slice(at + 1)}`;
      const done = await rawCommit(app, alice, args(), {
        requestState: altered,
        inputResponses: ACCEPT,
      });
      expect(codeOf(done)).toBe("CONFIRMATION_STATE_INVALID");
      expect(done.structuredContent).toMatchObject({ error: { changes: "none" } });
    }
    for (const junk of ["", "f1..", "x".repeat(5000), `${state}.${state}`])
      expect(
        codeOf(await rawCommit(app, alice, args(), { requestState: junk, inputResponses: ACCEPT })),
      ).toBe("CONFIRMATION_STATE_INVALID");
    // Not a string at all: the SDK refuses it before the kit sees it (-32602).
    for (const junk of [42, { state }])
      await expect(
        rawCommit(app, alice, args(), { requestState: junk, inputResponses: ACCEPT }),
      ).rejects.toThrow(/invalid_request_state/);
    expect(app.charges()).toBe(0);
    // The genuine state is still good after all that.
    const done = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: ACCEPT,
    });
    expect(codeOf(done)).toBeUndefined();
  });

  it("refuses another person's state: CONFIRMATION_STATE_OTHER_CALLER", async () => {
    const state = await ask();
    const bob = await app.token("bob");
    const done = await rawCommit(app, bob, args(), { requestState: state, inputResponses: ACCEPT });
    expect(codeOf(done)).toBe("CONFIRMATION_STATE_OTHER_CALLER");
    expect(app.charges()).toBe(0);
  });

  it("refuses a state for another draft or other arguments: CONFIRMATION_STATE_OTHER_CALL", async () => {
    const state = await ask();
    const client = await formClient(app.endpoint.url, alice, undefined);
    const other = await prepare(client, "lamp");
    await client.close();
    const retry = { requestState: state, inputResponses: ACCEPT };
    const otherDraft = { draft_id: other.draftId, idempotency_key: "key-state-0001" };
    expect(codeOf(await rawCommit(app, alice, otherDraft, retry))).toBe(
      "CONFIRMATION_STATE_OTHER_CALL",
    );
    expect(codeOf(await rawCommit(app, alice, args("key-state-9999"), retry))).toBe(
      "CONFIRMATION_STATE_OTHER_CALL",
    );
    expect(app.charges()).toBe(0);
  });

  it("refuses a state past its expiry (10 minutes): CONFIRMATION_STATE_EXPIRED", async () => {
    const state = await ask();
    app.advance(10 * 60_000 + 1);
    const done = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: ACCEPT,
    });
    expect(codeOf(done)).toBe("CONFIRMATION_STATE_EXPIRED");
    expect(app.charges()).toBe(0);
  });

  it("answers the form once the widget used the draft with the widget's order: no second order", async () => {
    const state = await ask();
    const widget = await formClient(app.endpoint.url, alice, undefined);
    const placed = await widget.callTool({
      name: "commit_order",
      arguments: { draft_id: draftId, idempotency_key: "key-widget-001", confirmation: proof },
    });
    await widget.close();
    expect(placed.isError).toBeFalsy();
    const done = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: ACCEPT,
    });
    // The draft's one write answers: the widget's order, replayed — not a second one.
    expect(codeOf(done)).toBeUndefined();
    expect(done.structuredContent).toMatchObject({
      replayed: true,
      order: {
        order_id: (placed.structuredContent as { order: { order_id: string } }).order.order_id,
      },
    });
    expect(app.charges()).toBe(1);
    expect(app.effects()).toBe(1);
  });

  it("twenty concurrent retries of one accepted answer give one order", async () => {
    const state = await ask();
    const retry = { requestState: state, inputResponses: ACCEPT };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => rawCommit(app, alice, args(), retry)),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    expect(codes.filter((code) => code === "CONFIRMATION_STATE_USED")).toHaveLength(19);
    expect(app.charges()).toBe(1);
    expect(app.effects()).toBe(1);
  });

  it("takes no answer from the model: arguments with a requestState inside are the app's to refuse", async () => {
    const state = await ask();
    const smuggled = { ...args(), requestState: state, inputResponses: ACCEPT };
    const done = await rawCommit(app, alice, smuggled);
    expect(codeOf(done)).toBe("VALIDATION_FAILED");
    expect(app.charges()).toBe(0);
  });

  it("answers a store outage while spending the state as a ToolError, leaking nothing", async () => {
    const state = await ask();
    await app.breakStore();
    const done = await rawCommit(app, alice, args(), {
      requestState: state,
      inputResponses: ACCEPT,
    });
    expect(done.isError).toBe(true);
    expect(done.structuredContent).toMatchObject({ error: { changes: "none" } });
    assertNoInternals(done);
    expect(app.charges()).toBe(0);
  });
});

describePostgres("a confirmation form's requestState on PostgreSQL", () => {
  let app: FormApp;
  let token: string;
  beforeEach(async () => {
    app = await startFormApp({
      store: () =>
        createPostgresStore({ connectionString: DATABASE_URL!, table: "form_state_test" }),
    });
    // A person of this run's own: the test database keeps earlier runs' records.
    token = await app.token(`alice-${randomUUID()}`);
  });
  afterEach(() => app.close());

  it("spends a state once across twenty concurrent retries, and refuses its replay", async () => {
    const client = await formClient(app.endpoint.url, token, undefined);
    const { draftId } = await prepare(client);
    await client.close();
    const args = { draft_id: draftId, idempotency_key: "key-pg-state-01" };
    const asked = await rawCommit(app, token, args);
    const retry = { requestState: asked.requestState, inputResponses: ACCEPT };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => rawCommit(app, token, args, retry)),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    expect(codes.filter((code) => code === "CONFIRMATION_STATE_USED")).toHaveLength(19);
    expect(codeOf(await rawCommit(app, token, args, retry))).toBe("CONFIRMATION_STATE_USED");
    expect(app.charges()).toBe(1);
  });
});
