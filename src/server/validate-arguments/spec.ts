/**
 * What a tool declares about its arguments, and the codes and limits of the validator.
 */
import * as v from "valibot";
import type { FieldError } from "../../contract/index.ts";

/** A cross-field rule's finding; its example comes from `repair` like every other. */
export interface RuleProblem {
  field: string;
  code: string;
  message: string;
}

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
  /** Rules across fields, run on arguments that pass the schema field by field. */
  rules?(args: T): RuleProblem[];
}

/** The outcome: the typed arguments, or every problem. */
export type ValidationOutcome<T> =
  { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };

/** Field error codes the validator emits. */
export const FIELD_CODES = {
  required: "REQUIRED",
  wrongType: "WRONG_TYPE",
  tooShort: "TOO_SHORT",
  tooLong: "TOO_LONG",
  tooFew: "TOO_FEW",
  tooMany: "TOO_MANY",
  tooSmall: "TOO_SMALL",
  tooLarge: "TOO_LARGE",
  notInteger: "NOT_INTEGER",
  badFormat: "BAD_FORMAT",
  notAllowed: "NOT_ALLOWED",
  invalid: "INVALID",
  unknownFields: "UNKNOWN_FIELDS",
} as const;

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
