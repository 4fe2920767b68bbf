import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CallToolResult } from "../bridge/types.ts";
import type { ToolError } from "../contract/schemas.ts";
import type { ToolRef } from "../contract/tools.ts";
import { callToolOnce, type CallOutcome } from "../bridge/call-tool-once.ts";
import { useHost } from "./host-context.tsx";

export type { CallOutcome } from "../bridge/call-tool-once.ts";

/** Options of `useCallTool`. */
export interface CallToolOptions {
  /** After this many ms without an answer the call ends as a retryable `HOST_CALL_FAILED`. */
  readonly timeoutMs?: number;
}

/** Where the latest call of a `useCallTool` stands. */
export type CallToolStatus = "idle" | "pending" | "success" | "error";

/** What `useCallTool` returns. */
export interface CallToolState {
  /** Calls the tool. Never rejects: a host failure or timeout resolves to `{ ok: false }`. */
  readonly call: (args: { readonly [key: string]: unknown }) => Promise<CallOutcome>;
  readonly status: CallToolStatus;
  /** The latest successful result (its `structuredContent` may still be an error envelope). */
  readonly result?: CallToolResult;
  /** The latest host-level failure. */
  readonly error?: ToolError;
  /** Back to `idle`, forgetting result and error. */
  readonly reset: () => void;
}

/** What a typed call ends in: as {@link CallOutcome}, with its result parsed as the tool's kind. */
export type TypedCallOutcome<View> =
  | { readonly ok: true; readonly result: CallToolResult; readonly view: View }
  | { readonly ok: false; readonly error: ToolError };

/** What `useCallTool(ref)` returns: {@link CallToolState} with the tool's arguments and view. */
export interface TypedCallToolState<Input, View> extends Omit<CallToolState, "call"> {
  /** Calls the tool with its own arguments. Never rejects. */
  readonly call: (args: Input) => Promise<TypedCallOutcome<View>>;
  /** The latest successful result, parsed as the tool's kind. */
  readonly view?: View;
}

type Snapshot = Pick<CallToolState, "status" | "result" | "error">;
const IDLE: Snapshot = { status: "idle" };

/**
 * Calls one tool of the app's server through the host. An identical call (same name,
 * deep-equal args) made while one is in flight joins it instead of sending another. Only the
 * latest call updates `status`; a call that ends after unmount updates nothing.
 *
 * Given a tool of `toolRefs(…)` it is typed by the server's declaration: only that tool's
 * arguments compile, and each outcome carries the result parsed as the tool's kind (`view`).
 * Given a name it takes any arguments and leaves the result to the caller's contract.
 */
export function useCallTool<Name extends string, Input, View>(
  tool: ToolRef<Name, Input, View>,
  options?: CallToolOptions,
): TypedCallToolState<Input, View>;
export function useCallTool(name: string, options?: CallToolOptions): CallToolState;
export function useCallTool(
  tool: string | ToolRef,
  options: CallToolOptions = {},
): CallToolState | TypedCallToolState<unknown, unknown> {
  const host = useHost();
  const { timeoutMs } = options;
  const ref = typeof tool === "string" ? undefined : tool;
  const name = typeof tool === "string" ? tool : tool.name;
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
    async (args: { readonly [key: string]: unknown }) => {
      const id = ++latest.current;
      setSnapshot({ status: "pending" });
      const outcome = await callToolOnce(host, name, args, timeoutMs);
      if (mounted.current && id === latest.current) {
        setSnapshot(
          outcome.ok
            ? { status: "success", result: outcome.result }
            : { status: "error", error: outcome.error },
        );
      }
      return outcome.ok && ref
        ? { ...outcome, view: ref.parse(outcome.result.structuredContent) }
        : outcome;
    },
    [host, name, ref, timeoutMs],
  );

  const reset = useCallback(() => {
    latest.current++;
    setSnapshot(IDLE);
  }, []);

  const view = useMemo(
    () => (ref && snapshot.result ? ref.parse(snapshot.result.structuredContent) : undefined),
    [ref, snapshot.result],
  );
  return ref ? { call, reset, ...snapshot, view } : { call, reset, ...snapshot };
}
