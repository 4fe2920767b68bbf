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
import type { IncomingMessage, ServerResponse } from "node:http";
import * as v from "valibot";
import { createToolServer, serveHttp, silentLogger } from "../../src/server/index.ts";
import { startAuthorization, type Authorization } from "../../src/server/auth/index.ts";
import { things } from "../support/thing-contract.ts";

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

/**
 * `tools` served over HTTP on the port `auth` chose, its tokens checked by `auth`; `routes`
 * (a dev host, say) answers what the resource metadata route does not.
 */
export function serveBehind(
  auth: Authorization,
  tools: ReturnType<typeof createToolServer>,
  routes?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>,
) {
  return serveHttp({
    createServer: (context) => tools.createServer(context),
    log: silentLogger,
    port: auth.port,
    authenticate: auth.authenticate(tools),
    otherRoutes: routes
      ? async (req, res) => (await auth.resource.route(req, res)) || routes(req, res)
      : auth.resource.route,
  });
}

/** The reading scope of the two-scope wallet. */
export const READ_SCOPE = "wallet:read";
/** The sending scope of the two-scope wallet. */
export const SEND_SCOPE = "transfers:write";

/**
 * A two-scope app behind the development sign-in: `read_wallet` needs `wallet:read`,
 * `send_money` (a write) needs `transfers:write` — a person signs in for one, then steps up.
 */
export async function startTwoScopeWallet(
  routes?: (issuer: string) => (req: IncomingMessage, res: ServerResponse) => Promise<boolean>,
) {
  const auth = await startAuthorization({
    port: 0,
    scopes: [READ_SCOPE, SEND_SCOPE],
    resourceName: "Wallet",
    log: silentLogger,
    env: { NODE_ENV: "development" },
  });
  const tool = (name: string, scope: string, writes: boolean) => ({
    name,
    description: `${name}.`,
    annotations: writes ? { destructiveHint: true } : { readOnlyHint: true },
    kind: "thing",
    outputSchema: { type: "object" },
    arguments: { schema: v.strictObject({}), repair: () => ({}) },
    ...(writes ? { writes: true as const, confirm: "model" as const } : {}),
    auth: { scopes: [scope] },
    handler: async () => ({ ok: true as const, data: {}, text: `${name} done` }),
  });
  const tools = createToolServer({
    info: { name: "wallet", version: "1.0.0" },
    contract: things,
    log: silentLogger,
    tools: [tool("read_wallet", READ_SCOPE, false), tool("send_money", SEND_SCOPE, true)],
  });
  const endpoint = await serveBehind(auth, tools, routes?.(auth.settings.issuer));
  return {
    endpoint,
    async close() {
      await endpoint.close();
      await auth.close();
    },
  };
}
