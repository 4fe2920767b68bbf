/**
 * The dev host's server entry: a local, ChatGPT-like page for any app's MCP server. Node only;
 * never imported by widget code (`src/index.ts`). The page's CSP and the frame bootstrap are
 * its own (tests import them from `src/devhost/*`).
 */
export { createDevHostHandler, type DevHostOptions } from "./server/handler.ts";
export { mountDevHost } from "./server/mount.ts";
