/**
 * The deploy test's side of OAuth: an `OAuthClientProvider` for the MCP SDK v2 client that
 * keeps its registration, tokens and PKCE verifier in memory (a native app would keep them in
 * its store), and `signInByHttp`, the person in the browser: it opens the authorization URL,
 * signs in with a password, allows the scopes, and brings back the redirect's query — all
 * over HTTP through the same `fetch` (cookies kept per name, redirects walked by hand).
 */
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";

/** Where the identity provider sends the person back (never fetched: the test reads it). */
export const REDIRECT_URL = "https://client.test/oauth/callback";

/** A client provider whose "browser" is the test. */
export class TestOAuthClient implements OAuthClientProvider {
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";
  private discovery: OAuthDiscoveryState | undefined;
  /** The authorization URL the SDK asked to open (set by `redirectToAuthorization`). */
  authorizationUrl: URL | undefined;

  get redirectUrl(): string {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "mcp-widget-kit deploy test",
      redirect_uris: [REDIRECT_URL],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
}

/** The `name=value` pairs a `Set-Cookie` list leaves, kept by name. */
function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0] ?? "";
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

/**
 * Signs `username` in at `authorizationUrl` and allows access; resolves with the query of the
 * redirect to `redirectUrl` (`code`, `state`, `iss`). Throws when a page is not the expected one.
 */
export async function signInByHttp(
  fetcher: typeof fetch,
  authorizationUrl: URL,
  credentials: { username: string; password: string },
  redirectUrl: string = REDIRECT_URL,
): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetcher(url, {
      method: form ? "POST" : "GET",
      headers: {
        cookie: cookie(),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
      redirect: "manual",
    });
    keepCookies(jar, response);
    form = undefined;
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUrl)) return next.searchParams;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action)
      throw new Error(
        `sign-in stopped at ${url.pathname} (${response.status}): ${html.slice(0, 200)}`,
      );
    url = new URL(action, url);
    form = html.includes('name="password"')
      ? new URLSearchParams({ username: credentials.username, password: credentials.password })
      : new URLSearchParams({ decision: "allow" });
  }
  throw new Error("sign-in did not come back to the client");
}
