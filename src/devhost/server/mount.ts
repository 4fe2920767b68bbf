/**
 * Wiring for servers built on Express (or anything with `app.use((req, res, next) => …)`).
 * A plain node:http server calls the handler itself: `if (await devHost(req, res)) return;`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createDevHostHandler, type DevHostOptions } from "./handler.ts";

/**
 * Mounts the dev host (page at `GET /`, frames, dev fault switch) on an Express-like app: any
 * `app` with `use(middleware)`; the dev host calls `next()` for every request it does not answer.
 */
export function mountDevHost(
  app: {
    /** Adds a middleware; the dev host calls `next()` for every request it does not answer. */
    use(
      middleware: (
        req: IncomingMessage,
        res: ServerResponse,
        next: (error?: unknown) => void,
      ) => void,
    ): unknown;
  },
  options: DevHostOptions = {},
): void {
  const handle = createDevHostHandler(options);
  app.use((req, res, next) => {
    handle(req, res).then((handled) => {
      if (!handled) next();
    }, next);
  });
}
