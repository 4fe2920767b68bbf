/**
 * A local token issuer for tests where the OAuth dance is not the point: an RS256 key made
 * with jose, tokens minted with any claims (expired, wrong audience, other issuer, ...), and
 * optionally an HTTP server with the discovery document and JWKS, so a server in another
 * process can verify them the production way (`AUTH_ISSUER` + discovery).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from "jose";

/** The audience test servers are configured with (their canonical URI). */
export const TEST_AUDIENCE = "http://127.0.0.1/kit-test/mcp";

/** What a minted token says; every field has a valid default. */
export interface MintOptions {
  sub?: string;
  scope?: string;
  aud?: string;
  iss?: string;
  /** Seconds from now until `exp` (negative: already expired). Default 3600. */
  expiresIn?: number;
  /** Sign with another key than the issuer's (a forged token). */
  forged?: boolean;
  /** The `typ` header; `null` leaves it out. Default `at+jwt` (RFC 9068). */
  typ?: string | null;
  /** Seconds from now of `iat` (positive: in the future). Default -5. */
  issuedIn?: number;
}

/** A test issuer. */
export interface TestIssuer {
  issuer: string;
  audience: string;
  /** The public key set (in-process servers verify with it). */
  jwks: JSONWebKeySet;
  mint(options?: MintOptions): Promise<string>;
  /** Environment for a spawned server that should trust this issuer. */
  env(): { [key: string]: string };
  close(): Promise<void>;
}

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = {
    ...(await exportJWK(publicKey)),
    kid: `test-${Math.random().toString(36).slice(2)}`,
    alg: "RS256",
    use: "sig",
  };
  return { privateKey, jwk };
}

/**
 * A new issuer. `serve`: also listen on 127.0.0.1 (discovery + JWKS) and use that URL as the
 * issuer; otherwise the issuer is a fixed name and only in-process verifiers can use it.
 */
export async function createTestIssuer(
  options: { serve?: boolean; audience?: string } = {},
): Promise<TestIssuer> {
  const signing = await keyPair();
  const forger = await keyPair();
  const keySet: JSONWebKeySet = { keys: [signing.jwk] };
  let server: Server | undefined;
  let issuer = "https://issuer.test.invalid";
  if (options.serve) {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const body =
        path === "/.well-known/openid-configuration"
          ? { issuer, jwks_uri: `${issuer}/jwks` }
          : path === "/jwks"
            ? keySet
            : undefined;
      res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const audience = options.audience ?? TEST_AUDIENCE;
  return {
    issuer,
    audience,
    jwks: keySet,
    async mint(mint = {}) {
      const key = mint.forged ? forger : signing;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ scope: mint.scope ?? "orders:write", client_id: "test-client" })
        .setProtectedHeader({
          alg: "RS256",
          kid: signing.jwk.kid,
          ...(mint.typ === null ? {} : { typ: mint.typ ?? "at+jwt" }),
        })
        .setIssuer(mint.iss ?? issuer)
        .setSubject(mint.sub ?? "alice")
        .setAudience(mint.aud ?? audience)
        .setIssuedAt(now + (mint.issuedIn ?? -5))
        .setExpirationTime(now + (mint.expiresIn ?? 3600))
        .sign(key.privateKey);
    },
    env: () => ({ AUTH_ISSUER: issuer, AUTH_AUDIENCE: audience }),
    async close() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}
