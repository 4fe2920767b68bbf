/**
 * A minimal JSON-RPC 2.0 peer over `postMessage` with `window.parent`: the MCP Apps wire.
 * It only accepts messages whose `event.source` is the parent window (never another frame),
 * ignores anything malformed, answers the host's requests, and times requests out.
 */
import { IS_DEV } from "../core/is-dev.ts";
import { isRecord } from "../core/is-record.ts";

type Params = { readonly [key: string]: unknown };

/**
 * A JSON-RPC error answer, turned into an Error whose message is the host's, whole: the
 * sign-in check reads all of it (the server's code may come after a long body); nothing shows it.
 */
export class RpcError extends Error {
  // No `name` of its own: nothing reads it, and the widget ships every byte (`instanceof` tells).
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the adapter hands the peer. */
export interface RpcHandlers {
  /** A host request; resolve to its result. An unknown method should throw `RpcError(-32601)`. */
  onRequest(method: string, params: Params): unknown;
  onNotification(method: string, params: Params): void;
}

/** The peer: requests with timeouts, notifications, and teardown. */
export interface RpcPeer {
  request(method: string, params: Params, timeoutMs: number): Promise<unknown>;
  notify(method: string, params?: Params): void;
  dispose(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** The JSON-RPC code for a method the receiver does not know. */
export const METHOD_NOT_FOUND = -32601;

/** Starts listening on `win` for messages from `win.parent`. */
export function createRpcPeer(win: Window, handlers: RpcHandlers): RpcPeer {
  const parent = win.parent;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let disposed = false;

  /** False when the message could not be sent (detached parent, uncloneable params). */
  const post = (message: Params): boolean => {
    if (disposed) return false;
    try {
      // The host's origin is not known to a sandboxed widget (often an opaque origin), so
      // "*" it is; what we send is no secret, and what we accept is checked by source.
      parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
      return true;
    } catch {
      return false;
    }
  };

  const answer = (id: unknown, method: string, params: Params) => {
    Promise.resolve()
      .then(() => handlers.onRequest(method, params))
      .then(
        (result) => post({ id, result: isRecord(result) ? result : {} }),
        (error: unknown) =>
          post({
            id,
            error:
              error instanceof RpcError
                ? { code: error.code, message: error.message }
                : { code: -32603, message: "Internal error" },
          }),
      );
  };

  const settle = (id: unknown, message: Params) => {
    // Only numbers are ever asked; any other id finds nothing.
    const entry = pending.get(id as number);
    if (!entry) return; // an answer to nothing we asked: ignore
    pending.delete(id as number);
    clearTimeout(entry.timer);
    if ("result" in message) entry.resolve(message.result);
    else {
      const error = isRecord(message.error) ? message.error : {};
      const text =
        typeof error.message === "string" ? error.message : IS_DEV ? "Request failed" : "";
      entry.reject(new RpcError(typeof error.code === "number" ? error.code : -32603, text));
    }
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== parent || parent === win) return; // only the host frame speaks
    const message: unknown = event.data;
    if (!isRecord(message) || message.jsonrpc !== "2.0") return;
    const { id, method } = message;
    const params = isRecord(message.params) ? message.params : {};
    try {
      if (typeof method === "string") {
        // JSON-RPC params are structured or absent; a notification with anything else is
        // malformed and dropped (it must not, say, deliver an empty tool result).
        if (id === undefined) {
          if (message.params === undefined || isRecord(message.params))
            handlers.onNotification(method, params);
        } else answer(id, method, params); // the host's own id goes back as it came
      } else {
        // An answer to something we asked; one without a result counts as an error.
        settle(id, message);
      }
    } catch {
      // a handler choking on hostile params must not break the listener
    }
  };
  win.addEventListener("message", onMessage);

  return {
    request(method, params, timeoutMs) {
      if (disposed) return Promise.reject(new Error(IS_DEV ? "The bridge is closed." : "closed"));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new RpcError(-32001, IS_DEV ? `${method} timed out` : "timeout"));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        if (!post({ id, method, params }))
          settle(id, {
            error: { code: -32603, message: IS_DEV ? `${method} could not be sent` : "unsent" },
          });
      });
    },
    notify: (method, params = {}) => post({ method, params }),
    dispose() {
      disposed = true;
      win.removeEventListener("message", onMessage);
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(new Error(IS_DEV ? "The bridge is closed." : "closed"));
      }
      pending.clear();
    },
  };
}
