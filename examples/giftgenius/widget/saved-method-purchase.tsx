/**
 * GiftGenius' confirm dialog with the person's saved payment methods: the kit's
 * ConfirmPurchase with its method picker in the body, and the chosen method's id handed to the
 * commit. The methods come with the draft (`prepare_order`'s `payment_methods`, display fields
 * only); none (another host's payment, or a draft without them) is the dialog without a picker,
 * and the server charges the person's default.
 */
import {
  ConfirmPurchase,
  useI18n,
  usePaymentMethodChoice,
  type CommitOutcome,
  type ConfirmPurchaseProps,
} from "mcp-widget-kit";
import type { SavedPaymentMethod } from "mcp-widget-kit/contract";
import { messages } from "./messages.ts";

/** Props of `SavedMethodPurchase`: ConfirmPurchase's, with the methods and a commit that takes one. */
export interface SavedMethodPurchaseProps extends Omit<
  ConfirmPurchaseProps,
  "onCommit" | "children"
> {
  /** The person's saved methods to offer (empty: no picker). */
  readonly methods: readonly SavedPaymentMethod[];
  /** Sends the commit with this key and the chosen method (undefined: the default). */
  readonly onCommit: (
    idempotencyKey: string,
    paymentMethodId: string | undefined,
  ) => Promise<CommitOutcome>;
}

/** ConfirmPurchase offering the saved methods of its draft. */
export function SavedMethodPurchase({ methods, onCommit, ...props }: SavedMethodPurchaseProps) {
  const { m } = useI18n(messages);
  const payment = usePaymentMethodChoice({ legend: m.payWith });
  return (
    <ConfirmPurchase {...props} onCommit={(key) => onCommit(key, payment.take())}>
      {payment.picker(props.draft.id, methods)}
    </ConfirmPurchase>
  );
}
