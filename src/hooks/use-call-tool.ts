import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CallToolResult } from "../bridge/types.ts";
import type { ToolError } from "../contract/schemas.ts";
import type { ToolRef } from "../contract/tools.ts";
import { callToolOnce, readResult } from "../bridge/call-tool-once.ts";
import { useHost } from "./host-context.tsx";

/**
 * What one call ends in. Never a rejection: a host failure or timeout is `{ ok: false }` with
 * the ToolError `HOST_CALL_FAILED`; a delivered result carries its `view`, parsed as the
 * tool's kind (which may still be an error envelope: `view.state === "error"`).
 */
export type CallOutcome<View = unknown> =
  | { readonly ok: true; readonly result: CallToolResult; readonly view: View }
  | { readonly ok: false; readonly error: ToolError };

/** What `useCallTool(tool)` returns: the call, where the latest one stands, and its result. */
export interface CallToolState<Input = unknown, View = unknown> {
  /** Calls the tool with its own arguments. Never rejects. */
  readonly call: (args: Input) => Promise<CallOutcome<View>>;
  /** Where the latest call stands (`idle` before any, and after `reset`). */
  readonly status: "idle" | "pending" | "success" | "error";
  /** The latest successful result (its `structuredContent` may still be an error envelope). */
  readonly result?: CallToolResult;
  /** The latest successful result, parsed as the tool's kind. */
  readonly view?: View;
  /** The latest host-level failure. */
  readonly error?: ToolError;
  /** Back to `idle`, forgetting result and error. */
  readonly reset: () => void;
}

type Snapshot = Pick<CallToolState, "status" | "result" | "error">;
const IDLE: Snapshot = { status: "idle" };

/**
 * Calls one tool of the app's server through the host. An identical call (same name,
 * deep-equal args) made while one is in flight joins it instead of sending another. Only the
 * latest call updates `status`; a call that ends after unmount updates nothing.
 *
 * The tool is a handle of `toolRefs(…)`, typed by the server's declaration: only that tool's
 * arguments compile, and each outcome carries the result parsed as the tool's kind (`view`).
 */
export function useCallTool<Name extends string, Input, View>(
  tool: ToolRef<Name, Input, View>,
  options: {
    /** After this many ms without an answer the call ends as a retryable `HOST_CALL_FAILED`. */
    readonly timeoutMs?: number;
  } = {},
): CallToolState<Input, View> {
  const host = useHost();
  const { timeoutMs } = options;
  const { name } = tool;
  const [snapshot, setSnapshot] = useState<Snapshot>(IDLE);
  const latest = useRef(0);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true; // set again on StrictMode's second mount
    return () => {
      mounted.current = false;
    };
  }, []);

  const call = useCallback(
    async (args: Input): Promise<CallOutcome<View>> => {
      const id = ++latest.current;
      setSnapshot({ status: "pending" });
      const outcome = await callToolOnce(
        host,
        name,
        args as { readonly [key: string]: unknown },
        timeoutMs,
      );
      if (mounted.current && id === latest.current) {
        setSnapshot(
          outcome.ok
            ? { status: "success", result: outcome.result }
            : { status: "error", error: outcome.error },
        );
      }
      return outcome.ok ? { ...outcome, view: readResult(tool, outcome.result) } : outcome;
    },
    [host, name, tool, timeoutMs],
  );

  const reset = useCallback(() => {
    latest.current++;
    setSnapshot(IDLE);
  }, []);

  const view = useMemo(
    () => (snapshot.result ? readResult(tool, snapshot.result) : undefined),
    [tool, snapshot.result],
  );
  return { call, reset, ...snapshot, view };
}
