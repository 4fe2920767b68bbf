/**
 * The app's tools: `list_tickets` (read only, shows the widget), `draft_reply` (a reply for
 * the person to confirm; sends nothing) and `send_reply` (the write, in send-reply.ts).
 * Drafts live in the kit's draft store and `draft_reply` is rate-limited per caller — both in
 * the same database as the idempotency records, so any process can send any draft and no
 * restart resets a limit. `createRepliesServer` puts the tools on the kit's tool server;
 * server/main.ts serves it over HTTP, the tests call it directly.
 */
import * as v from "valibot";
import {
  createDraftStore,
  createRateLimiter,
  createToolServer,
  defineTool,
  rateLimitFailure,
  ToolFailure,
  widgetToolMeta,
  type DraftStore,
  type IdempotencyStore,
  type RateLimiter,
  type ResourceProvider,
  type ServerLogger,
  type ToolServer,
  type ToolsOf,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { replies, type Reply } from "../contract.ts";
import { REPLY_SCOPE, sendReply, type StoredDraft } from "./send-reply.ts";
import { TICKETS } from "./tickets.ts";

/** How long a drafted reply can be sent. */
const DRAFT_TTL_MS = 30 * 60_000;
/** Drafts per caller and minute: a model looping on `draft_reply` is stopped, not billed. */
const DRAFTS_PER_MINUTE = 20;

const DraftArgs = v.strictObject({
  ticket_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  body: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(4000)),
});

function listTickets(widget: WidgetUris) {
  return defineTool(replies, "ticket_list", {
    name: "list_tickets",
    title: "List support tickets",
    description: "List the open support tickets, oldest first. Read only.",
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    meta: widgetToolMeta(widget, { invoking: "Loading tickets…", invoked: "Tickets" }),
    arguments: { schema: v.strictObject({}), repair: () => ({}) },
    async handler() {
      return {
        ok: true,
        data: { tickets: [...TICKETS] },
        text: `${TICKETS.length} open ticket(s).`,
      };
    },
  });
}

function draftReply(deps: {
  widget: WidgetUris;
  drafts: DraftStore<StoredDraft>;
  limiter: RateLimiter;
}) {
  return defineTool(replies, "reply_draft", {
    name: "draft_reply",
    title: "Draft a reply",
    description:
      "Draft a reply to one ticket for the person to confirm. Sends nothing. " +
      "A changed text is a new draft: call it again with the new body.",
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    meta: widgetToolMeta(deps.widget, { invoking: "Drafting…", invoked: "Ready to send" }),
    // Drafts belong to their author: the store keys them by the verified caller.
    auth: { scopes: [REPLY_SCOPE] },
    arguments: {
      schema: DraftArgs,
      repair: () => ({ ticket_id: "t-4127", body: "Thanks for the report." }),
    },
    async handler({ ticket_id, body }, context) {
      const ticket = TICKETS.find((t) => t.id === ticket_id);
      if (!ticket) {
        throw new ToolFailure({
          code: "NOT_FOUND",
          message: "ticket_id names no open ticket: list the tickets and use an id from them.",
          retryable: false,
        });
      }
      const decision = await deps.limiter.take(context.caller);
      if (!decision.ok) throw rateLimitFailure(decision);
      const { draft_id, expires_at } = await deps.drafts.put(context.caller, { ticket_id, body });
      const draft = { draft_id, ticket, body, expires_at };
      return { ok: true, data: { draft }, text: `Reply draft ${draft_id} is ready to confirm.` };
    },
  });
}

/**
 * The app's tools as its widget calls them (names, arguments, result kinds): the widget's
 * `toolRefs<ReplyTools>` accepts only these, so a renamed tool or argument fails typecheck.
 */
export type ReplyTools = ToolsOf<
  ReturnType<typeof listTickets> | ReturnType<typeof draftReply> | ReturnType<typeof sendReply>
>;

/** The app's tool server, with the widget's resources and the URIs its tools advertise. */
export function createRepliesServer(options: {
  widget: { uris: WidgetUris; provider?: ResourceProvider };
  log: ServerLogger;
  /** Where drafts, limits and idempotency records live (`createSqliteStore`, `createPostgresStore`). */
  store: IdempotencyStore;
  /** Told of each reply sent (where a real app would post it to the helpdesk). */
  onSent?: (reply: Reply) => void;
  /** The clock (recordings fix it, so drafts and their expiry are the same on every run). */
  now?: () => number;
  requestId?: () => string;
}): ToolServer & { readonly purges: ReadonlyArray<(limit: number) => Promise<number>> } {
  const { widget, store, now = Date.now, onSent = () => {} } = options;
  const drafts = createDraftStore<StoredDraft>(store, {
    name: "replies_drafts",
    ttlMs: DRAFT_TTL_MS,
    now,
  });
  const limiter = createRateLimiter(store, {
    name: "replies_drafting",
    limit: DRAFTS_PER_MINUTE,
    windowMs: 60_000,
    now,
  });
  const tools = createToolServer({
    info: { name: "replies", version: "1.0.0" },
    contract: replies,
    tools: [
      listTickets(widget.uris),
      draftReply({ widget: widget.uris, drafts, limiter }),
      sendReply({ widget: widget.uris, store, drafts, now, onSent }),
    ],
    ...(widget.provider ? { resources: widget.provider } : {}),
    log: options.log,
    ...(options.requestId ? { requestId: options.requestId } : {}),
    // The proof that the person confirmed in the widget: signed with CONFIRMATION_SECRET
    // (production refuses to start without it; development uses the kit's built-in one).
    confirmation: { now },
  });
  // Expired drafts and past rate-limit windows, for serveApp's retention timer (the kit's
  // store purges its own records): without them both tables only grow.
  return Object.assign(tools, {
    purges: [
      (limit: number) => drafts.purgeExpired(limit),
      (limit: number) => limiter.purgeExpired(limit),
    ],
  });
}
