/**
 * `npm start`: the GiftGenius MCP server over Streamable HTTP (default
 * http://127.0.0.1:8787/mcp), or over stdio with `--stdio`. Logs are JSON lines on stderr.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createJsonLogger, errorFields, serveHttp } from "widget-kit/server";
import { createGiftGenius } from "./app.ts";
import { readConfig, startupRefusal, usesDevSecret } from "./config.ts";
import { giftGeniusDevHost } from "./dev-host.ts";

const log = createJsonLogger();

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
  const app = await createGiftGenius(config, log);
  let stop: () => Promise<void>;
  if (process.argv.includes("--stdio")) {
    // One connection; its opening exchange picks the protocol revision (2026-07-28 or 2025).
    const stdio = serveStdio((context) => app.tools.createServer(context));
    log.info("listening", { transport: "stdio" });
    stop = () => stdio.close();
  } else {
    const endpoint = await serveHttp({
      createServer: (context) => app.tools.createServer(context),
      log,
      host: config.host,
      port: config.port,
      ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
      ...(config.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
      otherRoutes: giftGeniusDevHost(config.faults),
    });
    stop = () => endpoint.close();
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting_down", { signal });
    stop()
      .then(() => app.close())
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  log.error("startup_failed", errorFields(error));
  process.exit(1);
});
