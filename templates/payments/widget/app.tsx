/**
 * The widget: an amount → a contact's Send → `quote_transfer` → confirm (amount, fee, total) →
 * `send_transfer` → the receipt with the provider's reference. The kit's `WriteView` runs the
 * write (one quote at a time, the quote and the transfer kept across a remount, one
 * idempotency key per quote, cancel, the ways back, errors — a 503's retry with the same key,
 * a timeout's "may have been sent", sign-in — in place); this file says what a contact, a
 * quote and a transfer look like.
 */
import { useState } from "react";
import { WriteView, useI18n, type ErrorWords } from "mcp-widget-kit";
import { payments, type PaymentsView } from "../contract.ts";
import { messages } from "./messages.ts";
import { tools } from "./tools.ts";

/**
 * The person's class of the provider's refusals; `WriteView` classes the write's draft
 * refusals, and a retryable code nobody classed (`PROVIDER_UNAVAILABLE`) is an outage.
 */
const ERROR_CLASSES = {
  INSUFFICIENT_FUNDS: "declined",
  RECIPIENT_BLOCKED: "declined",
  TRANSFER_CANCELLED: "declined",
} as const satisfies ErrorWords["errorClasses"];

/** A sent transfer's receipt: the provider's reference, what left the account, a replay. */
const receipt = (view: PaymentsView) =>
  view.state === "committed" ? { ok: true as const, ...view.data, ...view.data.transfer } : null;

/** Whole cents of an amount typed in euros ("12.5" → 1250), or 0 when it is none. */
const centsOf = (typed: string) =>
  /^\d{1,4}([.,]\d{1,2})?$/.test(typed) ? Math.round(Number(typed.replace(",", ".")) * 100) : 0;

/**
 * The whole widget, in its own words: `useI18n(messages)` reads them here, and `messages`
 * hands them to the kit's components inside (the dialog's and the receipt's titles).
 */
export function App() {
  const { m, money } = useI18n(messages);
  // One amount for the list: typed once, sent to the contact whose Send is pressed.
  const [typed, setTyped] = useState("");
  const cents = centsOf(typed.trim());
  return (
    <WriteView
      messages={messages}
      contract={payments}
      prepare={tools.quote_transfer}
      commit={tools.send_transfer}
      tools={tools}
      receipt={receipt}
      header={<h1>{m.title}</h1>}
      errorClasses={ERROR_CLASSES}
      errorTexts={{ INSUFFICIENT_FUNDS: m.insufficientFunds, RECIPIENT_BLOCKED: m.blocked }}
      renderResults={(view, write) => (
        <>
          <input
            className="wk-input"
            inputMode="decimal"
            aria-label={m.amountEur}
            placeholder="0.00"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <ul className="wk-list">
            {view.items.map(({ id, name, handle }) => (
              <li key={id} data-item-id={id} className="wk-row">
                <span>
                  <strong>{name}</strong> <span className="wk-muted">{handle}</span>
                </span>
                <button
                  type="button"
                  className="wk-button"
                  data-action="prepare"
                  disabled={cents < 100 || write.pending?.contact_id === id}
                  onClick={() => write.prepare({ contact_id: id, amount_cents: cents })}
                >
                  {m.send}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      renderRecord={(view) =>
        view.state === "record" && <p className="wk-panel">{m.balance(money(view.data.balance))}</p>
      }
      confirm={({ data: { quote } }) => ({
        draft: {
          id: quote.draft_id,
          title: quote.contact.name,
          lines: [
            { label: m.amount, value: money(quote.amount) },
            { label: m.fee, value: money(quote.fee) },
          ],
          total: quote.total,
          expiresAt: quote.expires_at,
        },
        again: { contact_id: quote.contact.id, amount_cents: centsOf(quote.amount.amount) },
      })}
      renderReceipt={({ data: { transfer: t } }) => (
        <p>{m.sentTo(money(t.amount), t.contact.name)}</p>
      )}
    />
  );
}
