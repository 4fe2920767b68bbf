/**
 * What arrives from the payment sheet, checked: the arguments ChatGPT sends `complete_checkout`
 * when the person pays. Untrusted — every string is bounded, unknown fields are dropped, and
 * nothing here is echoed back. The buyer's details and the billing address are optional and
 * nullable (the sheet may send `null` for any of them).
 */
import * as v from "valibot";

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const optionalText = (max: number) => v.nullish(text(max));

/** A postal address as the sheet sends it (`CheckoutAddress`). */
const addressSchema = v.object({
  name: optionalText(256),
  line_one: text(256),
  line_two: optionalText(256),
  city: text(128),
  state: optionalText(128),
  /** ISO 3166-1 alpha-2. */
  country: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, "a two-letter country code")),
  postal_code: optionalText(32),
  phone_number: optionalText(32),
});

/** The buyer as the sheet sends it (each field nullable). */
const buyerSchema = v.nullish(
  v.object({
    name: optionalText(256),
    email: optionalText(320),
    phone_number: optionalText(32),
  }),
);

/** What identifies a checkout session: the id the server minted (bounded, printable). */
const checkoutSessionIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(512),
  v.regex(/^[\w.:-]+$/, "a checkout session id this server issued"),
);

/** A single-use payment token (Stripe `spt_…`, a Braintree nonce, a vault id `vt_…`). */
const paymentTokenSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(2048));

/** `complete_checkout`'s arguments from the payment sheet (`CompleteCheckoutArguments`). */
export const completeCheckoutInputSchema = v.object({
  checkout_session_id: checkoutSessionIdSchema,
  buyer: buyerSchema,
  payment_data: v.object({
    token: paymentTokenSchema,
    provider: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
    billing_address: v.nullish(addressSchema),
  }),
});
