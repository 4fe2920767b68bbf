/**
 * `serveApp`'s start, as a created app's `server/main.ts` runs it (`startApp`, the same without
 * the process): the flights template's tool server with `ALLOWED_HOSTS=cal.example` serves
 * `Host: cal.example`, refuses any other name with 403 on `/mcp` (loopback names pass in
 * development only), answers `/healthz` while its store answers and 503 once it does not, and a production
 * start without its secrets, or with a malformed setting, is refused naming the settings only.
 */
import { afterEach, describe, expect, it } from "vitest";
import { requestAsHost } from "../support/host-request.ts";
import {
  silentLogger,
  StartupRefusal,
  type AppServerOptions,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { startApp, type RunningApp } from "../../src/server/app/serve-app.ts";
import { BOOKING_SCOPE } from "../../templates/flights/server/book-flight.ts";
import { createFlightsServer } from "../../templates/flights/server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
const running: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

/** The flights app on a free port with `env`; its kit store is handed back for the outage. */
async function start(env: { [name: string]: string }) {
  let store: IdempotencyStore | undefined;
  const app = await startApp({
    name: "flights",
    scopes: [BOOKING_SCOPE],
    env: { PORT: "0", SQLITE_FILE: ":memory:", ...env },
    stdio: false,
    log: silentLogger,
    open: ({ store: open, log }) => {
      store = open();
      return createFlightsServer({ widget, store, log });
    },
  });
  running.push(app);
  return { url: new URL(app.url!), store: store! };
}

const ask = requestAsHost;

const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };

describe("serveApp with ALLOWED_HOSTS", () => {
  it("serves a listed name, 403s any other, and keeps loopback open in development", async () => {
    const { url } = await start({ NODE_ENV: "development", ALLOWED_HOSTS: "cal.example" });
    const listed = await ask(url, "/mcp", "cal.example", listTools);
    expect(listed.status).toBe(200);
    expect(listed.text).toContain("book_flight");
    expect((await ask(url, "/healthz", "cal.example")).status).toBe(200);
    expect((await ask(url, "/mcp", "evil.example", listTools)).status).toBe(403);
    // Every other path refuses it the same way: health, the OAuth metadata, unknown paths.
    for (const path of ["/healthz", "/.well-known/oauth-protected-resource/mcp", "/nowhere"])
      expect((await ask(url, path, "evil.example")).status, path).toBe(403);
    expect((await ask(url, "/healthz", `127.0.0.1:${url.port}`)).status).toBe(200);
    expect((await ask(url, "/nowhere", "cal.example")).status).toBe(404);
    const metadata = await ask(url, "/.well-known/oauth-protected-resource/mcp", "cal.example");
    expect(metadata.status).toBe(200);
  });

  it("in production serves only the listed names", async () => {
    const { url } = await start({
      NODE_ENV: "production",
      ALLOWED_HOSTS: "cal.example",
      AUTH_ISSUER: "https://id.example",
      AUTH_AUDIENCE: "https://cal.example/mcp",
      CONFIRMATION_SECRET: "a-secret-for-this-test-only-4kQz9",
    });
    expect((await ask(url, "/healthz", "cal.example")).status).toBe(200);
    expect((await ask(url, "/mcp", `127.0.0.1:${url.port}`, listTools)).status).toBe(403);
    expect((await ask(url, "/healthz", `127.0.0.1:${url.port}`)).status).toBe(403);
  });
});

describe("serveApp's /healthz", () => {
  it("answers ok while the store answers, 503 with nothing about why once it does not", async () => {
    const { url, store } = await start({ NODE_ENV: "development" });
    const host = `127.0.0.1:${url.port}`;
    const ok = await ask(url, "/healthz", host);
    expect(ok).toEqual({ status: 200, text: '{"status":"ok"}' });
    await store.close();
    const down = await ask(url, "/healthz", host);
    expect(down).toEqual({ status: 503, text: '{"status":"unavailable"}' });
  });
});

describe("serveApp's refusals", () => {
  const refusal = (env: { [name: string]: string }) =>
    start(env).then(
      () => undefined,
      (error: unknown) => error,
    );

  it("hands the app's factory the idempotency timing the settings hold (appOptions)", async () => {
    let options: AppServerOptions | undefined;
    const app = await startApp({
      name: "flights",
      scopes: [BOOKING_SCOPE],
      env: {
        NODE_ENV: "development",
        PORT: "0",
        SQLITE_FILE: ":memory:",
        IDEMPOTENCY_TTL_SECONDS: "90",
      },
      stdio: false,
      log: silentLogger,
      open: ({ appOptions }) => createFlightsServer((options = appOptions())),
    });
    running.push(app);
    expect(options?.timing).toEqual({ ttlMs: 90_000, leaseMs: 30_000 });
    expect(options?.store.name).toBe("sqlite");
  });

  it("refuses production without its secrets, naming every one", async () => {
    const error = await refusal({ NODE_ENV: "production", AUTH_ISSUER: "https://id.example" });
    expect(error).toBeInstanceOf(StartupRefusal);
    expect((error as StartupRefusal).message).toMatch(
      /^production \(NODE_ENV "production"\) needs CONFIRMATION_SECRET, AUTH_AUDIENCE;/,
    );
  });

  it("refuses a malformed setting by its name, never repeating its value", async () => {
    for (const env of <{ [name: string]: string }[]>[
      { PORT: "80; rm -rf /" },
      { PUBLIC_ORIGIN: "http://evil.example/<script>" },
      { HTTP_BODY_TIMEOUT_MS: "-1<b>" },
    ]) {
      const error = await refusal({ NODE_ENV: "development", ...env });
      expect(error).toBeInstanceOf(StartupRefusal);
      const [name, value] = Object.entries(env)[0]!;
      expect((error as StartupRefusal).missing).toEqual([name]);
      expect((error as StartupRefusal).message).not.toContain(value);
    }
  });
});
