/**
 * An order the person pays on the merchant's checkout page (external checkout): right after
 * the confirmation the widget hands the person over with the host's open-link, and shows that
 * the order waits for its payment. Nothing pushes the payment into the chat, so the widget
 * asks `order_status` when the person comes back — when it is shown again (mounted anew, the
 * page visible or focused again) and on the "I've paid — check" button — and shows what the
 * server says: the paid order's receipt, still unpaid, or expired. The paid answer is kept
 * where the flow keeps its result, so a remount shows the receipt. docs/checkout.md.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Receipt, useCallTool, useI18n, useOpenExternal, useWidgetState } from "mcp-widget-kit";
import { FLOW_STATE_KEY } from "./flow-state.ts";
import { messages } from "./messages.ts";
import { keptOrder, placedOrder, type OrderView } from "./purchase.ts";
import { tools } from "./tools.ts";

type Order = OrderView["data"]["order"];

/** What the last read said, when it was not the paid order. */
type Unpaid = "awaiting" | "expired" | null;

/** The order awaiting its payment at `order.checkout_url`, until the server says it is paid. */
export function AwaitingPayment({
  order,
  justCommitted,
}: {
  order: Order & { checkout_url: string };
  justCommitted: boolean;
}) {
  const { m } = useI18n(messages);
  const openExternal = useOpenExternal();
  const status = useCallTool(tools.order_status);
  const [, keepResult] = useWidgetState<unknown>(null, { key: FLOW_STATE_KEY });
  const [paid, setPaid] = useState<Order | null>(null);
  const [unpaid, setUnpaid] = useState<Unpaid>(null);

  const check = useCallback(async () => {
    const read = await status.call({ draft_id: order.draft_id });
    // The host failed, or the state cannot be known now: the next return or click asks again.
    if (!read.ok || read.view.state !== "record") return;
    const placed = placedOrder(read.view);
    if (placed) {
      setPaid(placed);
      keepResult(keptOrder(placed));
    } else setUnpaid(read.view.data.status === "awaiting_payment" ? "awaiting" : "expired");
  }, [status, order.draft_id, keepResult]);
  // The listeners below are added once; they call the latest `check`.
  const latestCheck = useRef(check);
  useEffect(() => {
    latestCheck.current = check;
  });

  useEffect(() => {
    // The hand-off, right after the person's confirmation; a restored widget does not reopen it.
    if (justCommitted) void openExternal(order.checkout_url);
    else void latestCheck.current();
    const comeBack = () => {
      if (document.visibilityState === "visible") void latestCheck.current();
    };
    document.addEventListener("visibilitychange", comeBack);
    window.addEventListener("focus", comeBack);
    return () => {
      document.removeEventListener("visibilitychange", comeBack);
      window.removeEventListener("focus", comeBack);
    };
    // Once per order shown: a new render must neither reopen the page nor read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order.order_id]);

  if (paid) return <Receipt reference={paid.order_id} total={paid.total} replayed={false} />;
  return (
    <section className="wk-panel" data-payment={unpaid ?? "awaiting"} aria-live="polite">
      <h2>{m.awaitingTitle}</h2>
      <p>{unpaid === "expired" ? m.checkoutExpired : m.awaitingText}</p>
      {unpaid === "awaiting" ? <p>{m.notPaidYet}</p> : null}
      {unpaid === "expired" ? null : (
        <div className="wk-row">
          <button
            type="button"
            className="wk-button"
            data-action="pay-on-checkout"
            onClick={() => void openExternal(order.checkout_url)}
          >
            {m.payOnCheckout}
          </button>
          <button
            type="button"
            className="wk-button"
            data-action="check-payment"
            disabled={status.status === "pending"}
            onClick={() => void check()}
          >
            {m.checkPaid}
          </button>
        </div>
      )}
    </section>
  );
}
