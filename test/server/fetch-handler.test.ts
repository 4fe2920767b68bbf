/**
 * `createFetchHandler` called directly with `Request`s, no socket: the guards `serveHttp` adapts
 * (Host, Origin, CORS, body and JSON limits, bearer checks, routes), MCP in both revisions
 * through the SDK client's own `fetch` hook, a signed-in commit — and the module graph: nothing
 * on the handler's path imports `node:`, so Workers, Deno and Bun load it as it is.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  createFetchHandler,
  createSqliteStore,
  type FetchHandlerOptions,
} from "../../src/server/index.ts";
import type { FetchHandler } from "../../src/server/http/fetch-handler.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { createFixtureApp, GOOD_LIST, type FixtureApp } from "../fixture-app/app.ts";
import { clientOptions, memoryLogger, sc } from "./mcp-client.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

const LIB = fileURLToPath(new URL("../../lib/", import.meta.url));

/** Every module `entry` (in lib/) loads, following relative imports; and the bare ones. */
function moduleGraph(entry: string): { files: string[]; bare: Set<string> } {
  const files: string[] = [];
  const bare = new Set<string>();
  const queue = [resolve(LIB, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const source = readFileSync(file, "utf8");
    // Static imports and re-exports; `import type` is erased by tsc, dynamic import() is lazy.
    for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"/gms)) {
      if (specifier!.startsWith(".")) queue.push(resolve(dirname(file), specifier!));
      else bare.add(specifier!);
    }
    for (const [, specifier] of source.matchAll(/^import\s*"([^"]+)"/gm)) bare.add(specifier!);
  }
  return { files, bare };
}

describe("createFetchHandler's module graph", () => {
  it.each([
    "server/http/fetch-handler.js",
    "server/auth/http-guard.js",
    "server/auth/protected-resource.js",
    "server/auth/token-verifier.js",
  ])("%s imports nothing from node:", (entry) => {
    const { files, bare } = moduleGraph(entry);
    expect(files.length).toBeGreaterThan(0);
    expect([...bare].filter((specifier) => specifier.startsWith("node:"))).toEqual([]);
    // Only the MCP SDK and the peers it names: no Node-only package on the way.
    for (const specifier of bare)
      expect(specifier).toMatch(/^(@modelcontextprotocol\/server|jose)$/);
  });

  it("sees a node: import where there is one (the check can fail)", () => {
    expect([...moduleGraph("server/http/serve-http.js").bare]).toContain("node:http");
  });
});

describe("createFetchHandler", () => {
  let issuer: TestIssuer;
  let app: FixtureApp;
  let dir: string;
  const log = memoryLogger();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fetch-handler-"));
    issuer = await createTestIssuer();
    app = await createFixtureApp({
      store: createSqliteStore(join(dir, "idem.sqlite")),
      log,
      widgetDist: join(dir, "dist"),
      auth: { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks },
    });
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const handlers: FetchHandler[] = [];
  afterAll(() => Promise.all(handlers.map((handler) => handler.close())));
  function handlerWith(options: Partial<FetchHandlerOptions> = {}): FetchHandler {
    const handler = createFetchHandler({
      createServer: (context) => app.tools.createServer(context),
      log,
      authenticate: app.http!.authenticate,
      routes: (request) => app.http!.respond(request),
      ...options,
    });
    handlers.push(handler);
    return handler;
  }

  /** An SDK client whose every request goes straight into `handler`. */
  async function clientOf(handler: FetchHandler, era: "modern" | "legacy", token?: string) {
    const client = new Client({ name: "fetch-test", version: "1.0.0" }, clientOptions(era));
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1:8787/mcp"), {
        fetch: (input, init) => handler(new Request(input, init)),
        requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
      }),
    );
    return client;
  }

  const post = (body: string, headers: Record<string, string> = {}, url = "http://127.0.0.1/mcp") =>
    new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body,
    });
  const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

  it.each(["modern", "legacy"] as const)("serves MCP to the SDK client (%s era)", async (era) => {
    const client = await clientOf(handlerWith(), era);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "list_products",
      "prepare_purchase",
      "place_purchase",
    ]);
    expect(
      sc(await client.callTool({ name: "list_products", arguments: GOOD_LIST })),
    ).toMatchObject({
      ok: true,
    });
    await client.close();
  });

  it("commits a signed-in purchase once; the same key again replays it", async () => {
    const client = await clientOf(handlerWith(), "modern", await issuer.mint());
    const prepared = await client.callTool({
      name: "prepare_purchase",
      arguments: { product_id: "p-mug" },
    });
    const draft = sc(prepared);
    const args = {
      draft_id: (draft as { draft: { draft_id: string } }).draft.draft_id,
      idempotency_key: randomUUID(),
      // What the widget sends: the proof from the prepare result's _meta.
      confirmation: prepared._meta?.[CONFIRMATION_META],
    };
    const first = sc(await client.callTool({ name: "place_purchase", arguments: args }));
    const again = sc(await client.callTool({ name: "place_purchase", arguments: args }));
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(again).toMatchObject({ ok: true, replayed: true, purchase: first.purchase });
    await client.close();
  });

  it("refuses a protected tool without a token with 401 and the challenge", async () => {
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "prepare_purchase", arguments: { product_id: "p-mug" } },
    });
    const response = await handlerWith()(post(call, { "mcp-protocol-version": "2025-11-25" }));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
  });

  it("checks Host: loopback names on any port by default, the list when given, or none", async () => {
    const byDefault = handlerWith();
    for (const host of ["127.0.0.1:1234", "localhost", "[::1]:8787"])
      expect((await byDefault(post(LIST, { host }))).status, host).not.toBe(403);
    for (const host of ["evil.example", "127.0.0.1.evil.example:80", "localhost.evil"])
      expect((await byDefault(post(LIST, { host }))).status, host).toBe(403);
    const listed = handlerWith({ allowedHosts: ["App.Example"] });
    expect((await listed(post(LIST, { host: "app.example" }))).status).not.toBe(403);
    expect((await listed(post(LIST, { host: "127.0.0.1" }))).status).toBe(403);
    const any = handlerWith({ allowedHosts: "any" });
    expect((await any(post(LIST, { host: "whatever.example" }))).status).not.toBe(403);
  });

  it("refuses a foreign Origin, and answers an allowed one with CORS, preflight and refusals included", async () => {
    const handler = handlerWith({ allowedOrigins: ["https://chat.example"] });
    expect((await handler(post(LIST, { origin: "https://evil.example" }))).status).toBe(403);
    const preflight = await handler(
      new Request("http://127.0.0.1/mcp", {
        method: "OPTIONS",
        headers: {
          origin: "https://chat.example",
          "access-control-request-headers": "authorization, mcp-protocol-version, x-evil",
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://chat.example");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "authorization, mcp-protocol-version",
    );
    const refused = await handler(
      post(LIST, { origin: "https://chat.example", authorization: "Bearer garbage" }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://chat.example");
    expect(refused.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);
  });

  it("answers 413 over the body limit, declared or streamed", async () => {
    const handler = handlerWith({ maxBodyBytes: 1_000 });
    const big = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"${"a".repeat(2_000)}"}}`;
    expect((await handler(post(big))).status).toBe(413);
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("a".repeat(600)));
      },
    });
    const undeclared = new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: streamed,
      duplex: "half",
    } as RequestInit);
    expect((await handler(undeclared)).status).toBe(413);
    expect((await handler(post(LIST))).status).toBe(200);
  });

  it("answers 400 -32700 for a body nested too deep, and for one that is not JSON", async () => {
    const handler = handlerWith();
    for (const body of ["[".repeat(5_000) + "]".repeat(5_000), "{not json"]) {
      const response = await handler(post(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: -32700 }, id: null });
    }
  });

  it("serves routes on an allowed Host only: 403 on every path for another, 404 for the rest", async () => {
    const handler = handlerWith();
    const metadata = "http://127.0.0.1/.well-known/oauth-protected-resource";
    const served = await handler(new Request(metadata));
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ resource: issuer.audience });
    expect(
      (await handler(new Request(metadata, { headers: { host: "evil.example" } }))).status,
    ).toBe(403);
    const elsewhere = new Request("http://127.0.0.1/nowhere", {
      headers: { host: "evil.example" },
    });
    expect((await handler(elsewhere)).status).toBe(403);
    expect((await handler(new Request("http://127.0.0.1/nowhere"))).status).toBe(404);
    expect((await handler(new Request("http://127.0.0.1/%E0%A4%A"))).status).toBe(400);
  });

  it("answers a handler that throws with 500 -32603, logged once, no stack in the answer", async () => {
    const before = log.lines.length;
    const handler = handlerWith({
      createServer: () => {
        throw new Error("boom at /secret/path");
      },
    });
    const response = await handler(post(LIST, { "mcp-protocol-version": "2025-11-25" }));
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(await response.text()).not.toMatch(/boom|secret|at /);
    expect(log.lines.length).toBeGreaterThan(before);
  });
});
