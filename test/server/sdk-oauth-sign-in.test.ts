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
  type OAuthClientProvider,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { FIXTURE_SCOPE } from "../fixture-app/app.ts";
import { silentLogger } from "../../src/server/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { startAuthorization, type Authorization } from "../../src/server/auth/index.ts";
import { call, startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { clientOptions, sc } from "./mcp-client.ts";

type Provider = OAuthClientProvider & {
  /** Where the SDK sent the person to sign in (set by `redirectToAuthorization`). */
  authorizationUrl?: URL;
  /** What the token endpoint gave back, newest first. */
  saved: StoredOAuthTokens[];
  /** The registration the server answered. */
  registered?: StoredOAuthClientInformation & { token_endpoint_auth_method?: string };
};

const REDIRECT = "http://127.0.0.1:9/callback";

/** An in-memory provider; `method` is the only metadata beyond what the SDK fills in itself. */
function memoryProvider(method?: string): Provider {
  let verifier = "";
  let discovery: unknown;
  const provider: Provider = {
    saved: [],
    get redirectUrl() {
      return REDIRECT;
    },
    get clientMetadata() {
      return {
        client_name: "SDK default client",
        redirect_uris: [REDIRECT],
        ...(method ? { token_endpoint_auth_method: method } : {}),
      };
    },
    clientInformation: () => provider.registered,
    saveClientInformation: (info) => void (provider.registered = info),
    tokens: () => provider.saved[0],
    saveTokens: (tokens) => void provider.saved.unshift(tokens),
    redirectToAuthorization: (url) => void (provider.authorizationUrl = url),
    saveCodeVerifier: (value) => void (verifier = value),
    codeVerifier: () => verifier,
    saveDiscoveryState: (state) => void (discovery = state),
    discoveryState: () =>
      discovery as ReturnType<NonNullable<OAuthClientProvider["discoveryState"]>>,
  };
  return provider;
}

/** A tiny cookie jar: the sign-in pages keep their interaction in cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

/**
 * What a person does in the browser: follows the redirects from the authorization URL, picks
 * `user` on the sign-in page and allows access on the consent page. Returns the `code` and
 * `iss` (RFC 9207) the authorization server sends back to the redirect URI.
 */
async function signInAs(
  authorizationUrl: URL,
  user: string,
): Promise<{ code: string; iss: string | undefined }> {
  const jar = cookieJar();
  let url = authorizationUrl;
  let init: RequestInit = { method: "GET" };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { cookie: jar.header(), ...(init.headers as Record<string, string>) },
    });
    jar.keep(response);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT)) {
        const code = next.searchParams.get("code");
        if (!code) throw new Error(`no code: ${next.search}`);
        return { code, iss: next.searchParams.get("iss") ?? undefined };
      }
      url = next;
      init = { method: "GET" };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`sign-in page ${response.status}: ${html}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form: ${html}`);
    const body = html.includes('data-action="allow"') ? "decision=allow" : `user=${user}`;
    url = new URL(action, url);
    init = {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("the sign-in never came back to the redirect URI");
}

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
    const provider = memoryProvider(method);
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

        const { code, iss } = await signInAs(provider.authorizationUrl!, "alice");
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
      const { code, iss } = await signInAs(unscoped, "alice");
      await transport.finishAuth(code, iss);
      const prepared = await call(client, "prepare_purchase", { product_id: "p-mug" });
      expect(sc(prepared)).toMatchObject({ ok: true });
    } finally {
      await client.close();
    }
  });
});
