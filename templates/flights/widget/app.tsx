/**
 * The widget: offers → Book (`prepare_booking`) → confirm → `book_flight` → the booking. The
 * kit runs the flow (`useWriteFlow`: one prepare at a time, the draft and booking kept in
 * widget state across a remount, cancel back to the list, errors in place with a retry) and
 * the confirmation (`ConfirmPurchase`: one idempotency key per draft); this file says what a
 * flight looks like and which tools the flow calls.
 */
import {
  ConfirmPurchase,
  MessagesProvider,
  Receipt,
  ResultView,
  WidgetRoot,
  useI18n,
  useWriteFlow,
  type ErrorWords,
  type WriteFlowOptions,
} from "mcp-widget-kit";
import { flights, type FlightOffer, type FlightsView } from "../contract.ts";
import { messages } from "./messages.ts";
import { tools } from "./tools.ts";

/**
 * The person's class of each of this app's own error codes (the kit classes only its own);
 * the sentence they see follows it. `DRAFT_IN_USE` needs none: retryable and unclassed is a
 * wait-and-retry.
 */
const ERROR_CLASSES = {
  DRAFT_NOT_FOUND: "not_found",
  DRAFT_EXPIRED: "expired",
  DRAFT_ALREADY_BOOKED: "conflict",
} as const satisfies ErrorWords["errorClasses"];

/** The tools and kinds of the booking flow. */
const BOOKING_FLOW = {
  contract: flights,
  prepare: tools.prepare_booking,
  commit: tools.book_flight,
  tools,
  receipt: (view) =>
    view.state === "committed"
      ? {
          ok: true,
          reference: view.data.booking.booking_id,
          total: view.data.booking.total,
          replayed: view.data.replayed,
        }
      : null,
} satisfies WriteFlowOptions<FlightsView>;

function Route({ offer }: { offer: FlightOffer }) {
  const { dateTime } = useI18n();
  return (
    <>
      <strong>
        {offer.from} → {offer.to}
      </strong>{" "}
      {offer.carrier}, {dateTime(offer.departs_at)}
    </>
  );
}

function OfferRow(props: { offer: FlightOffer; busy: boolean; onBook: () => void }) {
  const { m, money } = useI18n(messages);
  return (
    <li data-item-id={props.offer.id} className="wk-row">
      <span>
        <Route offer={props.offer} />, {money(props.offer.price)}
      </span>
      <button
        type="button"
        className="wk-button"
        data-action="prepare"
        disabled={props.busy}
        onClick={props.onBook}
      >
        {m.book}
      </button>
    </li>
  );
}

/** The whole widget, in its own words (the kit's components read them too). */
export function App() {
  return (
    <MessagesProvider messages={messages}>
      <Flights />
    </MessagesProvider>
  );
}

function Flights() {
  const { m, dateTime } = useI18n(messages);
  const flow = useWriteFlow(BOOKING_FLOW);
  const title = <h1>{m.title}</h1>;
  const book = (offer: FlightOffer, passengers = 1) =>
    flow.prepare({ offer_id: offer.id, passengers });

  if (flow.cancelled)
    return (
      <WidgetRoot state="empty">
        {title}
        <p className="wk-panel">{m.cancelled}</p>
      </WidgetRoot>
    );

  return (
    <ResultView<FlightsView>
      result={flow.view}
      header={title}
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
      onCancel={flow.end}
      errorClasses={ERROR_CLASSES}
      renderResults={(view) => (
        <ul className="wk-list">
          {view.items.map((offer) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              busy={flow.pending?.offer_id === offer.id}
              onBook={() => void book(offer)}
            />
          ))}
        </ul>
      )}
      renderRecord={(record) => {
        if (record.state === "committed") {
          const { booking, replayed } = record.data;
          return (
            <Receipt
              reference={booking.booking_id}
              total={booking.total}
              replayed={replayed}
              focusOnMount={flow.justCommitted}
            >
              <p>
                <Route offer={booking.offer} />, {m.passengers(booking.passengers)}
              </p>
            </Receipt>
          );
        }
        const { draft } = record.data;
        return (
          <ConfirmPurchase
            key={draft.draft_id}
            draft={{
              id: draft.draft_id,
              title: `${draft.offer.from} → ${draft.offer.to}, ${draft.offer.carrier}`,
              lines: [{ item: dateTime(draft.offer.departs_at), quantity: draft.passengers }],
              total: draft.total,
              expiresAt: draft.expires_at,
            }}
            onCommit={(key) => flow.commit({ draft_id: draft.draft_id, idempotency_key: key })}
            onCommitted={flow.committed}
            onCancel={flow.cancel}
            onBack={flow.back}
            onRefresh={flow.refresh}
            onPrepareAgain={() => book(draft.offer, draft.passengers)}
            errorClasses={ERROR_CLASSES}
          />
        );
      }}
    />
  );
}
