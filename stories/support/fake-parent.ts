/**
 * An in-page stand-in for "the widget in an iframe, the host outside it", for the MCP Apps
 * adapter. The adapter is given a window-like object whose `parent` is a fake host frame; the
 * host side is an MCP SDK `Transport` that the official `AppBridge` connects to. Messages are
 * structured-cloned and delivered in a later task, as `postMessage` does, and reach the
 * adapter as `message` events whose `source` is that parent — what the adapter checks.
 *
 * Why not a real iframe: `postMessage` stamps `event.source` with the window of the *calling
 * script*, so an adapter running in this page but posting through a frame's `parent` would
 * look like this page, not like the frame, to the host.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

/** Both ends: the widget's window and the host's transport. */
export interface FakeParentPair {
  /** Pass as `win` to `createMcpAppsHost`. */
  readonly widgetWindow: Window;
  /** Pass to `AppBridge.connect`. */
  readonly hostTransport: Transport;
}

type MessageListener = (event: MessageEvent) => void;

/** Creates a connected widget window and host transport. */
export function createFakeParentPair(): FakeParentPair {
  const listeners = new Set<MessageListener>();
  let closed = false;
  const later = (fn: () => void) => setTimeout(() => !closed && fn(), 0);

  const hostTransport: Transport = {
    async start() {},
    async send(message: JSONRPCMessage) {
      const data: unknown = structuredClone(message);
      later(() => {
        const event = {
          data,
          source: parent,
          origin: window.location.origin,
        } as unknown as MessageEvent;
        for (const listener of [...listeners]) listener(event);
      });
    },
    async close() {
      closed = true;
      listeners.clear();
      hostTransport.onclose?.();
    },
  };

  const parent = {
    postMessage(message: unknown) {
      const data = structuredClone(message) as JSONRPCMessage;
      later(() => hostTransport.onmessage?.(data));
    },
  };

  const widgetWindow = {
    parent,
    localStorage: window.localStorage,
    addEventListener(type: string, listener: MessageListener) {
      if (type === "message") listeners.add(listener);
    },
    removeEventListener(type: string, listener: MessageListener) {
      if (type === "message") listeners.delete(listener);
    },
  } as unknown as Window;

  return { widgetWindow, hostTransport };
}
