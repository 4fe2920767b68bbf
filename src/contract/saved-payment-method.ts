/**
 * A payment method the person already saved with the merchant, as a widget may show it: the
 * display fields ChatGPT's saved-method checkout allows (brand, last four digits, a name) and
 * the id the commit sends back. Nothing here can carry card data: unknown keys (a number, a
 * CVC, an expiry, a provider's fingerprint) are stripped, and a display field holding what
 * looks like a card number is refused (docs/checkout.md, "Saved payment methods").
 */
import * as v from "valibot";
import { id, text, tolerant } from "./fields.ts";

/**
 * A run of nine or more digits once spaces, dots and dashes are taken out: more than a name
 * or a brand ever holds, and the start of any card number. Last four digits have their own
 * field.
 */
function holdsNoCardNumber(value: string): boolean {
  return !/\d{9,}/.test(value.replace(/[\s.-]/g, ""));
}

/**
 * One saved method's display fields. Unknown keys are stripped rather than refused: a server
 * (or its provider's SDK) that adds a field must not take the person's methods away, and a
 * stripped key never reaches the widget's render. `brand` and `label` holding a card number
 * make the method invalid (it is dropped), `last4` is exactly four digits.
 */
export const SavedPaymentMethodSchema: v.GenericSchema<SavedPaymentMethod> = v.object({
  /** The merchant's id of the method, sent back as the commit's payment method. */
  id: id(),
  /** The card brand or wallet as the person knows it ("Visa", "Mastercard"). */
  brand: v.pipe(text(40), v.minLength(1), v.check(holdsNoCardNumber)),
  /** The last four digits. */
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  /** The person's name for it ("Personal", "Work card"). */
  label: v.pipe(text(80), v.check(holdsNoCardNumber)),
  /** The method the merchant charges unless the person picks another (preselected). */
  default: v.optional(v.boolean()),
});

/** One saved payment method, display fields only, as the widget sees it after parsing. */
export interface SavedPaymentMethod {
  /** The merchant's id of the method, sent back as the commit's payment method. */
  readonly id: string;
  /** The card brand or wallet as the person knows it ("Visa", "Mastercard"). */
  readonly brand: string;
  /** The last four digits. */
  readonly last4: string;
  /** The person's name for it ("Personal", "Work card"). */
  readonly label: string;
  /** The method the merchant charges unless the person picks another (preselected). */
  readonly default?: boolean | undefined;
}

/**
 * A contract entry for the person's saved methods (at most `max`): optional, and dropped as a
 * whole — never its owner — when it is not a list of valid methods, so a draft stays
 * confirmable and the server charges its default.
 */
export function savedPaymentMethods(max = 10) {
  return tolerant(v.pipe(v.array(SavedPaymentMethodSchema), v.maxLength(max)));
}
