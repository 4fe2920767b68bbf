/**
 * `npm start`: the GiftGenius MCP server over Streamable HTTP (default
 * http://127.0.0.1:8787/mcp), or over stdio with `--stdio`. Logs are JSON lines on stderr.
 *
 * Over HTTP the server is an OAuth 2.1 resource server. With `AUTH_ISSUER` and `AUTH_AUDIENCE`
 * set it accepts that issuer's tokens and starts nothing else (production); without them it
 * also starts the development authorization server (test users Alice and Bob). Over stdio the
 * one person on the connection is a fixed local principal (`STDIO_SUBJECT`, default `local`).
 */
import { createServer } from "node:net";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createJsonLogger, errorFields, serveHttp } from "widget-kit/server";
import { createGiftGenius, type AuthSettings, type GiftGenius } from "./app.ts";
import { readConfig, startupRefusal, usesDevSecret, type GiftGeniusConfig } from "./config.ts";
import { giftGeniusDevHost } from "./dev-host.ts";
import { createImageRoute } from "./images.ts";
import { ORDERS_SCOPE } from "./tools/shared.ts";

const log = createJsonLogger();

/** A free port on `host` (for `PORT=0`: the canonical URI must be known before the server starts). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Whose tokens to accept, starting the development authorization server when none is configured. */
async function authSettings(
  config: GiftGeniusConfig,
  port: number,
): Promise<{ settings: AuthSettings; stop: () => Promise<void> }> {
  if (config.authIssuer) {
    if (!config.authAudience)
      throw new TypeError(
        "AUTH_AUDIENCE (the server's canonical URI) must be set with AUTH_ISSUER",
      );
    return {
      settings: {
        issuer: config.authIssuer,
        audience: config.authAudience,
        ...(config.authJwksUrl ? { jwks: new URL(config.authJwksUrl) } : {}),
      },
      stop: async () => {},
    };
  }
  if (process.env.NODE_ENV === "production")
    throw new TypeError(
      "set AUTH_ISSUER and AUTH_AUDIENCE: production never starts the dev sign-in",
    );
  const shownHost = config.host.includes(":") ? `[${config.host}]` : config.host;
  const audience = config.authAudience ?? `http://${shownHost}:${port}/mcp`;
  // Loaded only here: production never loads oidc-provider (a dev dependency).
  const { startDevAuthorizationServer } = await import("./dev-auth/dev-authorization-server.ts");
  const dev = await startDevAuthorizationServer({
    resource: audience,
    scopes: [ORDERS_SCOPE],
    host: config.host,
    port: config.authDevPort,
    log,
  });
  log.warn("dev_authorization_server_active", {
    issuer: dev.issuer,
    note: "development sign-in (test users); set AUTH_ISSUER and AUTH_AUDIENCE in production",
  });
  return { settings: { issuer: dev.issuer, audience }, stop: dev.close };
}

async function main(): Promise<void> {
  const refusal = startupRefusal();
  if (refusal) {
    // One plain line a person reads at once, not a JSON log record.
    process.stderr.write(`giftgenius: ${refusal}\n`);
    process.exit(1);
  }
  const config = readConfig();
  if (usesDevSecret(config))
    log.warn("dev_secret", { note: "set GIFTGENIUS_SECRET outside development" });
  let app: GiftGenius;
  let stop: () => Promise<void>;
  if (process.argv.includes("--stdio")) {
    app = await createGiftGenius(config, log);
    const opened = app;
    // One process, one person: the owner of the process is the caller of every tool.
    const principal = { issuer: "local", subject: config.stdioSubject, scopes: [ORDERS_SCOPE] };
    // One connection; its opening exchange picks the protocol revision (2026-07-28 or 2025).
    const stdio = serveStdio((context) => opened.tools.createServer(context, { principal }));
    log.info("listening", { transport: "stdio" });
    stop = () => stdio.close();
  } else {
    const port = config.port === 0 ? await freePort(config.host) : config.port;
    const auth = await authSettings(config, port);
    app = await createGiftGenius(config, log, { auth: auth.settings });
    const opened = app;
    const images = createImageRoute();
    const devHost = giftGeniusDevHost(config.faults, auth.settings.issuer);
    const resource = opened.http?.resource;
    const endpoint = await serveHttp({
      createServer: (context) => opened.tools.createServer(context),
      log,
      host: config.host,
      port,
      ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
      ...(config.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
      ...(opened.http ? { authenticate: opened.http.authenticate } : {}),
      otherRoutes: async (req, res) =>
        (resource ? await resource.route(req, res) : false) ||
        (await images(req, res)) ||
        devHost(req, res),
    });
    opened.listening(endpoint.url);
    stop = async () => {
      await endpoint.close();
      await auth.stop();
    };
  }
  const opened = app;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting_down", { signal });
    stop()
      .then(() => opened.close())
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  log.error("startup_failed", errorFields(error));
  process.exit(1);
});
