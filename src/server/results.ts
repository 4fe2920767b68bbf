/** Builds the CallToolResult of a contract envelope: structuredContent + one short text. */
import type { ToolError } from "../contract/index.ts";
import { clipText } from "../contract/text.ts";
import type { CallToolResult } from "@modelcontextprotocol/server";

/** Success: `{ contract_version, kind, ok: true, ...data }` and a short text for the model. */
export function successResult(
  version: string,
  kind: string,
  data: { [key: string]: unknown },
  text: string,
): CallToolResult {
  return {
    structuredContent: { contract_version: version, kind, ok: true, ...data },
    content: [{ type: "text", text: clipText(text, 600) }],
  };
}

/** The short text a model reads beside a ToolError: the code, the sentence, what to do. */
export function errorText(error: ToolError): string {
  const wait =
    error.retryable && error.retry_after_seconds !== undefined
      ? ` Retry after ${error.retry_after_seconds} s.`
      : "";
  const next = error.next_action ? ` ${error.next_action}` : "";
  return clipText(`${error.code}: ${error.message}${wait}${next}`, 400);
}

/** Failure: `{ contract_version, kind, ok: false, error }`, `isError: true`, one short text. */
export function failureResult(
  version: string,
  kind: string,
  error: ToolError,
  extra?: { [key: string]: unknown },
): CallToolResult {
  return {
    structuredContent: { contract_version: version, kind, ok: false, ...extra, error },
    content: [{ type: "text", text: errorText(error) }],
    isError: true,
  };
}
