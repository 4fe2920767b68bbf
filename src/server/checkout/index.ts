/**
 * `mcp-widget-kit/checkout/server`: taking money, server side — ChatGPT's payment sheet
 * (`createPaymentSheet`: the session built from a draft, `complete_checkout` charging once per
 * session) with its Agentic Commerce Protocol wire types, and the provider's signed webhook
 * that fulfils an external checkout (`webhookRoute`). Node only, like `mcp-widget-kit/server`;
 * its own entry so an app that takes no money sees none of it, and apart from the widget half
 * (`mcp-widget-kit/checkout`) so a widget bundle never reaches server code. See docs/checkout.md.
 */
export type {
  CheckoutAddress,
  CheckoutLineItem,
  CheckoutLink,
  CheckoutTotal,
  CompleteCheckoutArguments,
  PaymentMode,
  PaymentProviderInfo,
} from "./sheet-types.ts";
export type { CheckoutDraft, CheckoutDraftLine } from "./build-session.ts";
export type {
  SheetChargeOutcome,
  SheetChargeRequest,
  SheetOrder,
  SheetOrders,
  SheetPaymentProvider,
  SheetRefundRequest,
} from "./sheet-payment.ts";
export {
  createPaymentSheet,
  type PaymentSheet,
  type PaymentSheetOptions,
} from "./payment-sheet.ts";
export type { SheetPaymentStatus } from "./sheet-status.ts";
export { signWebhook, webhookRoute, type WebhookOptions } from "./webhook.ts";
