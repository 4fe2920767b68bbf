/**
 * `startAuthorization`: whose tokens an app's MCP server accepts, chosen in one place for
 * every app. With `AUTH_ISSUER` (production) it is that issuer and nothing is started; without
 * it, the development authorization server starts beside the app so a person can sign in
 * locally — only in development (`isDevelopment`: `NODE_ENV` development or test). Anything
 * else is production and refuses to start without `AUTH_ISSUER` and `AUTH_AUDIENCE`, because a
 * production server must never hand out tokens for test users. Either way it gives back what
 * `serveHttp` needs: the `authenticate` hook and the protected-resource metadata route.
 */
import { createServer } from "node:net";
import type { HttpAuthenticate } from "../http/fetch-handler.ts";
import type { ServerLogger } from "../runtime/log.ts";
import { portSetting } from "../app/port-settings.ts";
import { requireProductionSettings, StartupRefusal } from "../runtime/mode.ts";
import { isLoopbackHost } from "../../core/loopback.ts";
import { kitToolServer, type ToolServer } from "../tool-server.ts";
import { startDevAuthorizationServer } from "./dev-authorization-server.ts";
import type { DevTestUser } from "./dev-test-users.ts";
import { bearerAuthentication } from "./http-guard.ts";
import { createProtectedResource, type ProtectedResource } from "./protected-resource.ts";
import { createTokenVerifier } from "./token-verifier.ts";

/** Options of {@link startAuthorization}. */
export interface AuthorizationOptions {
  /** The MCP server's host, for its canonical URI when `AUTH_AUDIENCE` is unset. Default `127.0.0.1`. */
  readonly host?: string;
  /**
   * The port the MCP server will listen on, part of its canonical URI; `0` picks a free one now
   * (given back as `port`), since the URI must be known before the server starts.
   */
  readonly port: number;
  /** The MCP endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /** Scopes the resource offers (`scopes_supported`; granted by the development server). */
  readonly scopes: readonly string[];
  /** The resource's name in its metadata and on the development sign-in page. */
  readonly resourceName?: string;
  /** Where the choice (and the development server's sign-ins) is logged. */
  readonly log: ServerLogger;
  /**
   * Where the settings come from: `AUTH_ISSUER`, `AUTH_AUDIENCE` (the canonical URI tokens
   * must name), `AUTH_JWKS_URL`, `AUTH_TOKEN_TYPES`, `AUTH_DEV_PORT`, `NODE_ENV`. Default
   * `process.env`.
   */
  readonly env?: { readonly [name: string]: string | undefined };
  /** The development server's port when `AUTH_DEV_PORT` is unset. Default `0` (any free port). */
  readonly devPort?: number;
  /** Who may sign in on the development server. Default Alice and Bob. */
  readonly users?: readonly DevTestUser[];
}

/** Whose access tokens are accepted. */
export interface AuthorizationSettings {
  /** The issuer (`iss`). */
  readonly issuer: string;
  /** The MCP endpoint's canonical URI (`aud`). */
  readonly audience: string;
  /**
   * The issuer's keys: a JWKS URL (`AUTH_JWKS_URL`), or the key set itself (tests); default:
   * found by discovery.
   */
  readonly jwks?: URL | { readonly keys: ReadonlyArray<{ readonly [member: string]: unknown }> };
  /**
   * Accepted `typ` headers (`AUTH_TOKEN_TYPES`, a comma list); default `at+jwt` only
   * (RFC 9068). An issuer that types its access tokens `JWT` needs `["at+jwt", "JWT"]`.
   */
  readonly tokenTypes?: readonly string[];
}

/** An app's resource server (what `createResourceServer` returns, spelled out there). */
export type ResourceServer = ReturnType<typeof createResourceServer>;

/** The kit's side of a resource server: the metadata object itself (the dev host, tests). */
export interface KitResourceServer extends ResourceServer {
  readonly resource: ProtectedResource;
}

/**
 * The resource server for `settings`: metadata naming the issuer, and bearer-token checks
 * (signature, expiry, issuer, audience) on every call. `serveApp` builds one from the
 * environment; a test hands in a test issuer's settings and key set directly. It gives the
 * metadata route (`respond`) and the `authenticate` hook for the app's tool server.
 */
export function createResourceServer(options: {
  /** Whose tokens are accepted (`readSettings().authorization`, or a test issuer's). */
  readonly settings: AuthorizationSettings;
  /** Scopes the resource offers (`scopes_supported`). */
  readonly scopes: readonly string[];
  /** The resource's name in its metadata. */
  readonly resourceName?: string;
  /** Where refused and failed token checks are logged. */
  readonly log: ServerLogger;
}): {
  /**
   * The answer to a request for the protected-resource metadata (RFC 9728, both the
   * path-suffixed and the bare `/.well-known/oauth-protected-resource`), `undefined` for any
   * other path: `createFetchHandler`'s `routes`.
   */
  respond(request: Request): Response | undefined;
  /**
   * `createFetchHandler`'s `authenticate` for `tools`: refused calls get its 401/403 and
   * challenge. It also names this resource to `tools`, so their refused results point the
   * host at its metadata (where sign-in starts).
   */
  authenticate(tools: ToolServer): HttpAuthenticate;
} {
  return kitResourceServer(options);
}

/** {@link createResourceServer} with its metadata object (the kit's own callers use it). */
export function kitResourceServer(
  options: Parameters<typeof createResourceServer>[0],
): KitResourceServer {
  const { settings, log } = options;
  const resource = createProtectedResource({
    resource: settings.audience,
    authorizationServers: [settings.issuer],
    scopesSupported: [...options.scopes],
    ...(options.resourceName ? { resourceName: options.resourceName } : {}),
  });
  const verifier = createTokenVerifier({
    issuer: settings.issuer,
    audience: settings.audience,
    ...(settings.jwks ? { jwks: settings.jwks } : {}),
    ...(settings.tokenTypes ? { tokenTypes: settings.tokenTypes } : {}),
  });
  return {
    resource,
    respond: (request) => resource.respond(request),
    authenticate: (tools) => {
      const kit = kitToolServer(tools);
      kit.useResource(resource);
      return bearerAuthentication({ verifier, resource, refusal: kit.refusal, log });
    },
  };
}

/** The resource server of an app, as {@link startAuthorization} set it up. */
export interface Authorization extends KitResourceServer {
  /** Whose tokens are accepted (an app that builds its own resource server hands these on). */
  readonly settings: AuthorizationSettings;
  /** The port the MCP server must listen on (the one asked for, or the free one picked for 0). */
  readonly port: number;
  /** True when the development authorization server runs (no `AUTH_ISSUER`). */
  readonly development: boolean;
  /** Stops the development authorization server (nothing to stop otherwise). */
  close(): Promise<void>;
}

/** A port nothing listens on now, on `host`. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** `"at+jwt, JWT"` → `["at+jwt", "JWT"]`. */
function listOf(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The settings a production server needs for sign-in. */
export const AUTHORIZATION_SETTINGS = ["AUTH_ISSUER", "AUTH_AUDIENCE"] as const;

/**
 * The issuer's settings from `AUTH_ISSUER`, `AUTH_AUDIENCE`, `AUTH_JWKS_URL` and
 * `AUTH_TOKEN_TYPES`; `undefined` without `AUTH_ISSUER`. Starts nothing, so a server that
 * never runs the development sign-in (a fetch handler on Bun, Deno or an edge runtime) reads
 * its settings the same way. Throws a `StartupRefusal` for `AUTH_ISSUER` without
 * `AUTH_AUDIENCE`.
 */
export function authorizationSettingsFrom(env: {
  readonly [name: string]: string | undefined;
}): AuthorizationSettings | undefined {
  if (!env.AUTH_ISSUER) return undefined;
  if (!env.AUTH_AUDIENCE)
    throw new StartupRefusal(
      "AUTH_AUDIENCE (the server's canonical URI) must be set with AUTH_ISSUER",
      ["AUTH_AUDIENCE"],
    );
  return {
    issuer: env.AUTH_ISSUER,
    audience: env.AUTH_AUDIENCE,
    ...(env.AUTH_JWKS_URL ? { jwks: new URL(env.AUTH_JWKS_URL) } : {}),
    ...(env.AUTH_TOKEN_TYPES ? { tokenTypes: listOf(env.AUTH_TOKEN_TYPES) } : {}),
  };
}

/**
 * Sets up the resource server: `AUTH_ISSUER`'s tokens, or (in development only) the
 * development authorization server's, listening on loopback whatever `host` the MCP server
 * binds. Throws a `StartupRefusal` naming what is missing: `AUTH_AUDIENCE` with `AUTH_ISSUER`,
 * and both in production.
 */
export async function startAuthorization(options: AuthorizationOptions): Promise<Authorization> {
  const env = options.env ?? process.env;
  const host = options.host ?? "127.0.0.1";
  const { log } = options;
  const port = options.port === 0 ? await freePort(host) : options.port;
  let settings: AuthorizationSettings;
  let close = async () => {};
  requireProductionSettings(env, AUTHORIZATION_SETTINGS);
  const issuerSettings = authorizationSettingsFrom(env);
  if (issuerSettings) {
    settings = issuerSettings;
  } else {
    const shownHost = host.includes(":") ? `[${host}]` : host;
    const audience = env.AUTH_AUDIENCE || `http://${shownHost}:${port}${options.path ?? "/mcp"}`;
    // It loads oidc-provider itself, so a server with AUTH_ISSUER never loads it.
    const dev = await startDevAuthorizationServer({
      resource: audience,
      scopes: options.scopes,
      // Test users sign in without a password: never reachable from another machine.
      host: isLoopbackHost(host) ? host : "127.0.0.1",
      port: portSetting(env, "AUTH_DEV_PORT", options.devPort ?? 0),
      log,
      ...(options.users ? { users: options.users } : {}),
      ...(options.resourceName ? { appName: options.resourceName } : {}),
    });
    log.warn("dev_authorization_server_active", {
      issuer: dev.issuer,
      note: "development sign-in (test users); set AUTH_ISSUER and AUTH_AUDIENCE in production",
    });
    settings = { issuer: dev.issuer, audience };
    close = dev.close;
  }
  return {
    ...kitResourceServer({
      settings,
      scopes: options.scopes,
      log,
      ...(options.resourceName ? { resourceName: options.resourceName } : {}),
    }),
    settings,
    port,
    development: !env.AUTH_ISSUER,
    close,
  };
}
