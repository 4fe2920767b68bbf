/**
 * The recorder's view of an app's MCP server: where it is, how a call goes out, what comes
 * back. Types only: the SDK client that implements them lives in `connect-tool-caller.ts`,
 * which no public declaration imports, so an app without the client still compiles.
 */
/**
 * One `CallToolResult` as a client received it: what a fixture file holds, what a
 * a `Recorder`'s `call` and {@link callAsWidget}'s `call` answer. Only the fields the kit
 * reads are named; every other field is kept as it came.
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

/**
 * Where and how to reach a server for recording: the object form of
 * `RecordFixturesOptions.server` (its TSDoc says what each field does). Written here, not
 * derived from the recorder's options, so this file needs nothing of record-fixtures.ts.
 */
export interface RecordServer {
  /** The server's Streamable HTTP endpoint, e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: string | URL;
  /** Sent with every request, e.g. `{ authorization: "Bearer …" }` for a signed-in caller. */
  readonly headers?: { readonly [name: string]: string };
  /** Sent as every `tools/call`'s `_meta` (host values such as `openai/locale`). */
  readonly meta?: { readonly [key: string]: unknown };
  /** Speak exactly this revision (e.g. `"2026-07-28"`); default: negotiate. */
  readonly protocolVersion?: string;
}

/** A connected server: calls tools (as a `Recorder` does), and closes. */
export interface ToolCaller {
  call(tool: string, args?: { readonly [key: string]: unknown }): Promise<RecordedResult>;
  close(): Promise<void>;
}
