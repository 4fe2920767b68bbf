/**
 * The kit's health check (`serveApp`'s `/healthz`, GiftGenius' fetch entry): 200 while its database answers, 503 (with nothing about why) when
 * it fails or hangs, so a proxy takes the instance out; only GET and HEAD, only /healthz.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHealthRoute } from "../../src/server/app/health-route.ts";

const quiet = { info() {}, warn() {}, error() {} };

async function serve(ping: () => Promise<void>): Promise<{ url: string; server: Server }> {
  const route = createHealthRoute({ ping }, quiet);
  // The route is web-shaped: answer a Node request through it, 418 where it passes.
  const server = createServer((req, res) => {
    const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method });
    void route(request).then(async (response) => {
      if (!response) return void res.writeHead(418).end();
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("GET /healthz", () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));
  const start = async (ping: () => Promise<void>) => {
    const started = await serve(ping);
    servers.push(started.server);
    return started.url;
  };

  it("answers 200 ok while the database answers", async () => {
    const url = await start(async () => {});
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 with no detail when the database fails", async () => {
    const url = await start(async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 giftgenius_payments");
    });
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('{"status":"unavailable"}');
  });

  it("answers 503 when the database does not answer in time", async () => {
    const url = await start(() => new Promise(() => {}));
    expect((await fetch(`${url}/healthz`)).status).toBe(503);
  });

  it("takes only GET and HEAD, and only its own path", async () => {
    const url = await start(async () => {});
    expect((await fetch(`${url}/healthz`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${url}/healthz`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(418);
  });
});

describe("createFetchHandler's health", () => {
  it("answers /healthz from `health` before the app's routes, and leaves it to them without", async () => {
    const { createFetchHandler } = await import("../../src/server/http/fetch-handler.ts");
    let up = true;
    const routes = async () => new Response("the app's", { status: 299 });
    const createServer = () => {
      throw new Error("no MCP request is sent here");
    };
    const handler = createFetchHandler({
      createServer,
      log: quiet,
      routes,
      health: async () => {
        if (!up) throw new Error("database down");
      },
    });
    const plain = createFetchHandler({ createServer, log: quiet, routes });
    try {
      const healthz = () => handler(new Request("http://127.0.0.1/healthz"));
      expect((await healthz()).status).toBe(200);
      up = false;
      const down = await healthz();
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "unavailable" });
      expect((await plain(new Request("http://127.0.0.1/healthz"))).status).toBe(299);
    } finally {
      await handler.close();
      await plain.close();
    }
  });
});
