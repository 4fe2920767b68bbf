/**
 * The widget: offers → Book (`prepare_booking`) → confirm → `book_flight` → the booking. The
 * kit's `WriteView` runs the write (one prepare at a time, the draft and booking kept across a
 * remount, one idempotency key per draft, cancel, the ways back, errors in place with a retry);
 * this file says what a flight looks like, which tools make the write, and which saved card
 * pays for it (the kit's picker in the dialog; its choice goes with the commit).
 */
import { WriteView, useI18n } from "mcp-widget-kit";
import { usePaymentMethodChoice } from "mcp-widget-kit/checkout";
import { flights, type FlightOffer, type FlightsView } from "../contract.ts";
import { messages } from "./messages.ts";
import { tools } from "./tools.ts";

/** A committed booking's receipt: its reference, what it cost, and whether it was a replay. */
const receipt = (view: FlightsView) =>
  view.state === "committed"
    ? {
        ok: true as const,
        reference: view.data.booking.booking_id,
        total: view.data.booking.total,
        replayed: view.data.replayed,
      }
    : null;

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

/** The whole widget, in its own words (`messages` hands them to the kit's components too). */
export function App() {
  const { m, money, dateTime } = useI18n(messages);
  const payment = usePaymentMethodChoice({ legend: m.payWith });
  return (
    <WriteView
      messages={messages}
      contract={flights}
      prepare={tools.prepare_booking}
      commit={tools.book_flight}
      tools={tools}
      receipt={receipt}
      header={<h1>{m.title}</h1>}
      renderResults={(view, write) => (
        <ul className="wk-list">
          {view.items.map((offer) => (
            <li key={offer.id} data-item-id={offer.id} className="wk-row">
              <span>
                <Route offer={offer} />, {money(offer.price)}
              </span>
              <button
                type="button"
                className="wk-button"
                data-action="prepare"
                disabled={write.pending?.offer_id === offer.id}
                onClick={() => write.prepare({ offer_id: offer.id, passengers: 1 })}
              >
                {m.book}
              </button>
            </li>
          ))}
        </ul>
      )}
      confirm={({ data: { draft, payment_methods } }) => ({
        draft: {
          id: draft.draft_id,
          title: `${draft.offer.from} → ${draft.offer.to}, ${draft.offer.carrier}`,
          lines: [
            { label: dateTime(draft.offer.departs_at), value: m.passengers(draft.passengers) },
          ],
          total: draft.total,
          expiresAt: draft.expires_at,
        },
        again: { offer_id: draft.offer.id, passengers: draft.passengers },
        body: payment.picker(draft.draft_id, payment_methods ?? []),
        commitArguments: () => ({ payment_method_id: payment.take() }),
      })}
      renderReceipt={({ data: { booking } }) => (
        <>
          <p>
            <Route offer={booking.offer} />, {m.passengers(booking.passengers)}
          </p>
          <p>{m.paidWith(booking.card.brand, booking.card.last4)}</p>
        </>
      )}
    />
  );
}
