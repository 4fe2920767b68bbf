/**
 * GiftGenius' fetch entry (`fetch.ts`) on a `node:http` socket, through the kit's `serveHttp`:
 * the Deno entry (`deno run --allow-net --allow-env --allow-read --allow-sys
 * examples/giftgenius/server/serve-fetch.ts`) and the fetch handler on Node. Under Deno it
 * replaces `deno serve`, whose `Deno.serve` has no header or body timeout: a stalled upload or a
 * slowloris client kept its socket for good there, where Deno's `node:http` closes it as Node
 * does. Listens on `HOST`:`PORT` (default 127.0.0.1:8787).
 */
import { serveHttp } from "mcp-widget-kit/server";
import entry, { handlerOptions } from "./fetch.ts";

await serveHttp({ ...handlerOptions, host: entry.hostname, port: entry.port });
