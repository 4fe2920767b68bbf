/**
 * The deploy test's identity provider, in a process of its own: oidc-provider 8.8.1 set up the
 * way a hosted provider is for an MCP server — open dynamic client registration (RFC 7591),
 * PKCE with S256 only and required, resource indicators (RFC 8707) whose access tokens are
 * JWTs (RFC 9068, `typ: at+jwt`) for that one resource, public clients, RFC 9207 `iss` in the
 * answer, a person signing in with a password and consenting to the scopes. It sits behind
 * the TLS proxy (`proxy = true`: `X-Forwarded-Proto` says https), so its issuer is the public
 * `ISSUER`. Nothing here is the kit's development server. Test-only; run with tsx:
 *
 *   ISSUER=https://id.test RESOURCE=https://app.test/mcp SCOPES=orders:write \
 *   ISSUER_USER=carol ISSUER_PASSWORD=… tsx test/deploy/hosted-issuer.ts
 *
 * Writes one JSON line `{"event":"listening","port":N}` on stderr once it listens on 127.0.0.1.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};
const issuer = env("ISSUER");
const resource = env("RESOURCE");
const scopes = env("SCOPES").split(" ");
const account = { id: env("ISSUER_USER"), password: env("ISSUER_PASSWORD") };

const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const configuration: Configuration = {
  jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "deploy-1", alg: "RS256", use: "sig" }] },
  cookies: { keys: [randomBytes(32).toString("hex")] },
  scopes: ["openid", ...scopes],
  findAccount: (_ctx: KoaContextWithOIDC, id: string) =>
    id === account.id ? { accountId: id, claims: () => ({ sub: id }) } : undefined,
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { methods: ["S256"], required: () => true },
  clientDefaults: {
    grant_types: ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  },
  features: {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => {
        if (indicator !== resource) throw new errors.InvalidTarget();
        return {
          scope: scopes.join(" "),
          audience: resource,
          accessTokenTTL: 600,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        };
      },
    },
  },
};
const provider = new Provider(issuer, configuration);
provider.proxy = true;
const callback = provider.callback();

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(`<!doctype html><title>id.test</title>${body}`);
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 8_192) throw new Error("form too large");
  }
  return new URLSearchParams(text);
}

/** The sign-in page (username + password), then the consent page (the scopes asked for). */
async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, step: string) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === "GET") {
    if (details.prompt.name === "login")
      return page(
        res,
        200,
        `<form method="post" action="/interaction/${uid}/login">
<input name="username"><input name="password" type="password"><button>Sign in</button></form>`,
      );
    return page(
      res,
      200,
      `<form method="post" action="/interaction/${uid}/consent">
<p>Allow access?</p><button name="decision" value="allow">Allow</button></form>`,
    );
  }
  const form = await formOf(req);
  if (step === "login") {
    if (form.get("username") !== account.id || form.get("password") !== account.password)
      return page(res, 401, "<p>Wrong username or password.</p>");
    return provider.interactionFinished(req, res, { login: { accountId: account.id } });
  }
  const accountId = details.session?.accountId;
  if (step !== "consent" || form.get("decision") !== "allow" || !accountId)
    return page(res, 400, "<p>Not allowed.</p>");
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missing = details.prompt.details;
  if (Array.isArray(missing.missingOIDCScope))
    grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  const byResource = (missing.missingResourceScopes ?? {}) as Record<string, string[]>;
  for (const [indicator, granted] of Object.entries(byResource))
    grant.addResourceScope(indicator, granted.join(" "));
  const grantId = await grant.save();
  return provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? "/", issuer).pathname;
  const match = /^\/interaction\/([\w-]{1,64})(?:\/(login|consent))?$/.exec(path);
  if (!match) return void callback(req, res);
  interaction(req, res, match[1]!, match[2] ?? "").catch((error: unknown) => {
    process.stderr.write(`interaction failed: ${String(error)}\n`);
    if (!res.headersSent) page(res, 400, "<p>This sign-in expired.</p>");
    else res.end();
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stderr.write(
    `${JSON.stringify({ event: "listening", port: (server.address() as AddressInfo).port })}\n`,
  );
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
