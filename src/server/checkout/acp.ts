/**
 * The Agentic Commerce Protocol 2026-04-17 shape of a completion — the current one, beside the
 * older shape the payment sheet speaks — and the adapter from it to the sheet's arguments, so
 * one `complete` serves both. ACP 2026-04-17 carries the token at
 * `payment_data.instrument.credential.token` and names a payment handler (`handler_id`) where
 * the sheet names the provider; the session id comes from the path
 * (`POST /checkout_sessions/{id}/complete`) or the MCP binding's `id`.
 */
import * as v from "valibot";
import {
  addressSchema,
  checkoutSessionIdSchema,
  completeCheckoutInputSchema,
  paymentTokenSchema,
} from "./sheet-schemas.ts";
import type { CompleteCheckoutArguments } from "./sheet-types.ts";

/** The body of an ACP 2026-04-17 `complete` request (what arrives; unknown fields dropped). */
const acpCompleteRequestSchema = v.object({
  buyer: v.nullish(
    v.object({
      first_name: v.nullish(v.pipe(v.string(), v.maxLength(128))),
      last_name: v.nullish(v.pipe(v.string(), v.maxLength(128))),
      email: v.nullish(v.pipe(v.string(), v.maxLength(320))),
      phone_number: v.nullish(v.pipe(v.string(), v.maxLength(32))),
    }),
  ),
  payment_data: v.object({
    handler_id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    instrument: v.object({
      type: v.pipe(v.string(), v.maxLength(64)),
      credential: v.object({
        type: v.pipe(v.string(), v.maxLength(64)),
        token: paymentTokenSchema,
      }),
    }),
    billing_address: v.nullish(addressSchema),
  }),
});

/**
 * An ACP 2026-04-17 completion as the payment sheet's `complete_checkout` arguments: the
 * credential's token, the provider its handler stands for (`providerOf(handler_id)`, the app's
 * table of handlers; `undefined` refuses the request), the buyer's name joined. Returns the
 * arguments, or `undefined` when the body or the session id is not valid or the handler is
 * unknown. Never throws.
 */
export function fromAcpComplete(
  sessionId: unknown,
  body: unknown,
  providerOf: (handlerId: string) => string | undefined,
): CompleteCheckoutArguments | undefined {
  const id = v.safeParse(checkoutSessionIdSchema, sessionId);
  const parsed = v.safeParse(acpCompleteRequestSchema, body);
  if (!id.success || !parsed.success) return undefined;
  const { buyer, payment_data: payment } = parsed.output;
  const provider = providerOf(payment.handler_id);
  if (provider === undefined) return undefined;
  const name = [buyer?.first_name, buyer?.last_name].filter(Boolean).join(" ");
  // Through the sheet's own schema: the provider the app's table names is bounded too.
  const sheet = v.safeParse(completeCheckoutInputSchema, {
    checkout_session_id: id.output,
    buyer: {
      name: name || null,
      email: buyer?.email ?? null,
      phone_number: buyer?.phone_number ?? null,
    },
    payment_data: {
      token: payment.instrument.credential.token,
      provider,
      billing_address: payment.billing_address ?? null,
    },
  });
  return sheet.success ? sheet.output : undefined;
}
