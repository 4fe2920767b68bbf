/**
 * CORS on /mcp, from a real browser page on a second loopback origin: a page on an allowed
 * origin gets through the preflight with the MCP headers and a bearer token and reads the
 * headers it needs (`WWW-Authenticate` on a 401, `Mcp-Protocol-Version`); a page on any other
 * origin is still refused.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";

const CHALLENGE =
  'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"';

let h: FixtureHarness;
let pages: Server;
let browser: Browser;

/** Serves an empty page on `host` (any path), so a test can run fetch from that origin. */
async function servePages(host: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>other origin</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, origin: `http://${host}:${(server.address() as AddressInfo).port}` };
}

/** Opens a page on `origin` and runs a 2026-07-28 `tools/list` against /mcp with fetch. */
async function toolsListFrom(origin: string, token: string) {
  const page: Page = await browser.newPage();
  try {
    await page.goto(`${origin}/`);
    return await page.evaluate(
      async ({ url, token }) => {
        try {
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              authorization: `Bearer ${token}`,
              "mcp-protocol-version": "2026-07-28",
              "mcp-method": "tools/list",
            },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "tools/list",
              params: {
                _meta: {
                  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientInfo": { name: "page", version: "1.0.0" },
                  "io.modelcontextprotocol/clientCapabilities": {},
                },
              },
            }),
          });
          const body = (await response.json()) as { result?: { tools: unknown[] } };
          return {
            status: response.status,
            tools: body.result?.tools.length ?? 0,
            challenge: response.headers.get("www-authenticate"),
          };
        } catch (error) {
          return { failed: String(error) };
        }
      },
      { url: h.endpoint.url, token },
    );
  } finally {
    await page.close();
  }
}

describe("CORS on /mcp in Chromium", () => {
  let allowed: string;
  let foreign: { server: Server; origin: string };
  beforeAll(async () => {
    const served = await servePages("127.0.0.2");
    pages = served.server;
    // The endpoint is on 127.0.0.1; the page's origin differs by host and port.
    allowed = served.origin;
    foreign = await servePages("127.0.0.3");
    h = await startFixture({
      http: {
        allowedOrigins: [allowed],
        async authenticate(request) {
          if (request.headers.get("authorization") === "Bearer good") return {};
          const headers = { "www-authenticate": CHALLENGE, "content-type": "application/json" };
          return {
            response: new Response(JSON.stringify({ error: "invalid_token" }), {
              status: 401,
              headers,
            }),
          };
        },
      },
    });
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    pages?.close();
    foreign?.server.close();
  });

  it("lets a page on an allowed origin call /mcp with the MCP headers and a token", async () => {
    expect(await toolsListFrom(allowed, "good")).toEqual({
      status: 200,
      tools: 3,
      challenge: null,
    });
  });

  it("exposes WWW-Authenticate, so the page can start sign-in from a 401", async () => {
    expect(await toolsListFrom(allowed, "bad")).toEqual({
      status: 401,
      tools: 0,
      challenge: CHALLENGE,
    });
  });

  it("refuses a page on any other origin, preflight included", async () => {
    expect(await toolsListFrom(foreign.origin, "good")).toEqual({
      failed: expect.stringContaining("Failed to fetch"),
    });
    const preflight = await fetch(h.endpoint.url, {
      method: "OPTIONS",
      headers: { origin: foreign.origin, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});
