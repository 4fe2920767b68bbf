/**
 * What the model sees from a widget's `ui/update-model-context`, as the page shows it: the
 * text of its content blocks, then its `structuredContent` as JSON. Each update replaces the
 * one before (as the spec says a host keeps only the latest). The params are the widget's,
 * untrusted: non-text blocks are named, not rendered, and the whole is bounded.
 */
import { isRecord } from "../../core/is-record.ts";
import { prettyJson } from "./dom.ts";

/** The most characters of one update the page shows. */
export const MAX_MODEL_CONTEXT_CHARS = 8_000;

/** The model-visible text of one update. */
export function modelContextText(update: unknown): string {
  const params = isRecord(update) ? update : {};
  const blocks = Array.isArray(params.content) ? params.content : [];
  const lines = blocks.map((block) =>
    isRecord(block) && block.type === "text" && typeof block.text === "string"
      ? block.text
      : `[${isRecord(block) && typeof block.type === "string" ? block.type.slice(0, 40) : "unknown"} content]`,
  );
  if (params.structuredContent !== undefined) lines.push(prettyJson(params.structuredContent));
  const text = lines.join("\n") || "(empty: the model context was cleared)";
  return text.length > MAX_MODEL_CONTEXT_CHARS
    ? `${text.slice(0, MAX_MODEL_CONTEXT_CHARS)}…`
    : text;
}
