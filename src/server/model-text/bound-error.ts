/**
 * Keeps a ToolError under a few hundred tokens. A model that sent 10,000 bad values needs the
 * first few problems and a count, not 10,000 lines.
 */
import { FIELD_CODES } from "../../contract/error-codes.ts";
import type { FieldError, ToolError } from "../../contract/index.ts";
import { clipText } from "../../contract/text.ts";
import { fieldsNextAction } from "./next-action.ts";

/** ~300 tokens at ~4 characters a token. */
export const MAX_TOOL_ERROR_CHARS = 1_200;

const MAX_MESSAGE = 200;
const MAX_FIELD = 60;
const MAX_FIELD_MESSAGE = 120;
const MAX_EXAMPLE = 120;

function clipFieldError(entry: FieldError): FieldError {
  const clipped: FieldError = {
    field: clipText(entry.field, MAX_FIELD),
    code: clipText(entry.code, 40),
    message: clipText(entry.message, MAX_FIELD_MESSAGE),
  };
  // A clipped example would no longer be valid: drop it instead.
  if (entry.example !== undefined && entry.example.length <= MAX_EXAMPLE)
    clipped.example = entry.example;
  return clipped;
}

function summary(omitted: number): FieldError {
  return {
    field: "*",
    code: FIELD_CODES.moreErrors,
    message: `${omitted} more problem(s) not listed: fix these first, then call again to see the rest.`,
  };
}

/**
 * Returns `error` shortened so `JSON.stringify` of it is at most `maxChars`: long texts are
 * clipped, and field errors beyond what fits are replaced by one `MORE_ERRORS` summary entry.
 */
export function boundToolError(
  error: ToolError,
  maxChars: number = MAX_TOOL_ERROR_CHARS,
): ToolError {
  const base: ToolError = { ...error, message: clipText(error.message, MAX_MESSAGE) };
  delete base.field_errors;
  if (base.next_action !== undefined) base.next_action = clipText(base.next_action, 300);
  if (base.request_id !== undefined) base.request_id = clipText(base.request_id, 64);
  const all = (error.field_errors ?? []).map(clipFieldError);
  // Largest prefix of field errors (plus a summary when some are left out) that fits.
  for (let keep = Math.min(all.length, 20); keep >= 0; keep--) {
    const listed = all.slice(0, keep);
    const field_errors = keep < all.length ? [...listed, summary(all.length - keep)] : listed;
    const candidate: ToolError = field_errors.length > 0 ? { ...base, field_errors } : base;
    // Said last, on the entries the model reads: an example dropped above is not pointed at.
    const next_action = fieldsNextAction(candidate.next_action, field_errors);
    if (next_action !== undefined) candidate.next_action = next_action;
    if (JSON.stringify(candidate).length <= maxChars) return candidate;
  }
  // Even the bare error is too long (only a huge request_id or code could do this).
  return {
    code: clipText(base.code, 64),
    message: clipText(base.message, 120),
    retryable: base.retryable,
  };
}
