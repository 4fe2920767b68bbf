/**
 * The `message` of a VALIDATION_FAILED error: one sentence for both readers, beside the
 * field list that says the rest.
 */
import { FIELD_CODES } from "../../contract/error-codes.ts";
import type { FieldError } from "../../contract/index.ts";

/**
 * One sentence for both readers that names what to change: the declared arguments that are
 * not valid, and the unknown ones by the names their field errors carry (plain names only —
 * the field errors count any other key under `*`, never echo it).
 */
export function validationMessage(
  fieldErrors: readonly FieldError[],
  declared: ReadonlySet<string>,
): string {
  const names = new Set<string>();
  const unknownNames: string[] = [];
  let unnamed = false;
  for (const error of fieldErrors) {
    const top = error.field.split(/[.[]/)[0] ?? "";
    if (declared.has(top)) names.add(top);
    // `UNKNOWN_FIELD` (one entry per key) is what a tool's own checks may still send.
    else if (error.code === "UNKNOWN_FIELD" || error.code === FIELD_CODES.unknownFields) {
      if (error.field === "*" || error.code === "UNKNOWN_FIELD") unnamed = true;
      else unknownNames.push(error.field);
    }
  }
  const listed = [...names];
  const parts: string[] = [];
  if (listed.length > 0)
    parts.push(
      `${listed.length === 1 ? "This argument is" : "These arguments are"} not valid: ${listed.join(", ")}.`,
    );
  if (unknownNames.length > 0)
    parts.push(
      `${unknownNames.length === 1 ? "This argument is" : "These arguments are"} not the tool's: ${unknownNames.join(", ")}${unnamed ? ", and others" : ""}.`,
    );
  else if (unnamed) parts.push(`Unknown arguments were sent; remove them.`);
  return parts.join(" ") || "The arguments are not valid.";
}
