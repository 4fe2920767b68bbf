/**
 * The page signs in the way ChatGPT links an account: when a tool needs auth (a 401/403 from
 * the MCP endpoint, or a result carrying `_meta["mcp/www_authenticate"]`), the MCP SDK's OAuth
 * client runs discovery → dynamic registration → authorize with PKCE (in a popup) → token, and
 * the call is retried. This file is the SDK's `OAuthClientProvider` for a browser page: the
 * registration and tokens live in sessionStorage (a reload stays signed in), the PKCE verifier,
 * state and discovery result in memory, and the popup hands the code back with `postMessage` from this origin.
 */
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";

const CLIENT_KEY = "devhost.oauth.client";
const TOKENS_KEY = "devhost.oauth.tokens";
const MESSAGE = "devhost:oauth-callback";
/** The query that marks the page as the popup's redirect target. */
export const CALLBACK_QUERY = "oauth=callback";

function stored<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When this page is the popup's redirect target: hands the query to the opener and closes.
 * Returns true then (the page must not start).
 */
export function finishSignInPopup(): boolean {
  const search = new URLSearchParams(window.location.search);
  if (search.get("oauth") !== "callback") return false;
  const opener = window.opener as Window | null;
  opener?.postMessage({ type: MESSAGE, query: window.location.search }, window.location.origin);
  document.body.textContent = opener
    ? "Signed in; you can close this window."
    : "No page to return to.";
  window.close();
  return true;
}

/** Whatever the signed-in person is called in the access token (display only, never trusted). */
function subjectOf(tokens: OAuthTokens | undefined): string | undefined {
  const payload = tokens?.access_token.split(".")[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      sub?: unknown;
    };
    return typeof claims.sub === "string" ? claims.sub.slice(0, 64) : undefined;
  } catch {
    return undefined;
  }
}

/** The page's OAuth client. */
export class PageSignIn implements OAuthClientProvider {
  private verifier = "";
  private discovery: OAuthDiscoveryState | undefined;
  private expectedState = "";
  private forceLogin = false;
  private pending:
    { resolve(answer: URLSearchParams): void; reject(error: Error): void } | undefined;
  private answer: Promise<URLSearchParams> | undefined;
  /** Called whenever who is signed in changes. */
  onChange: () => void = () => {};
  /** Called when the popup was blocked: the page offers a button that opens `url`. */
  onPopupBlocked: (open: () => void) => void = () => {};
  /** Called when a sign-in starts, with the authorization server's page it waits on. */
  onWaiting: (authorization: URL) => void = () => {};

  constructor() {
    window.addEventListener("message", (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; query?: unknown } | null;
      if (data?.type !== MESSAGE || typeof data.query !== "string") return;
      const query = new URLSearchParams(data.query);
      const pending = this.pending;
      this.pending = undefined;
      if (!pending) return;
      const code = query.get("code");
      if (query.get("state") !== this.expectedState)
        pending.reject(new Error("sign-in answer does not match the request"));
      else if (!code)
        pending.reject(new Error(`sign-in ended: ${query.get("error") ?? "no code"}`));
      else pending.resolve(query);
    });
  }

  get redirectUrl(): string {
    return `${window.location.origin}/?${CALLBACK_QUERY}`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "mcp-widget-kit local host",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    this.expectedState = crypto.randomUUID();
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return stored<OAuthClientInformationMixed>(CLIENT_KEY);
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    sessionStorage.setItem(CLIENT_KEY, JSON.stringify(info));
  }

  tokens(): OAuthTokens | undefined {
    return stored<OAuthTokens>(TOKENS_KEY);
  }

  saveTokens(tokens: OAuthTokens): void {
    sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    this.forceLogin = false;
    this.onChange();
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "client") sessionStorage.removeItem(CLIENT_KEY);
    if (scope === "all" || scope === "tokens") sessionStorage.removeItem(TOKENS_KEY);
    this.onChange();
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  /**
   * What discovery found when the sign-in started, kept with the PKCE verifier: the SDK checks
   * on the way back that the code is traded at the same authorization server.
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  redirectToAuthorization(url: URL): void {
    this.pending?.reject(new Error("a newer sign-in started"));
    this.answer = new Promise((resolve, reject) => (this.pending = { resolve, reject }));
    this.answer.catch(() => {});
    // Switching users: the authorization server must ask who is signing in again.
    if (this.forceLogin) url.searchParams.set("prompt", "login");
    this.onWaiting(url);
    const open = () => window.open(url, "devhost-sign-in", "popup,width=520,height=640");
    if (!open()) this.onPopupBlocked(() => void open());
  }

  /**
   * The authorization response the popup brings back (after `redirectToAuthorization`), its
   * `state` already checked: `code` and `iss` (RFC 9207) for the SDK's `finishAuth`.
   */
  authorizationResponse(): Promise<URLSearchParams> {
    return this.answer ?? Promise.reject(new Error("no sign-in was started"));
  }

  /** Who is signed in (the token's subject), if anyone. */
  signedInAs(): string | undefined {
    return subjectOf(this.tokens());
  }

  /** Forgets the tokens; the next sign-in asks who is signing in. */
  signOut(): void {
    sessionStorage.removeItem(TOKENS_KEY);
    this.forceLogin = true;
    this.onChange();
  }
}
