/**
 * Bearer access tokens verified with `jose`: the signature through the issuer's JWKS, the
 * `typ` header of a JWT access token (RFC 9068 §4: `at+jwt`, so an ID token or another JWT the
 * issuer signed is not taken for one), `exp` (and `nbf`), an `iat` not in the future, `iss`
 * equal to the configured issuer, and `aud` containing the server's canonical URI (RFC 8707:
 * a token minted for another resource is refused). `jose` is an optional peer of the kit,
 * loaded on the first token.
 *
 * Not the SDK's `verifyBearerToken` (`@modelcontextprotocol/server` 2.4.0): it reads the
 * header as `split(" ")` → `[scheme, token]`, so `Bearer A B` passes as `A` and a token of any
 * characters passes (the kit takes one RFC 6750 b64token, `request-auth.ts`; the "two tokens"
 * case in `test/server/token-checks.test.ts` expects 401), and it refuses a request without
 * the header, which the kit serves anonymously (public tools on the same endpoint). What it
 * checks after the verifier (`exp` present and not past, the resource, scopes) jose's `exp`,
 * `aud` and the per-tool scope check already do; `OAuthTokenVerifier` is only the shape of
 * that verifier, with no caller in the kit.
 */
import type { JSONWebKeySet, JWTPayload, JWTVerifyGetKey, JWTVerifyOptions } from "jose";
import { importOptionalPeer } from "../../peer-deps/optional-peer.ts";
import type { Principal } from "./principal.ts";

/** Options of `createTokenVerifier`. */
export interface TokenVerifierOptions {
  /** The authorization server's issuer identifier (exactly as it appears in `iss`). */
  issuer: string;
  /** The resource server's canonical URI, e.g. `https://mcp.example.com/mcp`: the required `aud`. */
  audience: string;
  /**
   * Where the signing keys come from: a JWKS URL, or the public key set itself (tests, keys
   * pinned by configuration). Default: `jwks_uri` from the issuer's discovery document.
   */
  jwks?: URL | JsonWebKeySet;
  /** Accepted signature algorithms; default RS256, PS256, ES256, EdDSA. */
  algorithms?: string[];
  /** Clock skew allowed for `exp`/`nbf`/`iat`, in seconds; default 30. */
  clockToleranceSeconds?: number;
  /**
   * Accepted `typ` header values, compared without case and with the `application/` prefix
   * optional (RFC 9068 §4). Default `["at+jwt"]`. An issuer that signs its access tokens as
   * plain `JWT` (Microsoft Entra, Keycloak) needs `["at+jwt", "JWT"]` (`AUTH_TOKEN_TYPES`);
   * a token with no `typ` is refused either way.
   */
  tokenTypes?: readonly string[];
  /** Fetches the discovery document (tests); default global `fetch`. */
  fetch?: typeof fetch;
}

/** A JSON Web Key Set (RFC 7517): `{ keys: [...] }` of public keys. */
export interface JsonWebKeySet {
  /** The public keys (JWK objects). */
  keys: ReadonlyArray<{ readonly [member: string]: unknown }>;
}

/** What verifying a token gave: a principal, or a refusal whose reason only reaches the log. */
export type Verification =
  { ok: true; principal: Principal; expiresAt: number | undefined } | { ok: false; reason: string };

/** Verifies access tokens for one issuer and one audience. */
export interface TokenVerifier {
  /** The issuer whose tokens it accepts (`AUTH_ISSUER`). */
  readonly issuer: string;
  /** The audience a token must name: this server's canonical `/mcp` URL (`AUTH_AUDIENCE`). */
  readonly audience: string;
  /** Checks one bearer token: the principal, or why it is refused (never throws for a bad token). */
  verify(token: string): Promise<Verification>;
}

const MAX_TOKEN_CHARS = 8_192;

/** The RFC 9068 type of a JWT access token. */
const ACCESS_TOKEN_TYPE = "at+jwt";

/** `application/at+jwt` and `AT+JWT` are `at+jwt` (media types: RFC 7515 §4.1.9). */
function normalTokenType(typ: string): string {
  const lower = typ.toLowerCase();
  return lower.startsWith("application/") ? lower.slice("application/".length) : lower;
}

function scopesOf(payload: JWTPayload): string[] {
  if (typeof payload.scope === "string") return payload.scope.split(" ").filter(Boolean);
  // Some issuers (Okta, Entra) send `scp` as a list.
  if (Array.isArray(payload.scp)) return payload.scp.filter((s) => typeof s === "string");
  return [];
}

async function discoverJwks(issuer: string, fetcher: typeof fetch): Promise<URL> {
  const base = issuer.replace(/\/$/, "");
  // OIDC discovery first, then RFC 8414 (path-inserted form for issuers with a path).
  const issuerUrl = new URL(issuer);
  const candidates = [
    `${base}/.well-known/openid-configuration`,
    `${issuerUrl.origin}/.well-known/oauth-authorization-server${issuerUrl.pathname.replace(/\/$/, "")}`,
  ];
  for (const candidate of candidates) {
    const response = await fetcher(candidate, { headers: { accept: "application/json" } }).catch(
      () => undefined,
    );
    if (!response?.ok) continue;
    const document = (await response.json().catch(() => undefined)) as
      { issuer?: unknown; jwks_uri?: unknown } | undefined;
    if (document?.issuer === issuer && typeof document.jwks_uri === "string")
      return new URL(document.jwks_uri);
  }
  throw new Error("the issuer's discovery document has no jwks_uri");
}

/** A verifier for tokens of `options.issuer` meant for `options.audience`. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const { issuer, audience } = options;
  const fetcher = options.fetch ?? fetch;
  const jose = () => importOptionalPeer("jose", "createTokenVerifier", () => import("jose"));
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const jwks = options.jwks;
  const getKeys = (): Promise<JWTVerifyGetKey> => {
    if (jwks !== undefined && !(jwks instanceof URL)) {
      const keySet: JSONWebKeySet = { keys: jwks.keys.map((key) => ({ ...key })) };
      keys ??= jose().then(({ createLocalJWKSet }) => createLocalJWKSet(keySet));
      return keys;
    }
    keys ??= Promise.all([jose(), jwks ?? discoverJwks(issuer, fetcher)]).then(
      ([{ createRemoteJWKSet }, url]) =>
        createRemoteJWKSet(url, { cooldownDuration: 30_000, timeoutDuration: 5_000 }),
    );
    // A failed discovery is retried on the next token, not cached forever.
    keys.catch(() => (keys = undefined));
    return keys;
  };
  const tolerance = options.clockToleranceSeconds ?? 30;
  const tokenTypes = new Set((options.tokenTypes ?? [ACCESS_TOKEN_TYPE]).map(normalTokenType));
  const verifyOptions: JWTVerifyOptions = {
    issuer,
    audience,
    algorithms: options.algorithms ?? ["RS256", "PS256", "ES256", "EdDSA"],
    clockTolerance: tolerance,
    requiredClaims: ["sub", "exp"],
  };
  return {
    issuer,
    audience,
    async verify(token) {
      if (token.length === 0 || token.length > MAX_TOKEN_CHARS)
        return { ok: false, reason: "malformed" };
      try {
        const { jwtVerify } = await jose();
        const { payload, protectedHeader } = await jwtVerify(token, await getKeys(), verifyOptions);
        const typ = protectedHeader.typ;
        if (typeof typ !== "string" || !tokenTypes.has(normalTokenType(typ)))
          return { ok: false, reason: "not an access token (typ)" };
        // jose checks `iat` only against a maximum age; a token "issued" ahead of the clock is
        // a clock or issuer fault the token's lifetime must not hide.
        if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + tolerance)
          return { ok: false, reason: "issued in the future (iat)" };
        if (typeof payload.sub !== "string" || payload.sub.length === 0)
          return { ok: false, reason: "no subject" };
        const clientId =
          typeof payload.client_id === "string"
            ? payload.client_id
            : typeof payload.azp === "string"
              ? payload.azp
              : undefined;
        return {
          ok: true,
          principal: { issuer, subject: payload.sub, scopes: scopesOf(payload), clientId },
          expiresAt: payload.exp,
        };
      } catch (error) {
        // jose's codes (ERR_JWT_EXPIRED, ERR_JWT_CLAIM_VALIDATION_FAILED, ...) are for the log.
        const code = (error as { code?: unknown }).code;
        return { ok: false, reason: typeof code === "string" ? code : "verification failed" };
      }
    },
  };
}
