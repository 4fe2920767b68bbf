/**
 * The app's one write, declared once: `quote_transfer` keeps a quote (amount, fee, expiry) in
 * the kit's draft store for the person to confirm — it moves no money — and `send_transfer`
 * sends it through the payments provider under the kit's effect key, its idempotency key
 * there. The kit runs the send once per quote and per idempotency key, only for the person
 * who quoted it and only with the proof the widget got with the quote (the model cannot send
 * by itself). The provider's answer decides what the person hears: a 503 moved nothing (a
 * retry sends), a refusal under this key is certain ("No money was sent", even after a
 * doubt), and a timeout leaves the send in doubt for a retry or the reconciler
 * (server/reconcile.ts), which finish it — or, after 15 minutes, cancel it — from the same
 * effect below.
 */
import * as v from "valibot";
import { defineWrite, type AppServerOptions } from "mcp-widget-kit/server";
import { payments } from "../contract.ts";
import { CONTACTS } from "./contacts.ts";
import type { PaymentsProvider } from "./provider.ts";

/** The scope a token must grant to quote and send (the development sign-in grants it on Allow). */
export const TRANSFER_SCOPE = "transfers:write";

/** How long a quote can be sent: its fee is the one quoted until then. */
const QUOTE_TTL_MS = 10 * 60_000;

const QuoteArgs = v.strictObject({
  // An unknown contact is refused with the field and a valid example, before any quote.
  contact_id: v.picklist(CONTACTS.map((contact) => contact.id)),
  amount_cents: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(100_000)),
});

/** What the kit keeps of a quote, and the reconciler gets back from the capture. */
const QuoteDraft = v.object({ ...QuoteArgs.entries, fee_cents: v.number() });

/** Cents as the contract's money. */
export const eur = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: "EUR" });

/** What a quote shows, and its transfer with it: to whom, the amount, the fee, the total. */
function priced(draft: v.InferOutput<typeof QuoteDraft>) {
  const { contact_id, amount_cents, fee_cents } = draft;
  const total = eur(amount_cents + fee_cents);
  const contact = CONTACTS.find((known) => known.id === contact_id)!; // QuoteArgs checked it
  return { contact, amount: eur(amount_cents), fee: eur(fee_cents), total };
}

/** Both tools and the reconciler's work, sending through `provider`. */
export function sendTransfer(options: AppServerOptions & { provider: PaymentsProvider }) {
  const { provider } = options;
  return defineWrite(payments, {
    ...options,
    scope: TRANSFER_SCOPE,
    drafts: { name: "transfer_quotes", ttlMs: QUOTE_TTL_MS, schema: QuoteDraft },
    prepare: {
      name: "quote_transfer",
      kind: "transfer_quote",
      title: "Quote a transfer",
      description: "Quote amount_cents (EUR) to contact_id with its fee. Sends nothing.",
      words: { invoking: "Quoting…", invoked: "Ready to confirm" },
      arguments: { schema: QuoteArgs, repair: () => ({ contact_id: "c-101", amount_cents: 2500 }) },
      async handler({ contact_id, amount_cents }, { put }) {
        // The fee: 1 %, at least 0.50 — fixed in the quote the person confirms.
        const fee_cents = Math.max(50, Math.round(amount_cents / 100));
        const draft = { contact_id, amount_cents, fee_cents };
        const quote = { ...priced(draft), ...(await put(draft)) };
        return { data: { quote }, text: `Quote ${quote.draft_id}: ${quote.total.amount} EUR.` };
      },
    },
    commit: {
      name: "send_transfer",
      kind: "transfer_sent",
      title: "Send a transfer",
      description:
        "Send a quote from quote_transfer once the person confirmed it. Reuse one " +
        "idempotency_key per transfer on every retry: it never sends twice.",
      words: { invoking: "Sending…", invoked: "Sent" },
      draftExample: "drf_from-quote-transfer",
      refusals: {
        INSUFFICIENT_FUNDS: "The balance is too low for this transfer: no money was sent.",
        RECIPIENT_BLOCKED: "The provider refuses transfers to this contact: no money was sent.",
        TRANSFER_CANCELLED: "This transfer was cancelled: no money was sent.",
        PROVIDER_UNAVAILABLE: "The payments provider is unavailable: no money was sent. Retry.",
      },
      async effect({ draft, effectKey, caller, fence, refuse, unknown }) {
        await fence(); // still this attempt's: nobody took the record over
        const cents = draft.amount_cents + draft.fee_cents;
        const answer = await provider.send(caller, effectKey, { ...draft, cents });
        // A refusal under the effect's own key is certain: it settles an earlier doubt.
        if (answer.status === "refused") return refuse(answer.code, { definite: true });
        // A 503: nothing moved and nothing is decided, so the retry of this key sends.
        if (answer.status === "unavailable")
          return refuse("PROVIDER_UNAVAILABLE", { final: false });
        // A timeout: the money may have moved; a retry or the reconciler finishes it.
        if (answer.status !== "sent") return unknown("The provider timed out: it may have sent.");
        const transfer_id = `tr_${effectKey.slice(0, 16)}`;
        return { done: { transfer_id, reference: answer.reference, ...priced(draft) } };
      },
      // The reconciler's undo of a send still in doubt after `compensateAfterMs`.
      async compensate({ effectKey, fence, refuse }) {
        await fence();
        await provider.cancel(effectKey);
        return refuse("TRANSFER_CANCELLED", { definite: true });
      },
      show: (transfer, replayed) => ({
        data: { transfer, replayed },
        text: `${replayed ? "Already sent" : "Sent"}: ${transfer.transfer_id}.`,
      }),
    },
  });
}
