/**
 * The person's class of each code a declared write answers for a draft (`defineWrite`'s
 * refusals, src/server/write/write-refusals.ts): the same for every app that draws its write
 * with `WriteView`, so none spells them again. A test keeps the two lists one. Only
 * `WriteView` reads them: a widget without it pays no byte for them.
 */
import type { ErrorClass } from "./error-class.ts";

/** `defineWrite`'s draft refusals, by code: gone, out of time, already written. */
export const WRITE_ERROR_CLASSES: { readonly [code: string]: ErrorClass } = {
  DRAFT_NOT_FOUND: "not_found",
  DRAFT_EXPIRED: "expired",
  DRAFT_ALREADY_USED: "conflict",
};
