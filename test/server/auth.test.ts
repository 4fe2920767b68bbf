/**
 * The resource server over HTTP: protected-resource metadata, per-tool security declarations,
 * and the status, challenge and ToolError of every kind of refused token — 401/403 for an
 * MCP-spec client, 200 with the same result for ChatGPT (marked by its `openai/…` client hints).
 */
import { GOOD_LIST } from "../fixture-app/app.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { createTestIssuer } from "./test-issuer.ts";
import type { ToolError } from "../../src/contract/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { createTokenVerifier } from "../../src/server/auth/index.ts";
import { hasChallengeMeta, isChallengeError, needsSignIn } from "../../src/contract/sign-in.ts";

interface RawAnswer {
  status: number;
  challenge: string | null;
  body: {
    result?: {
      tools?: Array<{
        name: string;
        securitySchemes?: unknown;
        _meta?: { [key: string]: unknown };
      }>;
      structuredContent?: { ok?: boolean; error?: { [key: string]: unknown } };
      _meta?: { [key: string]: unknown };
      content?: Array<{ text?: string }>;
      isError?: boolean;
    };
    error?: { code: number };
  };
}

/** One JSON-RPC request as a plain HTTP client sends it (no SDK in between). */
async function post(url: string, message: object, token?: string): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, ...message }),
  });
  // The server may answer a POST as JSON or as one SSE event carrying the JSON-RPC message.
  const text = await response.text();
  const json = text.startsWith("{")
    ? text
    : (text
        .split("\n")
        .find((line) => line.startsWith("data:"))
        ?.slice(5) ?? "{}");
  return {
    status: response.status,
    challenge: response.headers.get("www-authenticate"),
    body: JSON.parse(json) as RawAnswer["body"],
  };
}

const PREPARE = {
  method: "tools/call",
  params: { name: "prepare_purchase", arguments: { product_id: "p-mug" } },
};
/** The same call as ChatGPT sends it: with its client hints in the request's `_meta`. */
const CHATGPT_META = { "openai/userAgent": "ChatGPT/1.2025.012", "openai/locale": "en-US" };
const PREPARE_FROM_CHATGPT = { ...PREPARE, params: { ...PREPARE.params, _meta: CHATGPT_META } };
const SEARCH = { method: "tools/call", params: { name: "list_products", arguments: GOOD_LIST } };

describe("OAuth resource server", () => {
  let h: FixtureHarness;
  let metadataUrl: string;
  beforeAll(async () => {
    h = await startFixture();
    metadataUrl = `${h.issuer.audience.replace("/kit-test/mcp", "")}/.well-known/oauth-protected-resource/kit-test/mcp`;
  });
  afterAll(() => h.close());

  it("serves protected-resource metadata (RFC 9728) at the path form and the bare form", async () => {
    const origin = new URL(h.endpoint.url).origin;
    for (const path of [
      "/.well-known/oauth-protected-resource/kit-test/mcp",
      "/.well-known/oauth-protected-resource",
    ]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: h.issuer.audience,
        authorization_servers: [h.issuer.issuer],
        scopes_supported: ["orders:write"],
        bearer_methods_supported: ["header"],
        resource_name: "Fixture shop",
      });
    }
  });

  it("declares per-tool securitySchemes on the descriptor and in _meta, listed anonymously", async () => {
    const expected = {
      list_products: [{ type: "noauth" }, { type: "oauth2", scopes: [] }],
      prepare_purchase: [{ type: "oauth2", scopes: ["orders:write"] }],
      place_purchase: [{ type: "oauth2", scopes: ["orders:write"] }],
    };
    // On the wire, as ChatGPT reads it: `securitySchemes` on each tool descriptor.
    const listed = await post(h.endpoint.url, { method: "tools/list" });
    expect(listed.status).toBe(200);
    const tools = listed.body.result?.tools ?? [];
    expect(Object.fromEntries(tools.map((t) => [t.name, t.securitySchemes]))).toEqual(expected);
    expect(Object.fromEntries(tools.map((t) => [t.name, t._meta?.securitySchemes]))).toEqual(
      expected,
    );
    // And through the SDK client, on both protocol revisions.
    for (const era of ["modern", "legacy"] as const) {
      const client = await h.connect({ anonymous: true, era });
      const viaSdk = (await client.listTools()).tools;
      expect(Object.fromEntries(viaSdk.map((t) => [t.name, t._meta?.securitySchemes]))).toEqual(
        expected,
      );
    }
  });

  it("lets anyone search without a token", async () => {
    const client = await h.connect({ anonymous: true });
    const result = await client.callTool({ name: "list_products", arguments: GOOD_LIST });
    expect((result.structuredContent as { ok: boolean }).ok).toBe(true);
  });

  it("answers a protected call without a token with 401, the challenge, and AUTH_REQUIRED", async () => {
    const answer = await post(h.endpoint.url, PREPARE);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="orders:write"`,
    );
    expect(answer.body.result?.isError).toBe(true);
    expect(answer.body.result?.structuredContent?.error).toMatchObject({
      code: "AUTH_REQUIRED",
      retryable: false,
    });
    // The result's challenge adds the `error` and `error_description` the Apps SDK asks for.
    expect(answer.body.result?._meta?.["mcp/www_authenticate"]).toEqual([
      `Bearer resource_metadata="${metadataUrl}", error="invalid_request", ` +
        `error_description="Sign-in is required for this tool.", scope="orders:write"`,
    ]);
  });

  it("answers ChatGPT's protected call without a token with 200 and the same refusal as a result", async () => {
    const mcp = await post(h.endpoint.url, PREPARE);
    const chatgpt = await post(h.endpoint.url, PREPARE_FROM_CHATGPT);
    expect(chatgpt.status).toBe(200);
    expect(chatgpt.challenge).toBe(mcp.challenge);
    expect(chatgpt.body).toEqual({
      ...mcp.body,
      result: { ...mcp.body.result, structuredContent: expect.anything() },
    });
    expect(chatgpt.body.result?.structuredContent?.error).toMatchObject({ code: "AUTH_REQUIRED" });
    // What the model reads: the person must sign in.
    expect(chatgpt.body.result?.content?.[0]?.text).toMatch(/^AUTH_REQUIRED: .*sign in/);
    const refusals = h.log.lines.filter((line) => line.event === "tool_refused");
    expect(refusals.map((line) => line.fields?.status)).toContain(200);
  });

  it("answers ChatGPT's refused token and too little scope with 200 too, each with its challenge", async () => {
    const expired = await post(
      h.endpoint.url,
      PREPARE_FROM_CHATGPT,
      await h.issuer.mint({ expiresIn: -600 }),
    );
    expect(expired.status).toBe(200);
    expect(expired.body.result?.structuredContent?.error).toMatchObject({ code: "AUTH_INVALID" });
    expect(expired.body.result?._meta?.["mcp/www_authenticate"]).toEqual([
      `Bearer resource_metadata="${metadataUrl}", error="invalid_token", ` +
        `error_description="The sign-in is no longer valid; sign in again.", scope="orders:write"`,
    ]);
    const narrow = await post(
      h.endpoint.url,
      PREPARE_FROM_CHATGPT,
      await h.issuer.mint({ scope: "profile" }),
    );
    expect(narrow.status).toBe(200);
    expect(narrow.challenge).toContain('error="insufficient_scope"');
    expect(narrow.body.result?._meta?.["mcp/www_authenticate"]).toEqual([
      `Bearer resource_metadata="${metadataUrl}", error="insufficient_scope", ` +
        `error_description="The sign-in does not allow this action.", scope="orders:write"`,
    ]);
    // A refused token on a request that is no tool call has no result to carry: still 401.
    const listed = await post(
      h.endpoint.url,
      { method: "tools/list", params: { _meta: CHATGPT_META } },
      "garbage",
    );
    expect(listed.status).toBe(401);
  });

  it("hands the SDK client ChatGPT's form as a result the model can read, on both revisions", async () => {
    for (const era of ["modern", "legacy"] as const) {
      const client = await h.connect({ anonymous: true, era });
      const result = await client.callTool({
        name: "prepare_purchase",
        arguments: { product_id: "p-mug" },
        _meta: CHATGPT_META,
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: { code: "AUTH_REQUIRED" } });
      expect(JSON.stringify(result.content)).toMatch(/sign in/);
    }
  });

  const refused: Array<[string, () => Promise<string>]> = [
    ["expired", () => h.issuer.mint({ expiresIn: -600 })],
    ["for another audience", () => h.issuer.mint({ aud: "https://other.example/mcp" })],
    ["from another issuer", () => h.issuer.mint({ iss: "https://evil.example" })],
    ["signed with another key", () => h.issuer.mint({ forged: true })],
    ["not a JWT", async () => "not-a-token"],
  ];
  it.each(refused)(
    "refuses a token %s with 401 invalid_token and AUTH_INVALID, saying nothing of why",
    async (_, token) => {
      const answer = await post(h.endpoint.url, PREPARE, await token());
      expect(answer.status).toBe(401);
      expect(answer.challenge).toBe(
        `Bearer resource_metadata="${metadataUrl}", error="invalid_token", scope="orders:write"`,
      );
      const error = answer.body.result?.structuredContent?.error;
      expect(error).toMatchObject({ code: "AUTH_INVALID", retryable: false });
      expect(JSON.stringify(answer.body)).not.toMatch(/expire|audience|issuer|signature|jwt|jose/i);
      expect(h.log.lines.some((line) => line.event === "auth_refused")).toBe(true);
    },
  );

  it("refuses a bad token on an anonymous-capable tool too (the client must learn it is bad)", async () => {
    const answer = await post(h.endpoint.url, SEARCH, await h.issuer.mint({ expiresIn: -600 }));
    expect(answer.status).toBe(401);
    expect(answer.body.result?.structuredContent?.error).toMatchObject({ code: "AUTH_INVALID" });
  });

  it("refuses a bad token on any other request with 401 and a JSON-RPC error", async () => {
    const answer = await post(h.endpoint.url, { method: "tools/list" }, "garbage");
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(
      `Bearer resource_metadata="${metadataUrl}", error="invalid_token"`,
    );
    expect(answer.body.error?.code).toBe(-32001);
  });

  it("asks for step-up with 403 insufficient_scope and INSUFFICIENT_SCOPE", async () => {
    const answer = await post(h.endpoint.url, PREPARE, await h.issuer.mint({ scope: "profile" }));
    expect(answer.status).toBe(403);
    expect(answer.challenge).toBe(
      `Bearer resource_metadata="${metadataUrl}", error="insufficient_scope", scope="orders:write"`,
    );
    expect(answer.body.result?.structuredContent?.error).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      retryable: false,
    });
  });

  it("runs a protected call with a valid token, on both protocol revisions", async () => {
    const answer = await post(h.endpoint.url, PREPARE, await h.issuer.mint());
    expect(answer.status).toBe(200);
    expect(answer.body.result?.structuredContent?.ok).toBe(true);
    for (const era of ["modern", "legacy"] as const) {
      const client = await h.connect({ era });
      const result = await client.callTool({
        name: "prepare_purchase",
        arguments: { product_id: "p-mug" },
      });
      expect((result.structuredContent as { ok: boolean }).ok).toBe(true);
    }
  });

  it("anonymous writes are refused on both revisions with a result that starts sign-in", async () => {
    for (const era of ["modern", "legacy"] as const) {
      const client = await h.connect({ anonymous: true, era });
      const error = await client
        .callTool({ name: "prepare_purchase", arguments: { product_id: "p-mug" } })
        .then(
          (result) => result,
          (thrown: unknown) => thrown,
        );
      // The SDK client sees the 401 and reports it (it has no OAuth provider configured).
      expect(JSON.stringify(error)).toMatch(/401|AUTH_REQUIRED|Unauthorized/);
      // A host that rejects the widget's call with that error's text: the widget reads it as
      // "sign in", not "could not reach the app".
      expect(isChallengeError(error)).toBe(true);
    }
  });

  it("gives the widget a sign-in either way: ChatGPT's result, or an MCP client's error", async () => {
    const client = await h.connect({ anonymous: true });
    const handed = await client.callTool({
      name: "place_purchase",
      // The widget's call: it sends the proof it holds (a model's call, with none, is answered
      // CONFIRMATION_REQUIRED before sign-in — test/server/model-lane.test.ts).
      arguments: { draft_id: "drf_x", idempotency_key: "key-12345678", confirmation: "v1.held" },
      _meta: CHATGPT_META,
    });
    const error = (handed.structuredContent as { error: ToolError }).error;
    expect(needsSignIn(error)).toBe(true);
    expect(hasChallengeMeta(handed._meta ?? {})).toBe(true);
    const rejected: unknown = await client
      .callTool({
        name: "place_purchase",
        arguments: { draft_id: "drf_x", idempotency_key: "key-12345678", confirmation: "v1.held" },
      })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(isChallengeError(rejected)).toBe(true);
  });

  it("nothing the client sets chooses the identity: _meta subject and headers are ignored", async () => {
    const alice = await h.connect({ sub: "alice-identity" });
    const draft = await alice.callTool({
      name: "prepare_purchase",
      arguments: { product_id: "p-lamp" },
    });
    const draftId = (draft.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
    const key = "identity-key-1234";
    const placed = await alice.callTool({
      name: "place_purchase",
      arguments: {
        draft_id: draftId,
        idempotency_key: key,
        confirmation: draft._meta?.[CONFIRMATION_META],
      },
    });
    expect(placed.structuredContent).toMatchObject({ ok: true, replayed: false });
    // Mallory, signed in as herself, claims to be Alice through _meta and headers.
    const token = await h.issuer.mint({ sub: "mallory-identity" });
    const claimed = await fetch(h.endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
        "x-openai-subject": "alice-identity",
        "x-user-id": "alice-identity",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: {
          name: "place_purchase",
          // Even with Alice's proof: it is bound to Alice's verified identity, not to a claim.
          arguments: {
            draft_id: draftId,
            idempotency_key: key,
            confirmation: draft._meta?.[CONFIRMATION_META],
          },
          _meta: { "openai/subject": "alice-identity", subject: "alice-identity" },
        },
      }),
    });
    const text = await claimed.text();
    // Her own scope: Alice's proof is not hers, and Alice's purchase is not replayed.
    expect(text).not.toContain(
      (placed.structuredContent as { purchase: { purchase_id: string } }).purchase.purchase_id,
    );
    expect(text).toContain("CONFIRMATION_REQUIRED");
  });

  it("refuses anonymous protected calls in process too, with the sign-in challenge in _meta", async () => {
    const result = await h.app.tools.callTool("place_purchase", {
      draft_id: "drf_x",
      idempotency_key: "key-12345678",
      confirmation: "v1.held",
    });
    expect(result.structuredContent).toMatchObject({
      ok: false,
      error: { code: "AUTH_REQUIRED", changes: "none" },
    });
    expect(result._meta?.["mcp/www_authenticate"]).toEqual([
      `Bearer resource_metadata="${metadataUrl}", error="invalid_request", ` +
        `error_description="Sign-in is required for this tool.", scope="orders:write"`,
    ]);
  });
});

describe("token verifier", () => {
  it("finds the issuer's keys through discovery (production configuration)", async () => {
    const issuer = await createTestIssuer({ serve: true });
    try {
      const verifier = createTokenVerifier({ issuer: issuer.issuer, audience: issuer.audience });
      const good = await verifier.verify(await issuer.mint({ sub: "carol", scope: "a b" }));
      expect(good).toMatchObject({
        ok: true,
        principal: { issuer: issuer.issuer, subject: "carol", scopes: ["a", "b"] },
      });
      expect(await verifier.verify(await issuer.mint({ expiresIn: -600 }))).toMatchObject({
        ok: false,
        reason: "ERR_JWT_EXPIRED",
      });
    } finally {
      await issuer.close();
    }
  });
});
