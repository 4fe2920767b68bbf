/** Checkout, server side: the ChatGPT payment sheet's session and `complete_checkout`. */
export type {
  CheckoutAddress,
  CheckoutLineItem,
  CheckoutLink,
  CheckoutSession,
  CheckoutTotal,
  CompleteCheckoutArguments,
  PaymentMode,
  PaymentProviderInfo,
} from "./sheet-types.ts";
export { fromAcpComplete } from "./acp.ts";
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
