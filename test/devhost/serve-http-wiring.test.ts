import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpServer } from "@modelcontextprotocol/server";
import { createDevHostHandler } from "../../src/devhost/index.ts";
import { serveHttp, silentLogger } from "../../src/server/index.ts";
import type { HttpEndpoint } from "../../src/server/http/serve-http.ts";

// The one hook the dev host needs from the kit's HTTP server: `otherRoutes`, tried for every
// path but the MCP endpoint, after the Host check (so DNS rebinding reaches no dev route).
let endpoint: HttpEndpoint;
let faults = "";

beforeAll(async () => {
  endpoint = await serveHttp({
    createServer: () => new McpServer({ name: "t", version: "1.0.0" }).server,
    log: silentLogger,
    port: 0,
    otherRoutes: createDevHostHandler({
      faults: { get: () => faults, set: (spec) => void (faults = spec) },
    }),
  });
});
afterAll(() => endpoint?.close());

function get(path: string, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, endpoint.url);
    request(url, { headers: host ? { Host: host } : {} }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on("error", reject)
      .end();
  });
}

describe("serveHttp with the dev host as otherRoutes", () => {
  it("serves the dev routes next to /mcp and leaves unknown paths a 404", async () => {
    expect(await get("/devhost/config")).toBe(200);
    expect(await get("/devhost/faults")).toBe(200);
    expect(await get("/nowhere")).toBe(404);
  });

  it("never reaches a dev route under a foreign Host header", async () => {
    expect(await get("/devhost/config", "evil.example")).toBe(403);
    expect(await get("/devhost/faults", "evil.example")).toBe(403);
  });
});
