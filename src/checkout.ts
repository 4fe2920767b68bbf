/**
 * `mcp-widget-kit/checkout`: taking money, widget side — ChatGPT's payment sheet
 * (`requestCheckout`, `useSheetCheckout`), the saved payment methods a confirm dialog lists
 * (`usePaymentMethodChoice`) and their contract field (`savedPaymentMethods`). Apart from
 * `mcp-widget-kit` so that an app that takes no money imports and sees none of it; the server
 * half (the sheet's session and `complete_checkout`, the provider's webhook) is
 * `mcp-widget-kit/checkout/server`, apart again so a widget never loads server code. See
 * docs/checkout.md.
 */
export { type CheckoutOutcome, requestCheckout } from "./bridge/request-checkout.ts";
export { type SheetCheckout, useSheetCheckout } from "./hooks/use-sheet-checkout.ts";
export {
  type PaymentMethodWords,
  usePaymentMethodChoice,
  type PaymentMethodChoice,
} from "./components/payment-method-picker.tsx";
export { savedPaymentMethods, type SavedPaymentMethod } from "./contract/saved-payment-method.ts";
