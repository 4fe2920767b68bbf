/**
 * The MCP TypeScript SDK v2 client signs in against the fixture app with the development sign-in
 * using its own OAuth flow: discovery, dynamic client registration with the metadata the SDK
 * sends by default (`grant_types: ["authorization_code", "refresh_token"]`, a loopback
 * redirect), PKCE, the sign-in and consent pages (driven here with plain HTTP requests, as a
 * browser would follow them), a write-gated tool call, and the refresh grant. Each token
 * endpoint auth method those clients register with is tried: the SDK's default, `none` (a
 * public client), `client_secret_post` and `client_secret_basic`.
 */
import { randomUUID } from "node:crypto";
import {
  auth,
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { FIXTURE_SCOPE } from "../fixture-app/app.ts";
import { silentLogger } from "../../src/server/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { startAuthorization, type Authorization } from "../../src/server/auth/index.ts";
import { call, startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { clientOptions, sc } from "./mcp-client.ts";
import { signInThroughPages } from "./sign-in-pages.ts";
import { memoryProvider, REDIRECT } from "./oauth-test-client.ts";

describe("the TS SDK v2 client signs in with the development sign-in", () => {
  let authorization: Authorization;
  let h: FixtureHarness;
  beforeAll(async () => {
    authorization = await startAuthorization({
      port: 0,
      scopes: [FIXTURE_SCOPE],
      resourceName: "Fixture shop",
      log: silentLogger,
      env: { NODE_ENV: "development" },
    });
    h = await startFixture({ auth: authorization.settings, http: { port: authorization.port } });
  });
  afterAll(async () => {
    await h?.close();
    await authorization?.close();
  });

  /**
   * A client with the SDK's own OAuth provider, connected, whose first write was refused.
   * Listing is anonymous; preparing a purchase needs a signed-in person: the 401 starts the
   * SDK's flow, which registers the client and leaves the URL that sends the person to sign in.
   */
  async function refusedClient(method: string | undefined) {
    const provider = memoryProvider(method ? { token_endpoint_auth_method: method } : {});
    const client = new Client({ name: "sdk-oauth-test", version: "1.0.0" }, clientOptions());
    const transport = new StreamableHTTPClientTransport(new URL(h.endpoint.url), {
      authProvider: provider,
    });
    await client.connect(transport);
    try {
      await expect(call(client, "prepare_purchase", { product_id: "p-mug" })).rejects.toThrow(
        UnauthorizedError,
      );
    } catch (error) {
      await client.close();
      throw error;
    }
    return { provider, client, transport };
  }

  it.each([
    ["the SDK's default", undefined],
    ["none", "none"],
    ["client_secret_post", "client_secret_post"],
    ["client_secret_basic", "client_secret_basic"],
  ])(
    "registers (%s auth method), signs in, commits a purchase and refreshes its token",
    async (_name, method) => {
      const { provider, client, transport } = await refusedClient(method);
      try {
        expect(provider.registered?.client_id).toBeTruthy();
        if (method) expect(provider.registered?.token_endpoint_auth_method).toBe(method);
        expect(provider.authorizationUrl).toBeDefined();

        const { code, iss } = await signInThroughPages(
          provider.authorizationUrl!,
          "alice",
          REDIRECT,
        );
        await transport.finishAuth(code, iss);
        expect(provider.saved[0]?.refresh_token).toBeTruthy();

        const prepared = await call(client, "prepare_purchase", { product_id: "p-mug" });
        const draftId = (sc(prepared).draft as { draft_id: string }).draft_id;
        // The commit is the widget's: it sends the proof from the prepare result's `_meta`.
        const committed = await call(client, "place_purchase", {
          draft_id: draftId,
          idempotency_key: randomUUID(),
          confirmation: prepared._meta?.[CONFIRMATION_META],
        });
        expect(sc(committed)).toMatchObject({ ok: true, replayed: false });

        // The refresh grant: a new access token from the refresh token, no sign-in page.
        const first = provider.saved[0]!;
        await expect(auth(provider, { serverUrl: h.endpoint.url })).resolves.toBe("AUTHORIZED");
        expect(provider.saved[0]!.access_token).not.toBe(first.access_token);
        const again = await call(client, "prepare_purchase", { product_id: "p-lamp" });
        expect(sc(again)).toMatchObject({ ok: true });
      } finally {
        await client.close();
      }
    },
  );

  it("signs in when the authorization request names no scope: it defaults to the resource's", async () => {
    // MCPJam's inspector (1.0.24) sends no `scope`; OAuth lets the server default it.
    const { provider, client, transport } = await refusedClient(undefined);
    try {
      const unscoped = new URL(provider.authorizationUrl!);
      unscoped.searchParams.delete("scope");
      const { code, iss } = await signInThroughPages(unscoped, "alice", REDIRECT);
      await transport.finishAuth(code, iss);
      const prepared = await call(client, "prepare_purchase", { product_id: "p-mug" });
      expect(sc(prepared)).toMatchObject({ ok: true });
    } finally {
      await client.close();
    }
  });
});
