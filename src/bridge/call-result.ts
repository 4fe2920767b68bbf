/**
 * Normalises whatever a host returns from a tool call into one `CallToolResult`: the full
 * MCP result (`structuredContent`, `content`, `isError`, `_meta`), the legacy ChatGPT
 * `{ result: string }`, or garbage (which reads as an empty result, never a crash).
 */
import { isRecord } from "../core/is-record.ts";
import type { CallToolResult, ContentBlock } from "./types.ts";

const RESULT_KEYS = ["structuredContent", "content", "isError", "_meta", "meta"];

/** True when `value` looks like a tool result rather than a bare `structuredContent`. */
export function looksLikeToolResult(value: unknown): value is { readonly [key: string]: unknown } {
  return isRecord(value) && RESULT_KEYS.some((key) => key in value);
}

function contentBlocks(value: unknown): ContentBlock[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (block): block is ContentBlock =>
      isRecord(block) &&
      typeof block.type === "string" &&
      (block.text === undefined || typeof block.text === "string"),
  );
}

function meta(value: { readonly [key: string]: unknown }): { readonly [key: string]: unknown } {
  const raw = value._meta ?? value.meta;
  return isRecord(raw) ? raw : {};
}

/** The legacy `{ result: "<text>" }`: the text becomes a content block; JSON objects are kept as structuredContent. */
function fromLegacy(text: string): CallToolResult {
  let structuredContent: unknown = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) structuredContent = parsed;
  } catch {
    // plain text: no structured content
  }
  return { structuredContent, content: [{ type: "text", text }], isError: false, meta: {} };
}

/** Never throws. */
export function normalizeCallToolResult(raw: unknown): CallToolResult {
  try {
    if (looksLikeToolResult(raw)) {
      return {
        structuredContent: raw.structuredContent ?? null,
        content: contentBlocks(raw.content),
        isError: raw.isError === true,
        meta: meta(raw),
      };
    }
    if (isRecord(raw) && typeof raw.result === "string") return fromLegacy(raw.result);
  } catch {
    // hostile getters fall through to the empty result
  }
  return { structuredContent: null, content: [], isError: false, meta: {} };
}

/**
 * A host's answer to a tool call. A failed call in a result's shape — MCPJam's
 * `{ isError: true, error }`, no result in it — is the host's failure, not the tool's: it
 * rejects with that answer, so the sign-in check reads it like any host rejection.
 */
export function hostToolResult(raw: unknown): CallToolResult | Promise<never> {
  // A throwing getter rejects too: the caller reads that as the host's failure.
  return isRecord(raw) &&
    raw.isError === true &&
    "error" in raw &&
    !("content" in raw || "structuredContent" in raw)
    ? Promise.reject(raw)
    : normalizeCallToolResult(raw);
}
