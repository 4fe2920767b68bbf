/**
 * Kit-level wire types shared by every contract: Money, FieldError, ToolError. `Money` is
 * inferred from its schema (an app uses both); `FieldError` and `ToolError` are written out,
 * so the public type reads as the wire format, and test/types/contract.test-d.ts holds each to
 * its schema's output (the schemas are the kit's: `parse` and `fromProblem` read with them).
 */
import * as v from "valibot";
import { id, isoDateTime, text, tolerant } from "./fields.ts";
import { clampRetryAfterSeconds } from "./limits.ts";
import { clipText } from "./text.ts";

export { isoDateTime };

/** A decimal amount as a string (`"25.99"`), so no float rounding crosses the wire. */
export const MoneySchema = v.object({
  amount: v.pipe(v.string(), v.regex(/^\d{1,15}(\.\d{1,6})?$/)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
});
/** `{ amount: "25.99", currency: "USD" }`: ISO 4217 code, decimal string. */
export type Money = v.InferOutput<typeof MoneySchema>;

/** One problem with one input field, with a valid example a caller can apply. */
export const FieldErrorSchema = v.object({
  field: text(200),
  code: text(100),
  message: text(300),
  example: tolerant(text(200)),
});
/** One problem with one input field, with a valid example a caller can apply. */
export interface FieldError {
  /** Where: a path such as `interests[2]` or `budget_max`. */
  field: string;
  /** What, machine-readable: the validator's `TOO_SMALL`, `REQUIRED` … or the app's own. */
  code: string;
  /** One sentence for the model: what is wrong and what to send instead. */
  message: string;
  /** A valid value the caller can send instead. */
  example?: string | undefined;
}

/** Did a failed write change anything? */
export const CHANGES = ["none", "applied", "unknown"] as const;

const retryAfter = tolerant(v.pipe(v.number(), v.finite(), v.transform(clampRetryAfterSeconds)));

/** Bad entries of `field_errors` are dropped one by one; the error itself stays. */
const fieldErrors = tolerant(
  v.pipe(
    v.array(v.unknown()),
    v.transform((entries: unknown[]) => {
      const kept: FieldError[] = [];
      for (const entry of entries.slice(0, 100)) {
        const result = v.safeParse(FieldErrorSchema, entry);
        if (result.success) kept.push(result.output);
      }
      return kept;
    }),
  ),
);

/** The error half of every envelope; written for two readers, the model and the person. */
export const ToolErrorSchema = v.object({
  code: v.pipe(
    v.string(),
    v.minLength(1),
    v.transform((code: string) => clipText(code, 64)),
  ),
  message: text(500),
  retryable: v.boolean(),
  retry_after_seconds: retryAfter,
  next_action: tolerant(text(500)),
  request_id: tolerant(text(100)),
  field_errors: fieldErrors,
  changes: tolerant(v.picklist(CHANGES)),
});
/**
 * A machine-readable code, a human sentence, and whether (and when) to retry: the error half
 * of every envelope (`ok: false`), written for two readers, the model and the person.
 */
export interface ToolError {
  /** Stable and machine-readable: the kit's `VALIDATION_FAILED`, `RATE_LIMITED` … or the app's own. */
  code: string;
  /** One sentence for the model, naming the field or condition. */
  message: string;
  /** Whether the same call may succeed later. */
  retryable: boolean;
  /** How long to wait before retrying, in whole seconds (at most an hour). */
  retry_after_seconds?: number | undefined;
  /** What the model should do next; from fixed templates only, never from input. */
  next_action?: string | undefined;
  /** The server's log reference for this failure; shown to the person. */
  request_id?: string | undefined;
  /** Every field problem at once. */
  field_errors?: FieldError[] | undefined;
  /** Write tools: did anything happen? `none`, `applied` or `unknown`. */
  changes?: "none" | "applied" | "unknown" | undefined;
}

export { id };
