/**
 * A real OAuth 2.1 authorization server for development (`oidc-provider`), started for an app
 * when no `AUTH_ISSUER` is configured (`startAuthorization`): dynamic client registration and
 * client metadata documents (a client id that is the URL of its metadata, as ChatGPT sends),
 * `iss` in the authorization response (RFC 9207),
 * PKCE S256 (required), the `resource` parameter (RFC 8707) with JWT access tokens whose
 * audience is the MCP server's canonical URI, and a sign-in + consent page for the test users.
 * Clients register the way the MCP SDKs do by default: `authorization_code` with
 * `refresh_token` (refresh tokens are issued, and the refresh grant works), as public clients
 * (`none`) or with a secret (`client_secret_post`, `client_secret_basic`).
 * Keys and registrations live in memory: a restart signs everyone out. Never used in
 * production: `oidc-provider` is an optional peer loaded here, on first use only.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Adapter, Configuration, default as Provider } from "oidc-provider";
import { importOptionalPeer } from "../../peer-deps/optional-peer.ts";
import { isLoopbackHost, isLoopbackOrigin, loopbackHostHeaders } from "../../core/loopback.ts";
import type { ServerLogger } from "../runtime/log.ts";
import { fetchClientMetadataDocument, isMetadataDocumentUrl } from "./client-metadata-document.ts";
import { consentPage, signInPage } from "./dev-sign-in-pages.ts";
import { DEV_TEST_USERS, type DevTestUser } from "./dev-test-users.ts";

/** Options of `startDevAuthorizationServer`. */
export interface DevAuthorizationServerOptions {
  /** The MCP server's canonical URI: the only resource tokens are issued for. */
  resource: string;
  /** Scopes the resource offers (granted on consent). */
  scopes: readonly string[];
  /** Where it listens: a loopback address (anything else is refused); default `127.0.0.1`. */
  host?: string;
  /** Default 8788; `0` picks a free port. */
  port?: number;
  /** Where sign-ins and its errors are logged. */
  log: ServerLogger;
  /** Who may sign in (no passwords); default Alice and Bob. */
  users?: readonly DevTestUser[];
  /** The app's name on the sign-in page. */
  appName?: string;
  /** Access token lifetime in seconds; default 3600. */
  accessTokenTtl?: number;
}

/** A running development authorization server. */
export interface DevAuthorizationServer {
  /** The issuer URL, e.g. `http://127.0.0.1:8788`. */
  issuer: string;
  /** Stops it; every session and registration is forgotten. */
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A client identified by its metadata document (ChatGPT's way, and the MCP spec's preferred
 * one) is read from that document on first sight and kept like a registration, so every
 * endpoint that looks a client up finds it. Anything wrong with the document: no such client.
 */
async function readClientsFromMetadataDocuments(
  provider: Pick<Provider, "Client">,
  log: ServerLogger,
): Promise<void> {
  // oidc-provider's own in-memory store, where registrations live (its default adapter; the
  // package has no types for the module, hence the specifier in a variable).
  const memoryAdapter = "oidc-provider/lib/adapters/memory_adapter.js";
  const { default: MemoryAdapter } = (await import(memoryAdapter)) as {
    default: new (model: string) => Adapter;
  };
  const clients = new MemoryAdapter("Client");
  const findClient = provider.Client.find.bind(provider.Client);
  provider.Client.find = async (id) => {
    const found = await findClient(id);
    if (found || typeof id !== "string" || !isMetadataDocumentUrl(id)) return found;
    try {
      await clients.upsert(id, { ...(await fetchClientMetadataDocument(id)) }, 300);
    } catch (error) {
      log.warn("dev_auth_client_document_refused", {
        error_message: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
    return findClient(id);
  };
}

/** Listens on `host`:`port` (0: any free port); resolves with the port it got. */
async function listen(http: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => resolve());
  });
  return (http.address() as AddressInfo).port;
}

/** A fresh RS256 key for this run's tokens, as a JWK (a restart signs everyone out). */
async function newSigningKey(jose: Pick<typeof import("jose"), "exportJWK" | "generateKeyPair">) {
  const { privateKey } = await jose.generateKeyPair("RS256", { extractable: true });
  return {
    ...(await jose.exportJWK(privateKey)),
    kid: `dev-${Date.now()}`,
    alg: "RS256",
    use: "sig",
  };
}

/** Starts the server; resolves once it listens. */
export async function startDevAuthorizationServer(
  options: DevAuthorizationServerOptions,
): Promise<DevAuthorizationServer> {
  const host = options.host ?? "127.0.0.1";
  // Anyone who reaches it signs in as a test user with no password: this machine only.
  if (!isLoopbackHost(host))
    throw new TypeError(
      `the development authorization server listens on loopback only, not on "${host}"`,
    );
  const users = options.users ?? DEV_TEST_USERS;
  const { resource, log } = options;
  const appName = options.appName ?? "this app";
  const neededBy = "startDevAuthorizationServer";
  const [{ exportJWK, generateKeyPair }, { default: Provider, errors }] = await Promise.all([
    importOptionalPeer("jose", neededBy, () => import("jose")),
    importOptionalPeer("oidc-provider", neededBy, () => import("oidc-provider")),
  ]);
  const http = createServer();
  const port = await listen(http, options.port ?? 8788, host);
  const issuer = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const signingKey = await newSigningKey({ exportJWK, generateKeyPair });
  const configuration: Configuration = {
    clients: [],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    scopes: ["openid", ...options.scopes],
    claims: { openid: ["sub"], profile: ["name"] },
    findAccount: (_ctx, id) => {
      const user = users.find((u) => u.id === id);
      return user
        ? { accountId: user.id, claims: () => ({ sub: user.id, name: user.name }) }
        : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { methods: ["S256"], required: () => true },
    // MCP clients (the TS and Python SDKs, Inspector, MCPJam, mcp-use) register with
    // `grant_types: ["authorization_code", "refresh_token"]` and expect a refresh token without
    // asking for `offline_access`. A function of our own (not oidc-provider's default) is also
    // what makes it accept `refresh_token` at registration at all.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    clientDefaults: {
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    // Browser clients on a loopback page (the local host) call the token endpoint directly.
    clientBasedCORS: (_ctx, origin) => isLoopbackOrigin(origin),
    // A refused request's page: plain words, not oidc-provider's default page and notice.
    renderError: (ctx, out) => {
      ctx.type = "text/plain; charset=utf-8";
      ctx.body = `${String(out.error)}: ${String(out.error_description ?? "")}\n`;
    },
    // Clients may identify themselves by a metadata document URL instead of registering.
    discovery: { client_id_metadata_document_supported: true },
    // A client registers with the scope of the challenge that sent it here (the MCP SDK does),
    // and oidc-provider then refuses any other scope as invalid_scope — so an app with two scopes
    // could never step up from the first to the second. A client may ask for every scope the
    // resource's metadata lists; what a token carries is still what the person consents to.
    extraClientMetadata: {
      properties: ["scope"],
      validator: (_ctx, key, _value, metadata) => {
        if (key === "scope") metadata.scope = ["openid", ...options.scopes].join(" ");
      },
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: options.scopes.join(" "),
            audience: resource,
            accessTokenTTL: options.accessTokenTtl ?? 3600,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    // Set explicitly so oidc-provider does not warn about its defaults on every sign-in.
    ttl: {
      AccessToken: options.accessTokenTtl ?? 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  await readClientsFromMetadataDocuments(provider, log);
  provider.on("server_error", (_ctx, error) =>
    log.error("dev_auth_server_error", { error_message: error.message }),
  );
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, action: string) {
    const details = await provider.interactionDetails(req, res);
    const client = await provider.Client.find(String(details.params.client_id ?? ""));
    const clientName = client?.clientName ?? "An app";
    const html = (status: number, body: string) =>
      void res
        .writeHead(status, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy":
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' *",
          "cache-control": "no-store",
        })
        .end(body);
    if (req.method === "GET" && action === "") {
      if (details.prompt.name === "login")
        return html(200, signInPage(details.uid, clientName, appName, users));
      const account = users.find((u) => u.id === details.session?.accountId);
      const scopes = [
        ...new Set([
          ...((details.prompt.details.missingOIDCScope as string[] | undefined) ?? []),
          ...Object.values(
            (details.prompt.details.missingResourceScopes as
              Record<string, string[]> | undefined) ?? {},
          ).flat(),
        ]),
      ];
      return html(200, consentPage(details.uid, clientName, account?.name ?? "", scopes));
    }
    if (req.method !== "POST") return html(405, "Method not allowed");
    const form = await readForm(req);
    if (action === "login") {
      const user = users.find((u) => u.id === form.get("user"));
      if (!user) return html(400, "Unknown user");
      log.info("dev_auth_sign_in", { user: user.id });
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.id } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (action === "confirm") {
      if (form.get("decision") !== "allow") {
        await provider.interactionFinished(
          req,
          res,
          { error: "access_denied", error_description: "The person did not allow access." },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const accountId = details.session?.accountId;
      if (!accountId) return html(400, "Not signed in");
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      if (!grant) return html(400, "Grant expired");
      const missingOIDC = details.prompt.details.missingOIDCScope as string[] | undefined;
      if (missingOIDC) grant.addOIDCScope(missingOIDC.join(" "));
      const missingResource = details.prompt.details.missingResourceScopes as
        Record<string, string[]> | undefined;
      for (const [indicator, scopes] of Object.entries(missingResource ?? {}))
        grant.addResourceScope(indicator, scopes.join(" "));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    html(404, "Not found");
  }

  // oidc-provider builds its endpoints' URLs from the request's Host: another name (DNS
  // rebinding, or a forged header) would get a discovery document pointing elsewhere.
  const hosts = new Set(loopbackHostHeaders(port));
  http.on("request", (req, res) => {
    if (!hosts.has((req.headers.host ?? "").toLowerCase())) {
      res.writeHead(403, { "content-type": "text/plain" }).end("Forbidden: Host not allowed\n");
      return;
    }
    const pathname = new URL(req.url ?? "/", issuer).pathname;
    // oidc-provider answers CORS on discovery and the token endpoint, not on registration: a
    // browser client on a loopback page (the local host) registers itself, so it gets CORS here.
    const origin = req.headers.origin;
    if (pathname === "/reg" && typeof origin === "string" && isLoopbackOrigin(origin)) {
      res.setHeader("access-control-allow-origin", origin);
      res.setHeader("vary", "origin");
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          "access-control-allow-methods": "GET, POST, OPTIONS",
          "access-control-allow-headers": "content-type, mcp-protocol-version, authorization",
          "access-control-max-age": "600",
        });
        res.end();
        return;
      }
    }
    // An authorization request may leave `scope` out and let the server default it (RFC 6749
    // §3.3); MCPJam's inspector does. oidc-provider would then grant nothing and answer
    // access_denied after the sign-in, so the default is the resource's own scopes, the ones
    // its protected-resource metadata lists.
    if (pathname === "/auth" && req.method === "GET" && options.scopes.length > 0) {
      const url = new URL(req.url ?? "/", issuer);
      if (!url.searchParams.has("scope")) {
        url.searchParams.set("scope", options.scopes.join(" "));
        req.url = `${url.pathname}${url.search}`;
      }
    }
    // RFC 8414 metadata, which MCP clients ask for first: the same document as OIDC discovery.
    if (pathname === "/.well-known/oauth-authorization-server")
      req.url = "/.well-known/openid-configuration";
    const match = /^\/interaction\/([\w-]{1,64})(?:\/(login|confirm))?$/.exec(pathname);
    if (!match) return void callback(req, res);
    interaction(req, res, match[2] ?? "").catch((error: unknown) => {
      log.warn("dev_auth_interaction_failed", {
        error_message: error instanceof Error ? error.message : String(error),
      });
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain" });
      res.end("This sign-in has expired. Close this window and try again.");
    });
  });
  log.info("dev_authorization_server", { issuer, users: users.map((u) => u.id) });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
