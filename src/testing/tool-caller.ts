/**
 * The recorder's view of an app's MCP server: where it is, how a call goes out, what comes
 * back. Types only: the SDK client that implements them lives in `connect-tool-caller.ts`,
 * which no public declaration imports, so an app without the client still compiles.
 */

/** Tool arguments as sent in `tools/call`; values are any JSON, so a scenario can send bad input. */
export type ToolArguments = { readonly [key: string]: unknown };

/**
 * One `CallToolResult` as the client received it: what a fixture file holds. Only the fields
 * the kit reads are named; every other field is kept as it came.
 */
export interface RecordedResult {
  /** What the widget receives as its tool output; the contract parses it. */
  readonly structuredContent?: unknown;
  /** The content blocks the model reads. */
  readonly content?: unknown;
  /** `true` for a failed call (a tool error is a result, not an exception). */
  readonly isError?: boolean;
  /** The result's `_meta` (the host's `toolResponseMetadata`). */
  readonly _meta?: unknown;
  /** Any other field the server sent, kept in the fixture as it came. */
  readonly [field: string]: unknown;
}

/** Where and how to reach a server for recording. */
export interface RecordServer {
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: string | URL;
  /** HTTP headers sent with every request, e.g. `{ authorization: "Bearer …" }` for a signed-in caller. */
  readonly headers?: { readonly [name: string]: string };
  /** `_meta` sent with every `tools/call` (host values such as `openai/locale`). */
  readonly meta?: { readonly [key: string]: unknown };
  /**
   * Speak exactly this protocol revision (e.g. `"2026-07-28"`) and fail if the server does not
   * offer it. Default: negotiate (the current revision when the server has it, else 2025-11-25).
   */
  readonly protocolVersion?: string;
}

/** A connected server: calls tools; nothing it returns is recorded until `record` is called. */
export interface ToolCaller {
  /** Calls `tool` with `args` and returns the whole result (an `isError` result is returned, not thrown). */
  call(tool: string, args?: ToolArguments): Promise<RecordedResult>;
  /** Closes the connection. Safe to call twice. */
  close(): Promise<void>;
}
