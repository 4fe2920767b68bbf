/**
 * The recorder's view of an app's MCP server: where it is, how a call goes out, what comes
 * back. Types only: the SDK client that implements them lives in `connect-tool-caller.ts`,
 * which no public declaration imports, so an app without the client still compiles.
 */
import type { RecordFixturesOptions } from "./record-fixtures.ts";

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

/** Where and how to reach a server for recording: the object form of `RecordFixturesOptions.server`. */
export type RecordServer = Exclude<RecordFixturesOptions<string>["server"], string | URL>;

/** A connected server: calls tools (as a `Recorder` does), and closes. */
export interface ToolCaller {
  call(tool: string, args?: { readonly [key: string]: unknown }): Promise<RecordedResult>;
  close(): Promise<void>;
}
