/**
 * A payment sheet's kit side for tests that drive `session` and `complete` directly, without
 * a tool server: the session tool's declaration is filled in (its draft hook never runs).
 */
import {
  createPaymentSheet,
  kitPaymentSheet,
  type KitPaymentSheet,
  type PaymentSheetOptions,
} from "../../src/server/checkout/payment-sheet.ts";

/** `createPaymentSheet(options)`'s kit side; `sessionTool` defaults to one never called. */
export function testSheet(
  options: Omit<PaymentSheetOptions, "sessionTool"> &
    Partial<Pick<PaymentSheetOptions, "sessionTool">>,
): KitPaymentSheet {
  return kitPaymentSheet(
    createPaymentSheet({
      sessionTool: {
        name: "start_checkout",
        prepare: "prepare_order",
        draft: () => Promise.reject(new Error("not called in this test")),
      },
      ...options,
    }),
  );
}
