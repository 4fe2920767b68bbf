/**
 * `send_reply`: the app's one write. It sends a draft from `draft_reply` once the person
 * confirmed it, under the caller's idempotency key: the same key and draft give back the same
 * reply (nothing sent twice), the same key with another draft is refused.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import {
  defineTool,
  idempotentResult,
  runIdempotent,
  ToolFailure,
  widgetToolMeta,
  type DraftStore,
  type IdempotencyStore,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { replies, type Reply } from "../contract.ts";
import { TICKETS } from "./tickets.ts";

/** What the draft store keeps of a draft: what to send, and where. */
export interface StoredDraft {
  readonly ticket_id: string;
  readonly body: string;
}

const KEY = /^[\w.:-]{8,128}$/;
const SendArgs = v.strictObject({
  draft_id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  idempotency_key: v.pipe(v.string(), v.regex(KEY, "8-128 of A-Z a-z 0-9 _ . : -, e.g. a UUID")),
});

const REFUSALS = {
  DRAFT_NOT_FOUND: "draft_id names no draft of yours: draft the reply again.",
  DRAFT_EXPIRED: "This draft has expired: draft the reply again.",
};

/** The scope a token must grant to draft and send (the development sign-in grants it on Allow). */
export const REPLY_SCOPE = "replies:write";

/** The write tool; `onSent` hears of each reply sent (never of a replay). */
export function sendReply(deps: {
  widget: WidgetUris;
  store: IdempotencyStore;
  drafts: DraftStore<StoredDraft>;
  now: () => number;
  onSent: (reply: Reply) => void;
}) {
  return defineTool(replies, "reply_sent", {
    name: "send_reply",
    description:
      "Send a draft from draft_reply. The app calls it when the person confirms the draft. " +
      "Send one idempotency_key per reply and reuse it on every retry: it never sends twice.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    meta: widgetToolMeta(deps.widget, { invoking: "Sending…", invoked: "Sent" }),
    // A write: the kit runs it only for a verified caller, whose scope keys the records.
    writes: true,
    // The person confirms in the widget: hidden from the model, run only with the proof
    // draft_reply's result gave the widget (the kit checks it before this handler).
    confirm: { prepare: "draft_reply" },
    auth: { scopes: [REPLY_SCOPE] },
    arguments: {
      schema: SendArgs,
      repair: (args) => ({
        draft_id: v.is(SendArgs.entries.draft_id, args.draft_id)
          ? args.draft_id
          : "drf_from-draft-reply",
        idempotency_key: v.is(SendArgs.entries.idempotency_key, args.idempotency_key)
          ? args.idempotency_key
          : randomUUID(),
      }),
    },
    async handler({ draft_id, idempotency_key }, context) {
      const outcome = await runIdempotent<Reply>({
        store: deps.store,
        scope: context.caller,
        key: idempotency_key,
        args: { draft_id },
        now: deps.now,
        async execute({ effectKey }) {
          // Only the caller's own drafts are found: another person's id is "missing".
          const found = await deps.drafts.get(context.caller, draft_id);
          const ticket =
            found.state === "found" ? TICKETS.find((t) => t.id === found.draft.ticket_id) : null;
          if (found.state !== "found" || !ticket) {
            const code = found.state === "expired" ? "DRAFT_EXPIRED" : "DRAFT_NOT_FOUND";
            // Thrown, not stored: nothing was sent, and a retry with this draft runs again.
            throw new ToolFailure({
              code,
              message: REFUSALS[code],
              retryable: false,
              changes: "none",
            });
          }
          const reply: Reply = {
            // The kit's effect key, not the caller's key: the same for every retry of this
            // reply, a new one if the key comes back after its record expired.
            reply_id: `rp_${effectKey.slice(0, 16)}`,
            draft_id,
            ticket,
            body: found.draft.body,
          };
          deps.onSent(reply);
          return { final: true, value: reply };
        },
      });
      return idempotentResult(outcome, (reply, replayed) => ({
        ok: true as const,
        data: { reply, replayed },
        text: replayed
          ? `Reply ${reply.reply_id} was already sent with this key; nothing was sent twice.`
          : `Sent: ${reply.reply_id}.`,
      }));
    },
  });
}
