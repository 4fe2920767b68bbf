/**
 * What a tool declares about its arguments, and the limits of the validator (its field error
 * codes are the kit's, in `contract/error-codes.ts`).
 */
import * as v from "valibot";
import type { FieldError } from "../../contract/index.ts";

/** A cross-field rule's finding (`ArgumentSpec.rules`). */
export type RuleProblem = ReturnType<NonNullable<ArgumentSpec<never>["rules"]>>[number];

/** How a tool's arguments are checked. */
export interface ArgumentSpec<T> {
  /** A valibot `strictObject` schema (unknown fields are errors). */
  schema: v.GenericSchema<unknown, T>;
  /**
   * A complete, valid argument object as close as possible to `args` (see file comment).
   * It may keep what the caller sent; an example that would echo a caller string is made
   * from `repair` of the call with its strings blanked instead, so the values it picks for
   * an empty string must be the tool's own.
   */
  repair(args: { readonly [key: string]: unknown }): { [key: string]: unknown };
  /**
   * Rules across fields, run on arguments that pass the schema field by field: each finding
   * becomes a field error, its example taken from `repair` like every other.
   */
  rules?(args: T): Array<{
    /** The field path (`budget.max`, `items[0].sku`), or `*`. */
    field: string;
    /** A machine code (`field_errors[].code`). */
    code: string;
    /** What to change, in one sentence; never echoes the input. */
    message: string;
  }>;
}

/** The outcome: the typed arguments, or every problem. */
export type ValidationOutcome<T> =
  { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };

/** More item problems than this in one array are reported once, for the whole array. */
export const MAX_ITEM_ERRORS_PER_ARRAY = 3;
/** A schema's own message longer than this is not a field message; the template is used. */
export const MAX_CUSTOM_MESSAGE_CHARS = 200;
/** Handed to valibot as the fallback message: an issue that keeps it had no custom message. */
export const NO_CUSTOM_MESSAGE = "\u0000mcp-widget-kit: no custom message";

/** One step of a field path: an object key or an array index. */
export type PathKey = string | number;
export type Args = { readonly [key: string]: unknown };
export type Issue = v.BaseIssue<unknown>;
