/**
 * One tool call through the host that never rejects, with a timeout, and joined by an
 * identical call (same tool, deep-equal arguments) made while it is still in flight — a
 * double click or two components asking at once send one request, not two.
 */
import type { CallToolResult, Host } from "./types.ts";
import type { ToolError } from "../contract/schemas.ts";
import { hostCallFailed } from "./host-call-error.ts";
import { isChallengeError, signInRequired } from "../contract/sign-in.ts";
import { canonicalJson } from "../core/canonical-json.ts";

/** What a call ends in: the tool's result (which may itself be an error envelope) or a ToolError. */
export type CallOutcome =
  | { readonly ok: true; readonly result: CallToolResult }
  | { readonly ok: false; readonly error: ToolError };

/** A call's result read by `reader`: what the model read, with `_meta` (widget-only fields). */
export const readResult = <V>(
  reader: { parse(input: unknown, meta?: unknown): V },
  result: CallToolResult,
): V => reader.parse(result.structuredContent, result.meta);

/** How long a call may take before it becomes a retryable `HOST_CALL_FAILED`, by default. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

const inFlight = new WeakMap<Host, Map<string, Promise<CallOutcome>>>();

/** A key equal for deep-equal arguments whatever their key order; `undefined` if unserialisable. */
function callKey(name: string, args: unknown): string | undefined {
  try {
    return canonicalJson([name, args]);
  } catch {
    return undefined; // cycles, BigInt: call without joining
  }
}

function run(
  host: Host,
  name: string,
  args: { readonly [key: string]: unknown },
  timeoutMs: number,
): Promise<CallOutcome> {
  return new Promise<CallOutcome>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: hostCallFailed() }), timeoutMs);
    const settle = (outcome: CallOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    try {
      host.callTool(name, args).then(
        (result) => settle({ ok: true, result }),
        // A host that dropped the server's sign-in result still passes on its challenge text.
        (reason: unknown) =>
          settle({
            ok: false,
            error: isChallengeError(reason) ? signInRequired() : hostCallFailed(),
          }),
      );
    } catch {
      settle({ ok: false, error: hostCallFailed() });
    }
  });
}

/** Calls `name` through `host`; resolves to a `CallOutcome`, never rejects. */
export function callToolOnce(
  host: Host,
  name: string,
  args: { readonly [key: string]: unknown },
  timeoutMs: number = DEFAULT_CALL_TIMEOUT_MS,
): Promise<CallOutcome> {
  const key = callKey(name, args);
  let calls = inFlight.get(host);
  const pending = key === undefined ? undefined : calls?.get(key);
  if (pending) return pending;
  const outcome = run(host, name, args, timeoutMs);
  if (key !== undefined) {
    if (!calls) inFlight.set(host, (calls = new Map()));
    const map = calls;
    map.set(key, outcome);
    void outcome.then(() => map.delete(key));
  }
  return outcome;
}
