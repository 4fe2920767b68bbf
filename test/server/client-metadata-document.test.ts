/**
 * The development sign-in accepts a client identified by a metadata document URL (how ChatGPT
 * identifies itself: `client_id` = `https://chatgpt.com/oauth/client.json`), with no
 * registration: the document is fetched, checked, and the whole sign-in runs to a token for
 * the resource, with `iss` (RFC 9207) beside the code. Here the document is served on
 * loopback over http, which development accepts (ChatGPT's is https).
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/server/index.ts";
import { startAuthorization, type Authorization } from "../../src/server/auth/index.ts";
import { isMetadataDocumentUrl } from "../../src/server/auth/client-metadata-document.ts";
import { signInThroughPages } from "./sign-in-pages.ts";

const REDIRECT = "http://127.0.0.1:9/connector_platform_oauth_redirect";

let documents: Server;
let base: string;
let authorization: Authorization;
/** What the document server answers per path: the JSON it serves. */
const served = new Map<string, unknown>();

beforeAll(async () => {
  documents = createServer((req, res) => {
    const body = served.get(req.url ?? "");
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  authorization = await startAuthorization({
    port: 0,
    scopes: ["things:write"],
    resourceName: "Things",
    log: silentLogger,
    env: { NODE_ENV: "development" },
  });
});
afterAll(async () => {
  await authorization?.close();
  documents?.close();
});

function authorizeUrl(clientId: string, challenge: string): URL {
  const url = new URL(`${authorization.settings.issuer}/auth`);
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: "code",
    redirect_uri: REDIRECT,
    scope: "things:write",
    resource: authorization.settings.audience,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "s1",
  }))
    url.searchParams.set(key, value);
  return url;
}

describe("a client identified by its metadata document", () => {
  it("is advertised in the authorization server's metadata", async () => {
    const metadata = (await (
      await fetch(`${authorization.settings.issuer}/.well-known/oauth-authorization-server`)
    ).json()) as { [key: string]: unknown };
    expect(metadata).toMatchObject({
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("signs in with no registration and gets a token for the resource", async () => {
    const clientId = `${base}/oauth/client.json`;
    served.set("/oauth/client.json", {
      client_id: clientId,
      client_name: "A chat host",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    });
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const { code, iss } = await signInThroughPages(
      authorizeUrl(clientId, challenge),
      "alice",
      REDIRECT,
    );
    expect(iss).toBe(authorization.settings.issuer);
    const token = await fetch(`${authorization.settings.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
        resource: authorization.settings.audience,
      }),
    });
    const tokens = (await token.json()) as { access_token?: string; refresh_token?: string };
    expect(token.status).toBe(200);
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
  });

  it("refuses a document whose client_id is not its own URL, and one that is not there", async () => {
    served.set("/liar.json", {
      client_id: "https://chatgpt.com/oauth/client.json",
      redirect_uris: [REDIRECT],
    });
    for (const clientId of [`${base}/liar.json`, `${base}/missing.json`]) {
      const answer = await fetch(
        authorizeUrl(clientId, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"),
        {
          redirect: "manual",
        },
      );
      expect(answer.status, clientId).toBe(400);
      expect(await answer.text()).toContain("invalid_client");
    }
  });

  it("reads only https documents, or http ones on this machine", () => {
    expect(isMetadataDocumentUrl("https://chatgpt.com/oauth/client.json")).toBe(true);
    expect(isMetadataDocumentUrl("https://chatgpt.com/")).toBe(false);
    expect(isMetadataDocumentUrl("http://example.com/client.json")).toBe(false);
    expect(isMetadataDocumentUrl("http://127.0.0.1:9/client.json")).toBe(true);
    expect(isMetadataDocumentUrl("http://[::1]:9/client.json")).toBe(true);
    expect(isMetadataDocumentUrl("file:///etc/passwd")).toBe(false);
    expect(isMetadataDocumentUrl("a-registered-client-id")).toBe(false);
  });
});
