/**
 * `npm start`: the GiftGenius MCP server over Streamable HTTP (default
 * http://127.0.0.1:8787/mcp), or over stdio with `--stdio`. Logs are JSON lines on stderr.
 *
 * Over HTTP it also answers `GET /healthz` (health.ts) and, in development only, the dev host
 * page at `/`. Over HTTP the server is an OAuth 2.1 resource server. With `AUTH_ISSUER` and `AUTH_AUDIENCE`
 * set it accepts that issuer's tokens and starts nothing else (production); without them it
 * also starts the development authorization server (test users Alice and Bob). Over stdio the
 * one person on the connection is a fixed local principal (`STDIO_SUBJECT`, default `local`).
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import {
  createJsonLogger,
  errorFields,
  isDevelopment,
  serveHttp,
  startAuthorization,
} from "mcp-widget-kit/server";
import { createGiftGenius, type GiftGenius } from "./app.ts";
import { audienceMismatch, readConfig, startupRefusal, usesDevSecret } from "./config.ts";
import { giftGeniusDevHost } from "./dev-host.ts";
import { createHealthRoute } from "./health.ts";
import { createImageRoute } from "./images.ts";
import { ORDERS_SCOPE } from "./tools/shared.ts";

const log = createJsonLogger();

async function main(): Promise<void> {
  const refusal = startupRefusal(process.env, process.argv.includes("--stdio") ? "stdio" : "http");
  if (refusal) {
    // One plain line a person reads at once, not a JSON log record.
    process.stderr.write(`giftgenius: ${refusal}\n`);
    process.exit(1);
  }
  const config = readConfig();
  const mismatch = audienceMismatch(config);
  // Clients discover the metadata at AUTH_AUDIENCE's origin: one of the two is likely wrong.
  if (mismatch) log.warn("audience_not_public_origin", { note: mismatch });
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
    // AUTH_ISSUER's tokens, or the kit's development authorization server (Alice, Bob).
    const auth = await startAuthorization({
      host: config.host,
      port: config.port,
      scopes: [ORDERS_SCOPE],
      resourceName: "GiftGenius",
      devPort: config.authDevPort,
      log,
    });
    const port = auth.port;
    app = await createGiftGenius(config, log, { auth: auth.settings });
    const opened = app;
    const images = createImageRoute();
    const health = createHealthRoute(opened.state, log);
    // The dev host page runs tools from a browser and keeps pages it was sent: development
    // only, never on a public origin.
    const devHost = isDevelopment()
      ? giftGeniusDevHost(config.faults, auth.settings.issuer)
      : undefined;
    const resource = opened.http?.resource;
    const endpoint = await serveHttp({
      createServer: (context) => opened.tools.createServer(context),
      log,
      host: config.host,
      port,
      bodyTimeoutMs: config.bodyTimeoutMs,
      ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
      ...(config.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
      ...(opened.http ? { authenticate: opened.http.authenticate } : {}),
      routes: async (request) =>
        resource?.respond(request) ?? (await health(request)) ?? (await images(request)),
      ...(devHost ? { otherRoutes: devHost } : {}),
    });
    opened.listening(endpoint.url);
    stop = async () => {
      await endpoint.close();
      await auth.close();
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
