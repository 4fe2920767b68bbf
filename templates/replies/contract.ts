/**
 * The app's result contract: one list kind (open tickets) and two record kinds (a reply draft
 * to confirm, and the reply sent from it). Shared by the widget, the widget build config and
 * the server. No money anywhere: a write is not a purchase.
 */
import * as v from "valibot";
import {
  defineContract,
  id,
  isoDateTime,
  listKind,
  recordKind,
  text,
} from "mcp-widget-kit/contract";

/** One support ticket. */
export const TicketSchema = v.object({
  id: id(),
  subject: text(200),
  customer: text(120),
  opened_at: isoDateTime(),
});
/** One ticket, as the widget sees it after parsing. */
export type Ticket = v.InferOutput<typeof TicketSchema>;

/** A reply prepared for a ticket, not yet sent. */
export const ReplyDraftSchema = v.object({
  draft_id: id(),
  ticket: TicketSchema,
  body: text(4000),
  expires_at: isoDateTime(),
});

/** A reply sent from a confirmed draft. */
export const ReplySchema = v.object({
  reply_id: id(),
  draft_id: id(),
  ticket: TicketSchema,
  body: text(4000),
});

/** A reply, as the server sends it and the widget shows it. */
export type Reply = v.InferOutput<typeof ReplySchema>;

/** Every result kind of the app, contract v1. */
export const replies = defineContract({
  kinds: {
    ticket_list: listKind({ items: "tickets", item: TicketSchema, reason: "no_results_reason" }),
    reply_draft: recordKind({ state: "confirm", entries: { draft: ReplyDraftSchema } }),
    // `replayed`: the same idempotency key sent this before; nothing was sent twice.
    reply_sent: recordKind({
      state: "committed",
      entries: { reply: ReplySchema, replayed: v.boolean() },
    }),
  },
});

/** Whatever `replies.parse` returns: the state the widget shows. */
export type RepliesView = ReturnType<typeof replies.parse>;
