/**
 * The GiftGenius widget: suggestions → Buy (`prepare_order`) → confirm → committing →
 * committed. It uses the kit the way any app would: WriteView draws the whole write (the
 * list, the confirm dialog with the person's saved cards, ChatGPT's payment sheet where the
 * host has one, the receipt). What is left here is gift-specific: the cards, the receipt's
 * checkout link, an order still to be paid on the merchant's page, and the words.
 */
import {
  useCallTool,
  useI18n,
  useOpenExternal,
  useWidgetState,
  WriteView,
  type ErrorWords,
} from "mcp-widget-kit";
import {
  usePaymentMethodChoice,
  useSheetCheckout,
  type SheetCheckout,
} from "mcp-widget-kit/checkout";
import { isCheckoutPage } from "../checkout-page.ts";
import { AwaitingPayment } from "./awaiting-payment.tsx";
import { GiftList } from "./gift-list.tsx";
import { FLOW_STATE_KEY } from "./flow-state.ts";
import { messages } from "./messages.ts";
import { keptOrder, placedOrder, PURCHASE_FLOW, type OrderView } from "./purchase.ts";
import { tools } from "./tools.ts";

/**
 * The person's class of each of GiftGenius' own error codes (the kit classes its own, and
 * WriteView a write's draft refusals): ErrorState picks its sentence by it. The payment outage
 * and timeout need none (retryable and unclassed is an outage), nor GIFT_NOT_FOUND (its field
 * error makes it validation: change the gift id).
 */
const ERROR_CLASSES = {
  ITEM_UNAVAILABLE: "not_found",
  DAILY_LIMIT_REACHED: "limit_reached",
  PAYMENT_DECLINED: "declined",
} as const satisfies ErrorWords["errorClasses"];

/** Props of `App`. */
export interface AppProps {
  /**
   * A tool output to show instead of the host's (tests, stories). When the prop is present —
   * even as `null` — the output counts as delivered; without it, a host `toolOutput` of null
   * means `loading`.
   */
  readonly output?: unknown;
}

function AppTitle() {
  return <h1>GiftGenius</h1>;
}

/** What the receipt says under the order's reference: the card charged, the order's page. */
function OrderLines({ order }: { order: OrderView["data"]["order"] }) {
  const openExternal = useOpenExternal();
  const { m } = useI18n(messages);
  const checkout = order.checkout_url;
  return (
    <>
      {order.card ? <p>{m.paidWith(order.card.brand, order.card.last4)}</p> : null}
      {checkout ? (
        <div className="wk-row">
          <button type="button" className="wk-button" onClick={() => void openExternal(checkout)}>
            {m.view}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * The payment sheet, whose paid order is kept as the flow keeps a commit's result, so a
 * remount shows the receipt: read from `order_status` (the server's record, not the sheet's
 * word), kept as the commit's kind (`keptOrder`).
 */
function useKeptSheet(): SheetCheckout {
  const sheet = useSheetCheckout({ sessionTool: "start_checkout", stateKey: FLOW_STATE_KEY });
  const status = useCallTool(tools.order_status);
  const [, keep] = useWidgetState<unknown>(null, { key: FLOW_STATE_KEY });
  return {
    get available() {
      return sheet.available;
    },
    async pay(draftId) {
      const paid = await sheet.pay(draftId);
      if (paid.ok) {
        const read = await status.call({ draft_id: draftId });
        const order = read.ok ? placedOrder(read.view) : null;
        if (order) keep(keptOrder(order));
      }
      return paid;
    },
  };
}

/** The whole GiftGenius widget, in its own words (the kit's components read them too). */
export function App(props: AppProps) {
  const { m } = useI18n(messages);
  // ChatGPT's payment sheet where the host offers it (the server registers its tools unless
  // GIFTGENIUS_PAYMENT_SHEET=off); WriteView commits the app's own way everywhere else.
  const sheet = useKeptSheet();
  const payment = usePaymentMethodChoice({ legend: m.payWith });
  return (
    <WriteView
      {...PURCHASE_FLOW}
      output={props.output}
      hasOutput={Object.hasOwn(props, "output")}
      messages={messages}
      sheet={sheet}
      header={<AppTitle />}
      errorClasses={ERROR_CLASSES}
      emptySuggestions={[
        { label: m.suggestRaiseBudget, prompt: m.suggestRaiseBudgetPrompt },
        { label: m.suggestOtherInterests, prompt: m.suggestOtherInterestsPrompt },
      ]}
      renderResults={(view, write) => (
        <GiftList
          gifts={view.items}
          onBuy={(gift) => write.prepare({ gift_id: gift.id })}
          pendingGiftId={write.pending?.gift_id ?? null}
        />
      )}
      confirm={({ data: { draft, payment_methods } }) => ({
        draft: {
          id: draft.draft_id,
          title: draft.gift.title,
          lines: [{ label: draft.gift.title, value: m.quantity(draft.quantity) }],
          total: draft.total,
          expiresAt: draft.expires_at,
        },
        // The sheet takes its own payment method; the app's own commit charges a saved one.
        body: payment.picker(draft.draft_id, sheet.available ? [] : (payment_methods ?? [])),
        again: { gift_id: draft.gift.id },
        commitArguments: () => ({ payment_method_id: payment.take() }),
      })}
      renderReceipt={({ data: { order } }) => <OrderLines order={order} />}
      // External checkout: the order's link is the merchant's page, where it is still to be paid.
      renderCommitted={({ data: { order } }, justCommitted) => {
        const checkout = order.checkout_url;
        return isCheckoutPage(checkout) ? (
          <AwaitingPayment
            order={{ ...order, checkout_url: checkout }}
            justCommitted={justCommitted}
          />
        ) : undefined;
      }}
    />
  );
}
if (process.env.NODE_ENV !== "production") App.displayName = "App";
