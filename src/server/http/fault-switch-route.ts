/**
 * `GET|POST /devhost/faults`: the fault switch of a server in development — the one JSON
 * contract and the one set of guards behind the dev host page's switch (`createDevHostHandler`)
 * and `serveApp`'s switch of its writes (`../app/write-faults-route.ts`). It answers only when
 * it is open (development, bound to loopback, a loopback `Host`), else 404; a change must be a
 * same-origin JSON request (403 otherwise). GET answers `{ faults, known }`; POST takes
 * `{ faults: "<spec>" }` and answers the same, or 422 `{ error }` when the spec is refused.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isRecord } from "../../core/is-record.ts";
import { readJsonBody, sendJson, sendText } from "./node-replies.ts";
import { hasLoopbackHost, isSameOriginJsonRequest, isServedOnLoopback } from "./request-guard.ts";

/** The route's path. */
export const FAULT_SWITCH_PATH = "/devhost/faults";
const FAULT_BODY_LIMIT = 4 * 1024;

/** A server's fault injection, as the switch sees it (`DevHostOptions.faults` has its shape). */
export interface FaultSwitch {
  /** The active spec, in the server's own syntax. */
  get(): string | Promise<string>;
  /** Replaces the active faults; throws (or rejects) to refuse a spec, with the reason. */
  set(spec: string): void | Promise<void>;
  /** Fault names the page offers as checkboxes. */
  readonly known?: readonly string[];
}

/**
 * Whether the switch may answer `req` at all: a server in `development`, bound to loopback,
 * asked under a loopback name (a DNS-rebound name gets nothing).
 */
export function faultSwitchOpen(req: IncomingMessage, development: boolean): boolean {
  return development && isServedOnLoopback(req) && hasLoopbackHost(req);
}

/**
 * Answers `req` (already known to be for {@link FAULT_SWITCH_PATH}, GET, HEAD or POST) from
 * `faults`; 404 when there are none or the switch is not open. A body too large or not JSON
 * rejects with the `BodyError` of `readJsonBody`.
 */
export async function answerFaultSwitch(
  req: IncomingMessage,
  res: ServerResponse,
  faults: FaultSwitch | undefined,
  development: boolean,
): Promise<void> {
  if (!faults || !faultSwitchOpen(req, development)) return sendText(res, 404, "Not found\n");
  const state = async () => ({ faults: await faults.get(), known: faults.known ?? [] });
  if (req.method !== "POST") return sendJson(res, 200, await state());
  if (!isSameOriginJsonRequest(req)) return sendText(res, 403, "Forbidden\n");
  const body = await readJsonBody(req, FAULT_BODY_LIMIT);
  const spec = isRecord(body) ? body.faults : undefined;
  if (typeof spec !== "string") return sendJson(res, 400, { error: "faults must be a string" });
  try {
    await faults.set(spec);
  } catch (error) {
    return sendJson(res, 422, {
      error: error instanceof Error ? error.message : "fault spec refused",
    });
  }
  sendJson(res, 200, await state());
}
