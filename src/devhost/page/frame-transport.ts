/**
 * The MCP Apps transport between the page and one widget frame. The frame also carries the
 * dev host's own bootstrap messages (storage, heights), which ext-apps' PostMessageTransport
 * would log one by one as "Ignoring non-JSON-RPC message" with the whole event: this one
 * passes on only JSON-RPC 2.0 messages from that frame and drops the rest silently.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { isRecord } from "../../core/is-record.ts";

/** A Transport over `postMessage` to `target`, hearing only what `target` sends. */
export class FrameTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.target) return;
    if (isRecord(event.data) && event.data.jsonrpc === "2.0")
      this.onmessage?.(event.data as JSONRPCMessage);
  };

  constructor(private readonly target: Window) {}

  async start(): Promise<void> {
    window.addEventListener("message", this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The frame is sandboxed (opaque origin): "*" is the only target origin that reaches it.
    this.target.postMessage(message, "*");
  }

  async close(): Promise<void> {
    window.removeEventListener("message", this.listener);
    this.onclose?.();
  }
}
