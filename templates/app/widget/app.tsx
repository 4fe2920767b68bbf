/** Shows the tool result: the offers, the empty and error states, or a booking draft. */
import { ResultView, useI18n } from "widget-kit";
import { flights, type FlightOffer } from "../contract.ts";
import { messages } from "./messages.ts";

function OfferRow({ offer }: { offer: FlightOffer }) {
  const { money, dateTime } = useI18n();
  return (
    <li data-item-id={offer.id}>
      <strong>
        {offer.from} → {offer.to}
      </strong>{" "}
      {offer.carrier}, {dateTime(offer.departs_at)}, {money(offer.price)}
    </li>
  );
}

export function App() {
  const { m, money } = useI18n(messages);
  return (
    <ResultView
      contract={flights}
      header={<h1>{m.title}</h1>}
      renderResults={(view) => (
        <ul>
          {view.items.map((offer) => (
            <OfferRow key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
      renderRecord={({ data: { draft } }) => (
        <p>
          {draft.offer.from} → {draft.offer.to}, {m.passengers(draft.passengers)},{" "}
          {money(draft.total)}
        </p>
      )}
    />
  );
}
