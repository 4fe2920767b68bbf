/**
 * Confirmation in a client without the widget (issue 59), end to end over HTTP with the SDK v2
 * client: a client that declares form elicitation gets the commit's input request, its
 * elicitation handler answers for the person, and the SDK retries the call with the answer
 * and the sealed `requestState`. Accepted: exactly one order and one charge. Declined or
 * cancelled: none, `changes: "none"`. A client that declares nothing keeps the refusal. On
 * the older revision the SDK sends the same form as `elicitation/create` where one connection
 * carries it (stdio, here in memory); stateless HTTP cannot, and keeps the refusal.
 */
import { Client, type CallToolResult } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { clientOptions, ENVELOPE, sc } from "./mcp-client.ts";
import {
  FORM_SCOPE,
  formClient,
  prepare,
  startFormApp,
  type Answer,
  type FormApp,
} from "./form-app.ts";

describe("confirmation by the client's form (SDK v2 client, 2026-07-28)", () => {
  let app: FormApp;
  beforeEach(async () => {
    app = await startFormApp({ form: (draft) => `Order ${draft.quantity} × ${draft.item}?` });
  });
  afterEach(() => app.close());

  const commit = (
    client: { callTool: (p: never) => Promise<unknown> },
    draftId: string,
    key: string,
  ) =>
    client.callTool({
      name: "commit_order",
      arguments: { draft_id: draftId, idempotency_key: key },
    } as never) as Promise<CallToolResult>;

  it("the model's commit leads to a form; accepted, exactly one order and one charge", async () => {
    const client = await formClient(app.endpoint.url, await app.token(), "accept");
    const { draftId, result } = await prepare(client);
    // The prepare result tells the model how the person confirms here.
    expect(sc(result).awaiting_confirmation).toMatchObject({
      confirm_in: "form",
      commit: "commit_order",
      message: expect.stringContaining("no confirmation argument"),
    });
    const done = await commit(client, draftId, "key-accept-0001");
    expect(done.isError).toBeFalsy();
    expect(sc(done)).toMatchObject({
      ok: true,
      kind: "order",
      order: { order_id: expect.any(String) },
    });
    expect(client.forms).toHaveLength(1);
    expect(client.forms[0]).toContain("Order 1 × mug?");
    expect(client.forms[0]).toContain("total: 12.00 EUR");
    expect(app.charges()).toBe(1);
    expect(app.effects()).toBe(1);
  });

  it.each(["decline", "cancel", "accept-unticked"] as const)(
    "%s: nothing is ordered and the answer says changes: none",
    async (answer) => {
      const client = await formClient(app.endpoint.url, await app.token(), answer);
      const { draftId } = await prepare(client);
      const done = await commit(client, draftId, "key-decline-001");
      expect(done.isError).toBe(true);
      expect(sc(done).error).toMatchObject({ code: "CONFIRMATION_DECLINED", changes: "none" });
      expect(app.charges()).toBe(0);
    },
  );

  it("a client that declares neither widgets nor forms keeps CONFIRMATION_REQUIRED, saying where to confirm", async () => {
    const client = await formClient(app.endpoint.url, await app.token(), undefined);
    const { draftId, result } = await prepare(client);
    expect(sc(result).awaiting_confirmation).not.toHaveProperty("confirm_in");
    const done = await commit(client, draftId, "key-none-00001");
    expect(sc(done).error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(String((sc(done).error as { message: string }).message)).toMatch(/widget.*form/);
    expect(app.charges()).toBe(0);
  });

  it("the same draft confirmed in the widget, then by the form, is one order", async () => {
    const token = await app.token();
    const client = await formClient(app.endpoint.url, token, "accept");
    const { draftId, proof } = await prepare(client);
    const widget = await client.callTool({
      name: "commit_order",
      arguments: { draft_id: draftId, idempotency_key: "key-widget-0001", confirmation: proof },
    });
    expect(widget.isError).toBeFalsy();
    // The model then calls the commit itself, with a key of its own.
    const model = await commit(client, draftId, "key-model-00001");
    expect(app.charges()).toBe(1);
    expect(app.effects()).toBe(1);
    // The form is still shown (the draft is the person's), and its Yes answers the one write
    // the draft already has: the widget's order, replayed.
    expect(client.forms).toHaveLength(1);
    expect(sc(model)).toMatchObject({ replayed: true, order: sc(widget).order as object });
  });

  it("the same draft confirmed by the form, then in the widget, is one order", async () => {
    const token = await app.token();
    const client = await formClient(app.endpoint.url, token, "accept");
    const { draftId, proof } = await prepare(client);
    const model = await commit(client, draftId, "key-model-00002");
    expect(model.isError).toBeFalsy();
    const widget = await client.callTool({
      name: "commit_order",
      arguments: { draft_id: draftId, idempotency_key: "key-widget-0002", confirmation: proof },
    });
    expect(widget.isError).toBeFalsy();
    expect(sc(widget)).toMatchObject({ replayed: true, order: sc(model).order as object });
    expect(client.forms).toHaveLength(1);
    expect(app.charges()).toBe(1);
  });

  it("an expired draft is refused in the write's words before any form is shown", async () => {
    const client = await formClient(app.endpoint.url, await app.token(), "accept");
    const { draftId } = await prepare(client);
    app.advance(3_600_001);
    const done = await commit(client, draftId, "key-expired-001");
    expect(sc(done).error).toMatchObject({ code: "DRAFT_EXPIRED", changes: "none" });
    expect(client.forms).toHaveLength(0);
    expect(app.charges()).toBe(0);
  });

  it("asks an anonymous form-showing client to sign in first, not to confirm", async () => {
    const signedIn = await formClient(app.endpoint.url, await app.token(), "accept");
    const { draftId } = await prepare(signedIn);
    const raw = await fetch(app.endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "commit_order",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "commit_order",
          arguments: { draft_id: draftId, idempotency_key: "key-anon-000001" },
          _meta: {
            ...ENVELOPE,
            "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
          },
        },
      }),
    });
    // The sign-in challenge, as for any write (the form is the signed-in person's).
    const body = (await raw.json()) as { result: CallToolResult };
    expect(sc(body.result).error).toMatchObject({ code: "AUTH_REQUIRED", changes: "none" });
    expect(body.result).not.toHaveProperty("requestState");
    expect(app.charges()).toBe(0);
  });

  it("a widget's proof is used as it is: a client that shows forms gets no form for it", async () => {
    const client = await formClient(app.endpoint.url, await app.token(), "accept");
    const { draftId } = await prepare(client);
    const forged = await client.callTool({
      name: "commit_order",
      arguments: { draft_id: draftId, idempotency_key: "key-forged-001", confirmation: "forged" },
    });
    expect(sc(forged).error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(client.forms).toHaveLength(0);
    expect(app.charges()).toBe(0);
  });

  it("an older-revision client (2025-11-25, stateless HTTP) that declares elicitation keeps the refusal", async () => {
    // Each request is its own server: none saw the client's initialize, so none can send it
    // elicitation/create (docs/server.md, "Confirmation in every client").
    const client = await formClient(app.endpoint.url, await app.token(), "accept", "legacy");
    const { draftId, result } = await prepare(client);
    expect(sc(result).awaiting_confirmation).not.toHaveProperty("confirm_in");
    const done = await commit(client, draftId, "key-legacy-0001");
    expect(sc(done).error).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(client.forms).toHaveLength(0);
    expect(app.charges()).toBe(0);
  });
});

describe("a write whose form is turned off (commit.form: false)", () => {
  it("refuses a form-showing client CONFIRMATION_REQUIRED and tells the model the widget", async () => {
    const app = await startFormApp({ form: false });
    try {
      const client = await formClient(app.endpoint.url, await app.token(), "accept");
      const { draftId, result } = await prepare(client);
      expect(sc(result).awaiting_confirmation).not.toHaveProperty("confirm_in");
      const done = (await client.callTool({
        name: "commit_order",
        arguments: { draft_id: draftId, idempotency_key: "key-off-000001" },
      })) as CallToolResult;
      expect(sc(done).error).toMatchObject({ code: "CONFIRMATION_REQUIRED" });
      expect(client.forms).toHaveLength(0);
      expect(app.charges()).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe("the older revision (2025-11-25) on one connection, as stdio serves it", () => {
  /** A legacy client on an in-memory connection to the app's tool server, signed in as alice. */
  async function legacyClient(app: FormApp, answer: Answer) {
    const server = app.tools.createServer(undefined, {
      principal: { issuer: "local", subject: "alice", scopes: [FORM_SCOPE] },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client(
      { name: "legacy-form-test", version: "1.0.0" },
      { ...clientOptions("legacy"), capabilities: { elicitation: { form: {} } } },
    );
    const forms: string[] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      forms.push(String((request.params as { message?: unknown }).message));
      return answer === "accept"
        ? { action: "accept", content: { confirm: true } }
        : { action: "decline" };
    });
    // The server package's in-memory transport, handed to the client package's Client.
    await client.connect(clientSide as never);
    return { client, forms };
  }

  it.each(["accept", "decline"] as const)(
    "%s: the SDK sends the form as server-initiated elicitation/create",
    async (answer) => {
      const app = await startFormApp();
      try {
        const { client, forms } = await legacyClient(app, answer);
        const { draftId, result } = await prepare(client);
        expect(sc(result).awaiting_confirmation).toMatchObject({ confirm_in: "form" });
        const done = (await client.callTool({
          name: "commit_order",
          arguments: { draft_id: draftId, idempotency_key: "key-legacy-mem-1" },
        })) as CallToolResult;
        expect(forms).toHaveLength(1);
        if (answer === "accept") {
          expect(sc(done)).toMatchObject({ ok: true, replayed: false });
          expect(app.charges()).toBe(1);
        } else {
          expect(sc(done).error).toMatchObject({ code: "CONFIRMATION_DECLINED", changes: "none" });
          expect(app.charges()).toBe(0);
        }
        await client.close();
      } finally {
        await app.close();
      }
    },
  );
});
