/**
 * The page's fault switch under `mcp-widget-kit dev`: the app's server is another process, so
 * the switch reads and sets that server's own `GET|POST /devhost/faults` (what `serveApp`
 * serves in development on loopback for every `defineWrite` commit). A server without the
 * route (production, another bind, not made with `serveApp`, no write) gives the page no
 * switch. The requests are the same-origin JSON the route asks for, on the server's origin.
 */
import type { DevHostOptions } from "../../devhost/server/options.ts";
import { FAULT_SWITCH_PATH } from "../../server/http/fault-switch-route.ts";

const TIMEOUT_MS = 5_000;

/** What the route answers: the active spec and the faults it offers. */
interface FaultState {
  readonly faults: string;
  readonly known: readonly string[];
}

async function ask(route: URL, spec?: string): Promise<FaultState> {
  const answer = await fetch(route, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...(spec === undefined
      ? {}
      : {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: route.origin },
          body: JSON.stringify({ faults: spec }),
        }),
  });
  const body = (await answer.json().catch(() => ({}))) as { [key: string]: unknown };
  if (!answer.ok)
    throw new Error(typeof body.error === "string" ? body.error : `status ${answer.status}`);
  const { faults, known } = body;
  if (typeof faults !== "string" || !Array.isArray(known))
    throw new Error("the app's server answered no fault switch");
  return { faults, known: known.filter((name): name is string => typeof name === "string") };
}

/**
 * The fault switch of the MCP server at `endpoint` (its origin's `/devhost/faults`), or
 * `undefined` when it has none (or does not answer now).
 */
export async function appFaults(endpoint: URL): Promise<DevHostOptions["faults"]> {
  if (endpoint.protocol !== "http:") return undefined;
  const route = new URL(FAULT_SWITCH_PATH, endpoint);
  const first = await ask(route).catch(() => undefined);
  if (!first) return undefined;
  return {
    get: async () => (await ask(route)).faults,
    set: async (spec) => void (await ask(route, spec)),
    known: first.known,
  };
}
