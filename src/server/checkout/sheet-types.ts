/**
 * The payment sheet's wire shapes: the checkout session a tool returns for
 * `window.openai.requestCheckout`, the arguments ChatGPT sends `complete_checkout`, and its
 * answers. The sheet speaks the older Agentic Commerce Protocol shapes (ACP up to 2026-01-16:
 * `payment_provider`, `payment_data{token, provider}`). Amounts are integers in the currency's
 * minor units. Types only: what arrives is checked by sheet-schemas.ts. See docs/checkout.md.
 */
import type { ToolErrorBody } from "../tool-failure.ts";

/** `"live"` charges real money; `"test"` lets the sheet take the provider's test cards. */
export type PaymentMode = "live" | "test";

/** Who takes the money: the payment service provider and the merchant's id there. */
export interface PaymentProviderInfo {
  /** The provider's slug as the sheet knows it (`stripe`, `braintree`, `adyen` …). */
  readonly provider: string;
  /** The merchant's id at the provider (Stripe: the profile's network id; test mode may differ). */
  readonly merchant_id: string;
  /**
   * The methods the sheet offers: objects in the newest form (`{ type: "card",
   * allowed_card_brands: ["visa"] }`, `{ type: "apple_pay" }`).
   */
  readonly supported_payment_methods: readonly {
    readonly type: string;
    readonly allowed_card_brands?: readonly string[];
  }[];
}

/** One line of the session: what is bought, in integer minor units. */
export interface CheckoutLineItem {
  /** The line's id, unique in the session (`line_1` …). */
  readonly id: string;
  /** The catalog item and how many of it. */
  readonly item: { readonly id: string; readonly quantity: number };
  /** The item's name, shown on the sheet. */
  readonly name?: string;
  /** A line of description, shown on the sheet. */
  readonly description?: string;
  /** `https:` image URLs. */
  readonly images?: readonly string[];
  /** Unit price × quantity, before discount and tax. */
  readonly base_amount: number;
  /** Taken off `base_amount`. */
  readonly discount: number;
  /** `base_amount - discount`. */
  readonly subtotal: number;
  /** Tax on the line. */
  readonly tax: number;
  /** `subtotal + tax`. */
  readonly total: number;
}

/** One total line (integer minor units); the one of `type: "total"` is what is charged. */
export interface CheckoutTotal {
  /** Which total. */
  readonly type:
    | "items_base_amount"
    | "items_discount"
    | "subtotal"
    | "discount"
    | "fulfillment"
    | "tax"
    | "fee"
    | "total";
  /** Its label on the sheet. */
  readonly display_text: string;
  /** Its amount. */
  readonly amount: number;
}

/** A legal or help link the sheet shows. */
export interface CheckoutLink {
  /** `terms_of_use`, `privacy_policy`, `return_policy`, `support_url`. */
  readonly type: string;
  /** An `https:` URL. */
  readonly url: string;
}

/**
 * The session a tool returns and the widget hands to `window.openai.requestCheckout`. ChatGPT
 * adds the host-owned fields itself (`merchant`, `logo_url`, `conversation_id` …): never sent.
 */
export interface CheckoutSession {
  /** Minted and signed by the server: one per draft and price, bound to its person. */
  readonly id: string;
  /** The provider and merchant the sheet pays. */
  readonly payment_provider: PaymentProviderInfo;
  /** Live or test money. */
  readonly payment_mode: PaymentMode;
  /** Always `ready_for_payment`: the sheet opens only for such a session. */
  readonly status: "ready_for_payment";
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** What is bought. */
  readonly line_items: readonly CheckoutLineItem[];
  /** The totals, the charged `total` last. */
  readonly totals: readonly CheckoutTotal[];
  /** Terms, privacy, returns, support. */
  readonly links: readonly CheckoutLink[];
}

/** A postal address as the sheet sends it (every field but the street, city and country may be null). */
export interface CheckoutAddress {
  /** The addressee. */
  readonly name?: string | null | undefined;
  /** Street and number. */
  readonly line_one: string;
  /** Flat, floor, building. */
  readonly line_two?: string | null | undefined;
  /** City. */
  readonly city: string;
  /** State or region. */
  readonly state?: string | null | undefined;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** Postal code. */
  readonly postal_code?: string | null | undefined;
  /** Phone number. */
  readonly phone_number?: string | null | undefined;
}

/** `complete_checkout`'s arguments once checked (the sheet's shape). */
export interface CompleteCheckoutArguments {
  /** The session the person paid. */
  readonly checkout_session_id: string;
  /** The buyer's contact, as the sheet knows it (each field may be null). */
  readonly buyer?:
    | {
        readonly name?: string | null | undefined;
        readonly email?: string | null | undefined;
        readonly phone_number?: string | null | undefined;
      }
    | null
    | undefined;
  /** The payment: a single-use, amount-capped token of `provider`. */
  readonly payment_data: {
    readonly token: string;
    readonly provider: string;
    readonly billing_address?: CheckoutAddress | null | undefined;
  };
}

/** `complete_checkout`'s `structuredContent` when the payment went through (or was replayed). */
export interface CompletedCheckout {
  /** The session's id. */
  readonly id: string;
  /** Paid. */
  readonly status: "completed";
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** What was charged (`type: "total"`). */
  readonly totals: readonly CheckoutTotal[];
  /** The order: the value `requestCheckout` resolves with. */
  readonly order: {
    /** Made from the payment's effect key: the same on every replay. */
    readonly id: string;
    /** The session's id. */
    readonly checkout_session_id: string;
    /** Where the person sees the order (`https:`). */
    readonly permalink_url: string;
  };
  /** No messages on success. */
  readonly messages: readonly [];
}

/**
 * `complete_checkout`'s `structuredContent` when the payment was refused in a way the sheet
 * shows (`payment_declined`, `requires_3ds`): the session stays `ready_for_payment` and the
 * person may pay again with another method; nothing was charged.
 */
export interface RefusedCheckout {
  /** The session's id. */
  readonly id: string;
  /** Still payable. */
  readonly status: "ready_for_payment";
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** The one error the sheet shows; `content` is fixed text, never the caller's. */
  readonly messages: readonly [
    {
      readonly type: "error";
      readonly code: "payment_declined" | "requires_3ds";
      readonly content_type: "plain";
      readonly content: string;
    },
  ];
}

/**
 * What `complete` answers; `PaymentSheet.result` makes it the tool result. A `failed` answer's
 * codes: `VALIDATION_FAILED` (arguments, or another provider's token),
 * `CHECKOUT_SESSION_INVALID` (not minted by this server for this caller),
 * `CHECKOUT_SESSION_EXPIRED`, `CHECKOUT_REFUNDED` (a payment in doubt was refunded),
 * `CHECKOUT_ATTEMPTS_EXHAUSTED`, and the retryable `IN_PROGRESS`, `UPSTREAM_UNAVAILABLE`,
 * `UPSTREAM_TIMEOUT` and `DATABASE_UNAVAILABLE` — each with the truth in `changes`.
 */
export type CompleteCheckoutAnswer =
  /** Paid: the order (`replayed`: this call was a repeat of the payment). */
  | {
      readonly kind: "completed";
      readonly structuredContent: CompletedCheckout;
      readonly replayed: boolean;
    }
  /** Refused in a way the sheet shows (declined, 3-D Secure): nothing charged. */
  | { readonly kind: "refused"; readonly structuredContent: RefusedCheckout }
  /** Any other failure: a kit ToolError for the widget, saying whether money moved. */
  | { readonly kind: "failed"; readonly error: ToolErrorBody };
