/**
 * `npm start`: the GiftGenius MCP server over Streamable HTTP (default
 * http://127.0.0.1:8787/mcp), or over stdio with `--stdio`, through the kit's `serveApp`
 * (settings, sign-in, `/healthz`, the stdio/HTTP choice; docs/server.md, "Running"). Logs are
 * JSON lines on stderr. GiftGenius adds its own settings (config.ts), its store and ledger
 * (app.ts), the gift pictures and, in development only, the dev host page at `/`.
 */
import { serveApp, StartupRefusal } from "mcp-widget-kit/server";
import { createGiftGenius } from "./app.ts";
import { readConfig, startupRefusal, usesDevSecret } from "./config.ts";
import { giftGeniusDevHost } from "./dev-host.ts";
import { createImageRoute } from "./images.ts";
import { ORDERS_SCOPE } from "./tools/shared.ts";

await serveApp({
  name: "giftgenius",
  title: "GiftGenius",
  scopes: [ORDERS_SCOPE],
  port: 8787,
  devPort: 8788,
  // GIFTGENIUS_SECRET signs drafts and confirmations; PUBLIC_ORIGIN is the pictures' origin.
  secrets: ["GIFTGENIUS_SECRET"],
  httpSettings: ["PUBLIC_ORIGIN"],
  check(env, transport) {
    const refusal = startupRefusal(env, transport);
    if (refusal) throw new StartupRefusal(refusal, []);
  },
  async open({ transport, settings, issuer, log }) {
    const config = readConfig();
    if (usesDevSecret(config))
      log.warn("dev_secret", { note: "set GIFTGENIUS_SECRET outside development" });
    // serveApp verifies the tokens and points refused calls at the sign-in itself.
    const app = await createGiftGenius(config, log);
    // The dev host page runs tools from a browser and keeps pages it was sent: development
    // only, never on a public origin.
    const devHost =
      transport === "http" && settings.development && issuer
        ? giftGeniusDevHost(config.faults, issuer)
        : undefined;
    const images = createImageRoute();
    return {
      tools: app.tools,
      ping: () => app.state.ping(),
      // The gift pictures, and the payment provider's webhook when external checkout is on.
      routes: async (request) => (await images(request)) ?? (await app.webhook(request)),
      ...(devHost ? { otherRoutes: devHost } : {}),
      listening: (url) => app.listening(url),
      close: () => app.close(),
    };
  },
});
