/**
 * The GiftGenius widget: suggestions → Buy (`prepare_order`) → confirm → committing →
 * committed. It uses the kit the way any app would: ResultView for the states, the gift
 * cards as its render function, the kit's write flow (`useWriteFlow`) with ConfirmPurchase
 * for the purchase. What is left here is gift-specific: the cards, the receipt's checkout
 * link, and the words.
 */
import {
  MessagesProvider,
  Receipt,
  ResultView,
  WidgetRoot,
  useI18n,
  useOpenExternal,
  useSheetCheckout,
  useWriteFlow,
  type CommitOutcome,
  type ErrorWords,
} from "mcp-widget-kit";
import type { GiftGeniusView } from "../contract.ts";
import { isCheckoutPage } from "../checkout-page.ts";
import { AwaitingPayment } from "./awaiting-payment.tsx";
import { GiftList } from "./gift-list.tsx";
import { FLOW_STATE_KEY } from "./flow-state.ts";
import { messages } from "./messages.ts";
import { PURCHASE_FLOW, toPurchaseDraft, type DraftView, type OrderView } from "./purchase.ts";
import { SavedMethodPurchase } from "./saved-method-purchase.tsx";

/**
 * The person's class of each of GiftGenius' own error codes (the kit classes only its own):
 * ErrorState picks its sentence by it. The payment outage and timeout need none (retryable
 * and unclassed is an outage), nor GIFT_NOT_FOUND (its field error makes it validation: change
 * the gift id).
 */
const ERROR_CLASSES = {
  ITEM_UNAVAILABLE: "not_found",
  DRAFT_NOT_FOUND: "not_found",
  DRAFT_EXPIRED: "expired",
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

function OrderDone({ view, justCommitted = false }: { view: OrderView; justCommitted?: boolean }) {
  const { order, replayed } = view.data;
  const openExternal = useOpenExternal();
  const { m } = useI18n(messages);
  const checkout = order.checkout_url;
  // External checkout: the order's link is the merchant's page, where it is still to be paid.
  if (isCheckoutPage(checkout))
    return (
      <AwaitingPayment order={{ ...order, checkout_url: checkout }} justCommitted={justCommitted} />
    );
  return (
    <Receipt
      reference={order.order_id}
      total={order.total}
      replayed={replayed}
      focusOnMount={justCommitted}
    >
      {order.card ? <p>{m.paidWith(order.card.brand, order.card.last4)}</p> : null}
      {checkout ? (
        <div className="wk-row">
          <button type="button" className="wk-button" onClick={() => void openExternal(checkout)}>
            {m.view}
          </button>
        </div>
      ) : null}
    </Receipt>
  );
}

/** The whole GiftGenius widget, in its own words (the kit's components read them too). */
export function App(props: AppProps) {
  return (
    <MessagesProvider messages={messages}>
      <GiftGeniusFlow {...props} />
    </MessagesProvider>
  );
}
if (process.env.NODE_ENV !== "production") App.displayName = "App";

function GiftGeniusFlow(props: AppProps) {
  const { m } = useI18n(messages);
  const hasOutput = Object.hasOwn(props, "output");
  const flow = useWriteFlow({ ...PURCHASE_FLOW, output: props.output, hasOutput });
  const pendingGiftId = flow.pending?.gift_id ?? null;
  const buy = (gift: { id: string }) => flow.prepare({ gift_id: gift.id });
  // ChatGPT's payment sheet where the host offers it (the server registers its tools unless
  // GIFTGENIUS_PAYMENT_SHEET=off); the app's own commit everywhere else.
  const sheet = useSheetCheckout({
    sessionTool: "start_checkout",
    stateKey: FLOW_STATE_KEY,
    // After a payment, the order as order_status reads it is kept: a remount shows the receipt.
    statusTool: "order_status",
  });

  async function pay(
    draft: DraftView["data"]["draft"],
    key: string,
    paymentMethodId: string | undefined,
  ): Promise<CommitOutcome> {
    if (sheet.available) {
      const paid = await sheet.pay(draft.draft_id);
      // No session tool on this server: commit instead. The draft is single-use across both
      // ways, so a draft is never paid twice whichever answers.
      if (paid.ok) return { ...paid, total: draft.total };
      if (paid.error.code !== "HOST_CALL_FAILED") return paid;
    }
    return flow.commit({
      draft_id: draft.draft_id,
      idempotency_key: key,
      ...(paymentMethodId ? { payment_method_id: paymentMethodId } : {}),
    });
  }

  function renderDraft(draftView: DraftView) {
    const draft = draftView.data.draft;
    return (
      <SavedMethodPurchase
        key={draft.draft_id}
        draft={toPurchaseDraft(draft)}
        // The sheet takes its own payment method; the app's own commit charges a saved one.
        methods={sheet.available ? [] : (draftView.data.payment_methods ?? [])}
        onCommit={(key, paymentMethodId) => pay(draft, key, paymentMethodId)}
        onCommitted={flow.committed}
        onCancel={flow.cancel}
        onBack={flow.back}
        onRefresh={flow.refresh}
        onPrepareAgain={() => buy(draft.gift)}
        errorClasses={ERROR_CLASSES}
      />
    );
  }

  if (flow.cancelled) {
    return (
      <WidgetRoot state="empty">
        <AppTitle />
        <p className="wk-panel">{m.cancelled}</p>
      </WidgetRoot>
    );
  }

  return (
    <ResultView<GiftGeniusView>
      result={flow.view}
      header={<AppTitle />}
      renderResults={(results) => (
        <GiftList gifts={results.items} onBuy={buy} pendingGiftId={pendingGiftId} />
      )}
      renderRecord={(record) =>
        record.state === "confirm" ? (
          renderDraft(record)
        ) : (
          <OrderDone view={record} justCommitted={flow.justCommitted} />
        )
      }
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
      onCancel={flow.end}
      errorClasses={ERROR_CLASSES}
      emptySuggestions={[
        { label: m.suggestRaiseBudget, prompt: m.suggestRaiseBudgetPrompt },
        { label: m.suggestOtherInterests, prompt: m.suggestOtherInterestsPrompt },
      ]}
    />
  );
}
