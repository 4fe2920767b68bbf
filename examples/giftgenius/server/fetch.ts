/**
 * GiftGenius as a web-standard handler, `export default { fetch }`: the shape Bun
 * (`bun examples/giftgenius/server/fetch.ts`) and Cloudflare Workers take; Node and Deno serve
 * it through `serve-fetch.ts` (`deno serve` would too, but keeps slow clients' sockets). The
 * same tools, guards, limits and sign-in checks as `main.ts`, through the kit's
 * `createFetchHandler`, with its settings from the environment like `main.ts`.
 *
 * What does not run here: the development sign-in (it is a `node:http` server), so
 * `AUTH_ISSUER` and `AUTH_AUDIENCE` are always required; SQLite (better-sqlite3 is a Node
 * addon), so `DATABASE_URL` is too; the local host page; stdio.
 */
import {
  createFetchHandler,
  createJsonLogger,
  type FetchHandlerOptions,
  readSettings,
} from "mcp-widget-kit/server";
import { createGiftGenius } from "./app.ts";
import { readConfig, startupRefusal, usesDevSecret } from "./config.ts";
import { createImageRoute } from "./images.ts";

const env = process.env;
const log = createJsonLogger();

// Settings first, each missing one named, in every mode: nothing here may start half
// configured, and there is no development sign-in or SQLite to fall back to.
// A refusal is one line on stderr and exit code 1 on every runtime, as `serveApp` does: a
// thrown error would print a stack trace under Bun and Deno.
const refuse = (line: string): never => {
  process.stderr.write(`giftgenius: ${line}\n`);
  process.exit(1);
};
const missing = ["AUTH_ISSUER", "AUTH_AUDIENCE", "DATABASE_URL"].filter((name) => !env[name]);
if (missing.length > 0) refuse(`set ${missing.join(", ")}: the fetch entry needs them`);
const refusal = startupRefusal(env, "http");
if (refusal) refuse(refusal);
const config = readConfig(env);
// Whose tokens are accepted, as the kit reads AUTH_ISSUER, AUTH_AUDIENCE, AUTH_JWKS_URL, ….
const auth = readSettings({ env }).authorization;
if (usesDevSecret(config))
  log.warn("dev_secret", { note: "set GIFTGENIUS_SECRET outside development" });
const app = await createGiftGenius(config, log, auth ? { auth } : {});
// The origin the widget and pictures name: without PUBLIC_ORIGIN, the canonical URI's.
if (!config.publicOrigin && auth) app.listening(auth.audience);

const images = createImageRoute();

/**
 * What the fetch handler serves: `/mcp`, the protected-resource metadata, `/healthz` and the
 * gift pictures; `serve-fetch.ts` hands the same to `serveHttp`.
 */
export const handlerOptions = {
  createServer: (context) => app.tools.createServer(context),
  log,
  bodyTimeoutMs: config.bodyTimeoutMs,
  ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
  ...(config.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
  ...(app.http ? { authenticate: app.http.authenticate } : {}),
  health: () => app.state.ping(),
  routes: async (request) => app.http?.respond(request) ?? (await images(request)),
} satisfies FetchHandlerOptions;

/** The fetch handler. It serves a socket, so a request without `Host` is refused. */
export const handler = createFetchHandler({ ...handlerOptions, requireHost: true });

log.info("fetch_handler_ready", { store: app.store.name, issuer: auth?.issuer ?? "" });

// `port`/`hostname` are read by Bun and `serve-fetch.ts` (`deno serve` takes `--port`/`--host`).
export default { fetch: handler, port: config.port, hostname: config.host };
