/**
 * `send_reply`: the app's one write. It sends a draft from `draft_reply` once the person
 * confirmed it, under the caller's idempotency key: the same key and draft give back the same
 * reply (nothing sent twice), the same key with another draft is refused, and a draft is sent
 * once whatever the key: under another key it answers `DRAFT_ALREADY_SENT` with that reply.
 * One reply is one thing whatever the draft: two drafts of the same text to one ticket (the
 * model drafted it twice, the person confirmed both) send it once, and the second answers
 * `REPLY_ALREADY_SENT` with the reply that went out.
 */
import {
  commitArguments,
  defineTool,
  idempotentResult,
  runCommit,
  widgetToolMeta,
  type Attempt,
  type DraftStore,
  type IdempotencyStore,
  type ToolErrorBody,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { replies, type Reply } from "../contract.ts";
import { TICKETS } from "./tickets.ts";

/** What the draft store keeps of a draft: what to send, and where. */
export interface StoredDraft {
  readonly ticket_id: string;
  readonly body: string;
}

const REFUSALS = {
  DRAFT_NOT_FOUND: "draft_id names no draft of yours: draft the reply again.",
  DRAFT_EXPIRED: "This draft has expired: draft the reply again.",
};

/** What a send stores and replays: the reply sent, or why nothing was sent. */
type SendValue = { ok: true; reply: Reply } | { ok: false; error: ToolErrorBody; reply?: Reply };

/** A refusal that sent nothing (`final`: stored and replayed to a repeat of the key). */
function refusal(code: string, message: string, final: boolean, reply?: Reply): Attempt<SendValue> {
  const error = { code, message, retryable: false, changes: "none" as const };
  return { final, value: { ok: false, error, ...(reply ? { reply } : {}) } };
}

/**
 * What a reply is, whatever its draft: the ticket and the text. An app made from this template
 * names its own thing here (`event:<id>` for a cancel): of a person's drafts of one thing, one
 * is sent, so two of them confirmed at once run one effect.
 */
const replyThing = (draft: StoredDraft) => `reply:${draft.ticket_id}:${draft.body}`;

/**
 * The draft (`"draft"`), or another draft of the same reply (`"reply"`), went out under
 * another key: this send sends nothing and points to that reply (final: stored and replayed
 * to this key). While that send is unfinished it is retryable.
 */
function alreadyUsed(first: Reply | undefined, by: "draft" | "reply"): Attempt<SendValue> {
  if (!first)
    return {
      final: false,
      value: {
        ok: false,
        error: {
          code: by === "draft" ? "DRAFT_IN_USE" : "REPLY_IN_PROGRESS",
          message:
            by === "draft"
              ? "This draft is being sent under another idempotency_key; nothing was sent by this call."
              : "The same reply to this ticket is being sent from another draft; nothing was sent by this call.",
          retryable: true,
          retry_after_seconds: 2,
          changes: "none",
        },
      },
    };
  return by === "draft"
    ? refusal(
        "DRAFT_ALREADY_SENT",
        `This draft was already sent as reply ${first.reply_id}; nothing was sent again.`,
        true,
        first,
      )
    : refusal(
        "REPLY_ALREADY_SENT",
        `The same reply was already sent to this ticket as ${first.reply_id}; nothing was sent again.`,
        true,
        first,
      );
}

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
    title: "Send a reply",
    description:
      "Send a draft from draft_reply. The app calls it when the person confirms the draft. " +
      "Send one idempotency_key per reply and reuse it on every retry: it never sends twice.",
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    meta: widgetToolMeta(deps.widget, { invoking: "Sending…", invoked: "Sent" }),
    // A write: the kit runs it only for a verified caller, whose scope keys the records.
    writes: true,
    // The person confirms in the widget: hidden from the model, run only with the proof
    // draft_reply's result gave the widget (the kit checks it before this handler).
    confirm: { prepare: "draft_reply" },
    auth: { scopes: [REPLY_SCOPE] },
    // draft_id and idempotency_key, declared by the kit (a bad key's example is a fresh one).
    arguments: commitArguments({ draftExample: "drf_from-draft-reply" }),
    async handler(args, context) {
      const { draft_id } = args;
      // Nothing goes out before the capture, a durable write that flushes the claim too.
      const outcome = await runCommit<SendValue, StoredDraft>({
        store: deps.store,
        args,
        context,
        now: deps.now,
        async execute({ effectKey, captured, capture }) {
          // Captured by an earlier attempt of this send: finish it as confirmed, whatever
          // became of the draft since (expired, purged).
          let draft = captured;
          if (!draft) {
            // Single use: taken under this send's effect key (a retry of it takes it again);
            // a send under any other key is told which reply the draft became. The same reply
            // from another draft is taken once too, in the same statement.
            const use = await deps.drafts.use<Reply>(context.caller, draft_id, effectKey, {
              thing: replyThing,
            });
            if (use.state === "used") return alreadyUsed(use.result, "draft");
            if (use.state === "thing_used") return alreadyUsed(use.result, "reply");
            // Only the caller's own drafts are found: another person's id is "missing".
            if (use.state !== "taken") {
              const code = use.state === "expired" ? "DRAFT_EXPIRED" : "DRAFT_NOT_FOUND";
              // Not final: nothing was sent, and a retry with this draft runs again.
              return refusal(code, REFUSALS[code], false);
            }
            // The app's own checks come after the take, so two drafts cannot both pass them
            // (an app's "already cancelled?" goes here). A refusal here changed nothing: it
            // gives the draft back (deleting it frees its thing), so the next draft of the
            // same reply meets these checks again, not "in progress" until the purge.
            if (!TICKETS.some((t) => t.id === use.draft.ticket_id)) {
              await deps.drafts.delete(context.caller, draft_id);
              return refusal("DRAFT_NOT_FOUND", REFUSALS.DRAFT_NOT_FOUND, false);
            }
            draft = use.draft;
            await capture(draft);
          }
          const ticket = TICKETS.find((t) => t.id === draft.ticket_id);
          if (!ticket) return refusal("DRAFT_NOT_FOUND", REFUSALS.DRAFT_NOT_FOUND, false);
          const reply: Reply = {
            // The kit's effect key, not the caller's key: the same for every retry of this
            // reply, a new one if the key comes back after its record expired.
            reply_id: `rp_${effectKey.slice(0, 16)}`,
            draft_id,
            ticket,
            body: draft.body,
          };
          deps.onSent(reply);
          // The draft's result commits with the record (which keeps the reply): one commit.
          return {
            final: true,
            value: { ok: true, reply },
            local: async (tx) => {
              await deps.drafts.recordUse(context.caller, draft_id, effectKey, reply, tx);
            },
          };
        },
      });
      return idempotentResult(outcome, (value, replayed) =>
        value.ok
          ? {
              ok: true as const,
              data: { reply: value.reply, replayed },
              text: replayed
                ? `Reply ${value.reply.reply_id} was already sent with this key; nothing was sent twice.`
                : `Sent: ${value.reply.reply_id}.`,
            }
          : {
              ok: false as const,
              error: value.error,
              ...(value.reply ? { extra: { reply: value.reply } } : {}),
            },
      );
    },
  });
}
