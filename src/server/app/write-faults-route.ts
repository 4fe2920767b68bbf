/**
 * `serveApp`'s fault switch of its declared writes: `GET|POST /devhost/faults` (the contract
 * and guards of `../http/fault-switch-route.ts`, the dev host page's own) over the write
 * faults of this process (`../write/write-faults.ts`), for the commits the app serves. Served
 * only in development by a server bound to loopback — `serveApp` does not even mount it
 * otherwise, and the route checks both again on every request — so `mcp-widget-kit dev` can
 * give any app's page a fault switch with no code of the app's.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerFaultSwitch, FAULT_SWITCH_PATH } from "../http/fault-switch-route.ts";
import { BodyError, sendJson } from "../http/node-replies.ts";
import type { ToolServer } from "../tool-server.ts";
import { declaredCommits, setWriteFaults, writeFaultsSpec } from "../write/write-faults.ts";

/**
 * The route for `tools`' commits, as `serveHttp`'s `otherRoutes` (`true` once it answered), or
 * `undefined` when the server declares no write (there is nothing to switch).
 */
export function writeFaultsRoute(
  tools: Pick<ToolServer, "listTools">,
  development: boolean,
): ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | undefined {
  const commits = declaredCommits(tools.listTools().map((tool) => tool.name));
  if (commits.length === 0) return undefined;
  const faults = {
    get: writeFaultsSpec,
    set: (spec: string) => setWriteFaults(spec, commits),
    known: commits.flatMap((commit) => [`${commit}=unavailable`, `${commit}=timeout`]),
  };
  return async (req, res) => {
    const path = new URL(req.url ?? "/", "http://app.invalid").pathname;
    const method = req.method ?? "GET";
    if (path !== FAULT_SWITCH_PATH || !["GET", "HEAD", "POST"].includes(method)) return false;
    try {
      await answerFaultSwitch(req, res, faults, development);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      sendJson(res, error.status, { error: error.message });
    }
    return true;
  };
}
