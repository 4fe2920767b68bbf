/**
 * `startAuthorization`: the issuer from the environment in production (nothing started), the
 * development authorization server otherwise, and a refusal in production without an issuer.
 * What it gives back drives a real `serveHttp`: the metadata route and the 401 of a write.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { createToolServer, silentLogger, StartupRefusal } from "../../src/server/index.ts";
import {
  startAuthorization,
  startDevAuthorizationServer,
  type Authorization,
} from "../../src/server/auth/index.ts";
import { createTestIssuer } from "./test-issuer.ts";
import { serveBehind } from "./oauth-test-client.ts";
import { things } from "../support/thing-contract.ts";

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function start(env: Record<string, string>, port = 0): Promise<Authorization> {
  const auth = await startAuthorization({
    port,
    scopes: ["things:write"],
    resourceName: "Things",
    log: silentLogger,
    env,
  });
  opened.push(auth);
  return auth;
}

/** A server with one write tool, behind `auth`. */
async function serve(auth: Authorization) {
  const tools = createToolServer({
    info: { name: "things", version: "1.0.0" },
    contract: things,
    log: silentLogger,
    tools: [
      {
        name: "make_thing",
        description: "Makes a thing.",
        annotations: { destructiveHint: true },
        kind: "thing",
        outputSchema: { type: "object" },
        arguments: { schema: v.strictObject({}), repair: () => ({}) },
        writes: true,
        confirm: "model",
        auth: { scopes: ["things:write"] },
        handler: async () => ({ ok: true, data: {}, text: "made" }),
      },
    ],
  });
  const endpoint = await serveBehind(auth, tools);
  opened.push(endpoint);
  return endpoint;
}

describe("startAuthorization", () => {
  it.each([
    ["unset", {}],
    ["production", { NODE_ENV: "production" }],
    ["staging", { NODE_ENV: "staging" }],
    ["Production", { NODE_ENV: "Production" }],
  ])(
    "refuses production (NODE_ENV %s) without AUTH_ISSUER, naming both settings",
    async (_name, env: Record<string, string>) => {
      const refused = await start(env).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StartupRefusal);
      expect((refused as StartupRefusal).missing).toEqual(["AUTH_ISSUER", "AUTH_AUDIENCE"]);
      expect((refused as Error).message).toMatch(/AUTH_ISSUER, AUTH_AUDIENCE/);
      expect((refused as Error).message).toMatch(/NODE_ENV=development/);
      // Even with the audience given, production never falls back to the dev sign-in.
      await expect(start({ ...env, AUTH_AUDIENCE: "https://app.test/mcp" })).rejects.toThrow(
        /needs AUTH_ISSUER;/,
      );
    },
  );

  it("refuses an issuer without its audience, in development too", async () => {
    await expect(
      start({ NODE_ENV: "development", AUTH_ISSUER: "https://id.example" }),
    ).rejects.toThrow(/AUTH_AUDIENCE/);
  });

  it("uses AUTH_ISSUER's tokens and starts nothing", async () => {
    const issuer = await createTestIssuer({ audience: "http://127.0.0.1:1/mcp" });
    opened.push(issuer);
    const auth = await start({
      NODE_ENV: "production",
      AUTH_ISSUER: issuer.issuer,
      AUTH_AUDIENCE: issuer.audience,
    });
    expect(auth.development).toBe(false);
    expect(auth.settings).toEqual({ issuer: issuer.issuer, audience: issuer.audience });
    expect(auth.resource.resource).toBe(issuer.audience);
  });

  it("starts the development server otherwise: metadata names it, a write is refused until sign-in", async () => {
    const auth = await start({ NODE_ENV: "development" });
    expect(auth.development).toBe(true);
    expect(auth.port).toBeGreaterThan(0);
    expect(auth.settings.audience).toBe(`http://127.0.0.1:${auth.port}/mcp`);
    const discovery = (await (
      await fetch(`${auth.settings.issuer}/.well-known/oauth-authorization-server`)
    ).json()) as { issuer: string; registration_endpoint: string };
    expect(discovery.issuer).toBe(auth.settings.issuer);
    expect(discovery.registration_endpoint).toMatch(/\/reg$/);

    const endpoint = await serve(auth);
    const metadata = (await (
      await fetch(new URL("/.well-known/oauth-protected-resource/mcp", endpoint.url))
    ).json()) as { resource: string; authorization_servers: string[] };
    expect(metadata).toMatchObject({
      resource: auth.settings.audience,
      authorization_servers: [auth.settings.issuer],
    });
    const refused = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Mcp-Protocol-Version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "make_thing", arguments: {} },
      }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain(
      "/.well-known/oauth-protected-resource/mcp",
    );
  });

  it("keeps the development sign-in on loopback: any other Host is refused", async () => {
    const auth = await startAuthorization({
      host: "0.0.0.0",
      port: 0,
      scopes: ["things:write"],
      log: silentLogger,
      env: { NODE_ENV: "test" },
    });
    opened.push(auth);
    const issuer = new URL(auth.settings.issuer);
    expect(issuer.hostname).toBe("127.0.0.1");
    const discovery = `${auth.settings.issuer}/.well-known/openid-configuration`;
    expect((await fetch(discovery)).status).toBe(200);
    const forged = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        discovery,
        { headers: { Host: `evil.example:${issuer.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject).end();
    });
    expect(forged).toBe(403);
    await expect(
      startDevAuthorizationServer({
        resource: "http://127.0.0.1:1/mcp",
        scopes: [],
        host: "0.0.0.0",
        port: 0,
        log: silentLogger,
      }),
    ).rejects.toThrow(/loopback only/);
  });

  it("the sign-in page names the app and offers the test users", async () => {
    const auth = await start({ NODE_ENV: "development" });
    const registered = (await (
      await fetch(`${auth.settings.issuer}/reg`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          redirect_uris: ["http://127.0.0.1:9/callback"],
          token_endpoint_auth_method: "none",
          client_name: "Probe",
        }),
      })
    ).json()) as { client_id: string };
    const authorize = new URL(`${auth.settings.issuer}/auth`);
    for (const [key, value] of Object.entries({
      client_id: registered.client_id,
      response_type: "code",
      redirect_uri: "http://127.0.0.1:9/callback",
      scope: "things:write",
      resource: auth.settings.audience,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "s1",
    }))
      authorize.searchParams.set(key, value);
    const first = await fetch(authorize, { redirect: "manual" });
    const page = await fetch(new URL(first.headers.get("location")!, authorize), {
      headers: {
        cookie: first.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    });
    const html = await page.text();
    expect(html).toContain("sign in to Things");
    expect(html).toContain('data-user="alice"');
    expect(html).toContain('data-user="bob"');
  });
});
