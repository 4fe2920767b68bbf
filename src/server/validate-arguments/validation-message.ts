/**
 * The `message` of a VALIDATION_FAILED error: one sentence for both readers, beside the
 * field list that says the rest.
 */
import { FIELD_CODES } from "../../contract/error-codes.ts";
import type { FieldError } from "../../contract/index.ts";

/**
 * One sentence for both readers that names what to change. Only argument names the tool
 * declares are listed: an unknown key is the caller's input, so it is counted, never echoed.
 */
export function validationMessage(
  fieldErrors: readonly FieldError[],
  declared: ReadonlySet<string>,
): string {
  const names = new Set<string>();
  let unknown = 0;
  for (const error of fieldErrors) {
    const top = error.field.split(/[.[]/)[0] ?? "";
    if (declared.has(top)) names.add(top);
    // `UNKNOWN_FIELD` (one entry per key) is what a tool's own checks may still send.
    else if (error.code === "UNKNOWN_FIELD" || error.code === FIELD_CODES.unknownFields)
      unknown += 1;
  }
  const listed = [...names];
  const parts: string[] = [];
  if (listed.length > 0)
    parts.push(
      `${listed.length === 1 ? "This argument is" : "These arguments are"} not valid: ${listed.join(", ")}.`,
    );
  if (unknown > 0) parts.push(`Unknown arguments were sent; remove them.`);
  return parts.join(" ") || "The arguments are not valid.";
}
