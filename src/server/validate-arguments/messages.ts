/**
 * Codes and messages: a FieldError's code and its one-sentence message, from the schema's
 * issue (a schema's own message is kept only when it is short and quotes no caller text).
 */
import { FIELD_CODES } from "../../contract/error-codes.ts";
import { type Issue, MAX_CUSTOM_MESSAGE_CHARS, NO_CUSTOM_MESSAGE } from "./spec.ts";
import { quotesCaller } from "./caller-text.ts";

export function codeFor(issue: Issue, isArray: boolean): string {
  if (issue.input === undefined && issue.kind === "schema") return FIELD_CODES.required;
  switch (issue.type) {
    case "min_length":
      return isArray ? FIELD_CODES.tooFew : FIELD_CODES.tooShort;
    case "max_length":
      return isArray ? FIELD_CODES.tooMany : FIELD_CODES.tooLong;
    case "min_value":
      return FIELD_CODES.tooSmall;
    case "max_value":
      return FIELD_CODES.tooLarge;
    case "integer":
      return FIELD_CODES.notInteger;
    case "regex":
      return FIELD_CODES.badFormat;
    case "picklist":
      return FIELD_CODES.notAllowed;
    default:
      return issue.kind === "schema" ? FIELD_CODES.wrongType : FIELD_CODES.invalid;
  }
}

/** Fixed message templates: the only variable part is a field path from our own schema. */
export function templateMessage(code: string, field: string, issue: Issue): string {
  const expected =
    typeof issue.expected === "string" && /^[\w ."'|<>=!-]{1,60}$/.test(issue.expected)
      ? issue.expected
      : undefined;
  switch (code) {
    case FIELD_CODES.required:
      return `${field} is required.`;
    case FIELD_CODES.wrongType:
      return `${field} has the wrong type${expected ? ` (expected ${expected})` : ""}.`;
    case FIELD_CODES.tooShort:
      return `${field} is too short${expected ? ` (needs ${expected} characters)` : ""}.`;
    case FIELD_CODES.tooLong:
      return `${field} is too long${expected ? ` (allowed ${expected} characters)` : ""}.`;
    case FIELD_CODES.tooFew:
      return `${field} has too few items${expected ? ` (needs ${expected})` : ""}.`;
    case FIELD_CODES.tooMany:
      return `${field} has too many items${expected ? ` (allowed ${expected})` : ""}.`;
    case FIELD_CODES.tooSmall:
      return `${field} is too small${expected ? ` (must be ${expected})` : ""}.`;
    case FIELD_CODES.tooLarge:
      return `${field} is too large${expected ? ` (must be ${expected})` : ""}.`;
    case FIELD_CODES.notInteger:
      return `${field} must be a whole number.`;
    case FIELD_CODES.badFormat:
      return `${field} has the wrong format.`;
    case FIELD_CODES.notAllowed:
      return `${field} is not one of the allowed values.`;
    default:
      return `${field} is not valid.`;
  }
}

/**
 * The schema author's own message when the schema has one (`v.regex(re, "from must be
 * YYYY-MM-DD")`) — it says more than a template can — unless it quotes the caller.
 */
export function messageFor(code: string, field: string, issue: Issue, caller: string[]): string {
  const custom = issue.message;
  const usable =
    custom !== NO_CUSTOM_MESSAGE &&
    custom.length > 0 &&
    custom.length <= MAX_CUSTOM_MESSAGE_CHARS &&
    !quotesCaller(custom, caller);
  return usable ? custom : templateMessage(code, field, issue);
}
