/**
 * File inputs as ChatGPT takes them: a tool argument the person fills with a file they upload
 * or pick. ChatGPT sends such an argument only when the tool's `_meta["openai/fileParams"]`
 * names it, and its review refuses a file input whose schema is not the fixed one — an object
 * with `download_url` and `file_id` (required) and `mime_type` and `file_name` (declared). An
 * app declares the argument with `FileInput`; `defineTool` writes the `_meta` list from it, so
 * the list and the schema cannot disagree.
 */
import * as v from "valibot";

/**
 * A file the host hands the tool: where to download it (a short-lived URL) and its host id,
 * with the type and name the person's file had when the host knows them. Use it as a top-level
 * argument (`v.optional(FileInput)` for an optional one); the handler downloads `download_url`
 * as it would any untrusted URL.
 *
 * @example
 * arguments: { schema: v.strictObject({ receipt: FileInput }), repair: … }
 */
export const FileInput = v.object({
  download_url: v.pipe(v.string(), v.url(), v.maxLength(4_096)),
  file_id: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  mime_type: v.optional(v.pipe(v.string(), v.maxLength(255))),
  file_name: v.optional(v.pipe(v.string(), v.maxLength(1_024))),
});

/** The names of an arguments schema's top-level entries that are file inputs. */
export function fileParamsOf(schema: unknown): string[] {
  const entries = (schema as { entries?: { [key: string]: unknown } } | undefined)?.entries;
  if (!entries) return [];
  const isFile = (entry: unknown): boolean =>
    entry === FileInput ||
    (typeof entry === "object" &&
      entry !== null &&
      "wrapped" in entry &&
      isFile((entry as { wrapped: unknown }).wrapped));
  return Object.keys(entries).filter((name) => isFile(entries[name]));
}
