/**
 * The app's result contract: the person's contacts (a list), their balance (a record), a
 * transfer quote to confirm, and the transfer sent from it. Shared by the widget, the widget
 * build config and the server. The quote's entry is called `quote`: the kit issues the
 * person's proof whatever the draft entry is called.
 */
import * as v from "valibot";
import {
  defineContract,
  id,
  isoDateTime,
  listKind,
  MoneySchema,
  recordKind,
  text,
} from "mcp-widget-kit/contract";

/** One person money can be sent to. */
export const ContactSchema = v.object({ id: id(), name: text(120), handle: text(80) });
/** One contact, as the widget sees it after parsing. */
export type Contact = v.InferOutput<typeof ContactSchema>;

/** What a quote and its transfer both say: to whom, what arrives, the fee, what leaves. */
const Priced = {
  contact: ContactSchema,
  amount: MoneySchema,
  fee: MoneySchema,
  total: MoneySchema,
};

/** A transfer quoted for the person to confirm. */
export const QuoteSchema = v.object({ draft_id: id(), ...Priced, expires_at: isoDateTime() });

/** A transfer the provider took, with its reference. */
export const TransferSchema = v.object({ transfer_id: id(), reference: id(), ...Priced });
/** A transfer, as the server sends it and the widget shows it. */
export type Transfer = v.InferOutput<typeof TransferSchema>;

/** Every result kind of the app, contract v1. */
export const payments = defineContract({
  kinds: {
    contact_list: listKind({ items: "contacts", item: ContactSchema, reason: "no_results_reason" }),
    balance: recordKind({ state: "record", entries: { balance: MoneySchema } }),
    transfer_quote: recordKind({ state: "confirm", entries: { quote: QuoteSchema } }),
    // `replayed`: the same idempotency key sent this before; no money was sent twice.
    transfer_sent: recordKind({
      state: "committed",
      entries: { transfer: TransferSchema, replayed: v.boolean() },
    }),
  },
});

/** Whatever `payments.parse` returns: the state the widget shows. */
export type PaymentsView = ReturnType<typeof payments.parse>;
