/**
 * The app's one write, declared once: `draft_reply` keeps a reply in the kit's draft store
 * for the person to confirm (it sends nothing) and `send_reply` sends it. The kit runs the
 * send once per draft and per idempotency key — a retry or another key gets the first reply
 * replayed — only for the signed-in person who drafted it, and only with the proof the widget
 * got with the draft (the model cannot send by itself). One reply is one thing whatever the
 * draft: two drafts of the same text to one ticket, both confirmed, send it once, and the
 * second answers `REPLY_ALREADY_SENT` with the reply that went out.
 */
import * as v from "valibot";
import {
  defineWrite,
  rateLimitFailure,
  ToolFailure,
  type AppServerOptions,
  type RateLimiter,
} from "mcp-widget-kit/server";
import { replies, type Reply } from "../contract.ts";
import { TICKETS } from "./tickets.ts";

/** The scope a token must grant to draft and send (the development sign-in grants it on Allow). */
export const REPLY_SCOPE = "replies:write";

/** How long a drafted reply can be sent. */
const DRAFT_TTL_MS = 30 * 60_000;

const DraftArgs = v.strictObject({
  ticket_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  body: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(4000)),
});

/** Both tools; `onSent` hears of each reply sent (never of a replay). */
export function sendReply(
  options: AppServerOptions & { limiter: RateLimiter; onSent?: (reply: Reply) => void },
) {
  return defineWrite(replies, {
    ...options,
    scope: REPLY_SCOPE,
    drafts: {
      name: "replies_drafts",
      ttlMs: DRAFT_TTL_MS,
      // What a reply is, whatever its draft: the ticket and the text (an app made from this
      // template names its own thing: `event:<id>` for a cancel).
      schema: v.object({ ticket_id: v.string(), body: v.string() }),
      thing: {
        of: (draft) => `reply:${draft.ticket_id}:${draft.body}`,
        code: "REPLY_ALREADY_SENT",
        message: "The same reply was already sent to this ticket; nothing was sent again.",
      },
    },
    prepare: {
      name: "draft_reply",
      kind: "reply_draft",
      title: "Draft a reply",
      description:
        "Draft a reply to one ticket for the person to confirm. Sends nothing. " +
        "A changed text is a new draft: call it again with the new body.",
      words: { invoking: "Drafting…", invoked: "Ready to send" },
      arguments: {
        schema: DraftArgs,
        repair: () => ({ ticket_id: "t-4127", body: "Thanks for the report." }),
      },
      async handler({ ticket_id, body }, { context, put }) {
        const ticket = TICKETS.find((t) => t.id === ticket_id);
        if (!ticket) {
          throw new ToolFailure({
            code: "NOT_FOUND",
            message: "ticket_id names no open ticket: list the tickets and use an id from them.",
            retryable: false,
          });
        }
        const decision = await options.limiter.take(context.caller);
        if (!decision.ok) throw rateLimitFailure(decision);
        const { draft_id, expires_at } = await put({ ticket_id, body });
        const draft = { draft_id, ticket, body, expires_at };
        return { data: { draft }, text: `Reply draft ${draft_id} is ready to confirm.` };
      },
    },
    commit: {
      name: "send_reply",
      kind: "reply_sent",
      title: "Send a reply",
      description:
        "Send a draft from draft_reply. The app calls it when the person confirms the draft. " +
        "Send one idempotency_key per reply and reuse it on every retry: it never sends twice.",
      words: { invoking: "Sending…", invoked: "Sent" },
      draftExample: "drf_from-draft-reply",
      refusals: { TICKET_CLOSED: "This ticket is closed: nothing was sent." },
      // The app's own checks ("still open?") go here, after the kit took the draft, so two
      // drafts of one reply cannot both pass them; a refusal gives the draft back.
      async effect({ draft, draftId, effectKey, refuse }) {
        const ticket = TICKETS.find((t) => t.id === draft.ticket_id);
        if (!ticket) return refuse("TICKET_CLOSED");
        // The id comes from the kit's effect key: the same on every retry of this send.
        const reply: Reply = {
          reply_id: `rp_${effectKey.slice(0, 16)}`,
          draft_id: draftId,
          ticket,
          body: draft.body,
        };
        options.onSent?.(reply);
        return { done: reply };
      },
      show: (reply, replayed) => ({
        data: { reply, replayed },
        text: replayed
          ? `Reply ${reply.reply_id} was already sent with this key; nothing was sent twice.`
          : `Sent: ${reply.reply_id}.`,
      }),
    },
  });
}
