/**
 * What the OAuth sign-in tests share: an in-memory `OAuthClientProvider` for the MCP SDK's
 * client (it records where it was sent to sign in and what it was given), and a tool server
 * served behind an `Authorization` from `startAuthorization`.
 */
import type {
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { serveHttp, silentLogger, type createToolServer } from "../../src/server/index.ts";
import type { Authorization } from "../../src/server/auth/index.ts";

/** The loopback redirect the tests' clients register (nothing listens there). */
export const REDIRECT = "http://127.0.0.1:9/callback";

export type MemoryProvider = OAuthClientProvider & {
  /** Where the SDK sent the person to sign in (set by `redirectToAuthorization`). */
  authorizationUrl?: URL;
  /** What the token endpoint gave back, newest first. */
  saved: StoredOAuthTokens[];
  /** The registration the server answered. */
  registered?: StoredOAuthClientInformation & { token_endpoint_auth_method?: string };
};

/** An in-memory provider; `metadata` is all it adds to what the SDK fills in itself. */
export function memoryProvider(metadata: Record<string, string> = {}): MemoryProvider {
  let verifier = "";
  let discovery: unknown;
  const provider: MemoryProvider = {
    saved: [],
    get redirectUrl() {
      return REDIRECT;
    },
    get clientMetadata() {
      return { client_name: "SDK default client", redirect_uris: [REDIRECT], ...metadata };
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

/** `tools` served over HTTP on the port `auth` chose, its tokens checked by `auth`. */
export function serveBehind(auth: Authorization, tools: ReturnType<typeof createToolServer>) {
  return serveHttp({
    createServer: (context) => tools.createServer(context),
    log: silentLogger,
    port: auth.port,
    authenticate: auth.authenticate(tools),
    otherRoutes: auth.resource.route,
  });
}
