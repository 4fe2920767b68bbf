/** Shows the tool result: the offers, the empty and error states, or a booking draft. */
import { ResultView, useI18n } from "widget-kit";
import { flights, type FlightOffer } from "../contract.ts";

function OfferRow({ offer }: { offer: FlightOffer }) {
  const { money } = useI18n();
  return (
    <li data-item-id={offer.id}>
      <strong>
        {offer.from} → {offer.to}
      </strong>{" "}
      {offer.carrier}, {money(offer.price)}
    </li>
  );
}

export function App() {
  return (
    <ResultView
      contract={flights}
      header={<h1>Flights</h1>}
      renderResults={(view) => (
        <ul>
          {view.items.map((offer) => (
            <OfferRow key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
      renderRecord={(view) => (
        <p>
          {view.data.draft.passengers} × {view.data.draft.offer.from} → {view.data.draft.offer.to}
        </p>
      )}
    />
  );
}
