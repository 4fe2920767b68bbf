/**
 * `serveApp`'s fault switch of its declared writes, `GET|POST /devhost/faults`, on the payments
 * template's server as `server/main.ts` starts it (`startApp`): in development on loopback it
 * lists the app's commit and sets its faults from the same origin only; another site's page, a
 * form post, a rebound `Host` and a malformed spec change nothing. In production, or bound to
 * every interface, the route is 404 and no fault can be set.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteStore, silentLogger } from "../../src/server/index.ts";
import { startApp, type RunningApp } from "../../src/server/app/serve-app.ts";
import { writeFaultsRoute } from "../../src/server/app/write-faults-route.ts";
import { setWriteFaults, writeFaultsSpec } from "../../src/server/write/write-faults.ts";
import { createPaymentsServer } from "../../templates/payments/server/tools.ts";
import { TRANSFER_SCOPE } from "../../templates/payments/server/transfer.ts";
import { createServer } from "node:http";
import { requestAsHost } from "../support/host-request.ts";
import type { AddressInfo } from "node:net";

const widget = { uris: { skybridge: "ui://widget/p.html", mcpApp: "ui://widget/p.mcp-app.html" } };
const running: RunningApp[] = [];
afterEach(async () => {
  setWriteFaults("", ["send_transfer"]);
  await Promise.all(running.splice(0).map((app) => app.close()));
});

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_ISSUER: "https://id.example",
  AUTH_AUDIENCE: "https://pay.example/mcp",
  CONFIRMATION_SECRET: "a-secret-for-this-test-only-4kQz9",
  ALLOWED_HOSTS: "pay.example",
};

/** The payments app on a free port with `env`. */
async function start(env: { [name: string]: string }) {
  const app = await startApp({
    name: "payments",
    scopes: [TRANSFER_SCOPE],
    env: { PORT: "0", SQLITE_FILE: ":memory:", ...env },
    stdio: false,
    log: silentLogger,
    open: ({ appOptions }) => createPaymentsServer(appOptions()),
  });
  running.push(app);
  return new URL(app.url!);
}

/** A request to `url`'s server at `/devhost/faults` with any headers (a forged Host too). */
async function ask(
  url: URL,
  headers: { [name: string]: string } = {},
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const { host = url.host, ...others } = headers;
  const { status, text } = await requestAsHost(url, "/devhost/faults", host, body, others);
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    return { status, body: text }; // a plain-text 403 or 404
  }
}

/** A POST as the server's own page sends it. */
const sameOrigin = (url: URL, extra: { [name: string]: string } = {}) => ({
  "content-type": "application/json",
  origin: url.origin,
  "sec-fetch-site": "same-origin",
  ...extra,
});

describe("serveApp's write fault switch in development on loopback", () => {
  it("lists the app's commit, and sets and clears its faults from the same origin", async () => {
    const url = await start({ NODE_ENV: "development" });
    expect(await ask(url)).toEqual({
      status: 200,
      body: { faults: "", known: ["send_transfer=unavailable", "send_transfer=timeout"] },
    });
    const set = await ask(url, sameOrigin(url), { faults: "send_transfer=timeout" });
    expect(set).toMatchObject({ status: 200, body: { faults: "send_transfer=timeout" } });
    expect(writeFaultsSpec()).toBe("send_transfer=timeout");
    // No Sec-Fetch-Site at all (a client that is not a browser, `mcp-widget-kit dev`) passes too.
    const { "sec-fetch-site": _site, ...plain } = sameOrigin(url);
    expect((await ask(url, plain, { faults: "" })).status).toBe(200);
    expect(writeFaultsSpec()).toBe("");
  });

  it("refuses another site's page, a form post, a rebound Host and a malformed spec", async () => {
    const url = await start({ NODE_ENV: "development", ALLOWED_HOSTS: "pay.example" });
    const faults = { faults: "send_transfer=unavailable" };
    for (const headers of [
      sameOrigin(url, { origin: "http://evil.example" }),
      sameOrigin(url, { "sec-fetch-site": "cross-site" }),
      sameOrigin(url, { "sec-fetch-site": "same-site" }),
      sameOrigin(url, { "content-type": "text/plain" }),
      { "content-type": "application/json" }, // no Origin
    ])
      expect((await ask(url, headers, faults)).status, JSON.stringify(headers)).toBe(403);
    // A name the server serves (ALLOWED_HOSTS) that is not loopback: as if rebound.
    const rebound = { host: "pay.example", origin: "http://pay.example" };
    expect((await ask(url, { ...sameOrigin(url), ...rebound }, faults)).status).toBe(404);
    expect((await ask(url, { host: "pay.example" })).status).toBe(404);
    const malformed = await ask(url, sameOrigin(url), { faults: "send_transfer=slow" });
    expect(malformed).toEqual({
      status: 422,
      body: { error: expect.stringContaining("the fault is unavailable or timeout") },
    });
    expect((await ask(url, sameOrigin(url), { faults: 5 })).status).toBe(400);
    expect(writeFaultsSpec()).toBe("");
  });
});

describe("serveApp's write fault switch elsewhere", () => {
  it("is 404 in production, and no fault is set", async () => {
    const url = await start(PRODUCTION);
    // Under its public name the route is not there; a loopback name is not served at all.
    const set = { faults: "send_transfer=timeout" };
    for (const [host, status] of [
      ["pay.example", 404],
      [url.host, 403],
    ] as const) {
      const origin = { host, origin: `http://${host}` };
      expect((await ask(url, { host })).status, host).toBe(status);
      expect((await ask(url, { ...sameOrigin(url), ...origin }, set)).status, host).toBe(status);
    }
    expect(writeFaultsSpec()).toBe("");
  });

  it("is 404 on a server bound to every interface, and wherever it is mounted outside development", async () => {
    const url = await start({
      NODE_ENV: "development",
      HOST: "0.0.0.0",
    });
    const local = new URL(`http://127.0.0.1:${url.port}`);
    expect((await ask(local)).status).toBe(404);
    expect((await ask(local, sameOrigin(local), { faults: "send_transfer=timeout" })).status).toBe(
      404,
    );
    // The route itself judges the mode and the bound address on every request, whoever mounts it.
    const tools = createPaymentsServer({
      widget,
      log: silentLogger,
      store: createSqliteStore(":memory:"),
    });
    for (const [host, development] of [
      ["0.0.0.0", true],
      ["127.0.0.1", false],
    ] as const) {
      const route = writeFaultsRoute(tools, development)!;
      const server = createServer((req, res) => void route(req, res));
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      try {
        const mounted = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        expect((await ask(mounted)).status, host).toBe(404);
        const post = await ask(mounted, sameOrigin(mounted), { faults: "send_transfer=timeout" });
        expect(post.status, host).toBe(404);
      } finally {
        server.close();
      }
    }
    expect(writeFaultsSpec()).toBe("");
  });
});
