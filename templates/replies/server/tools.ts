/**
 * The app's tools: `list_tickets` (read only, shows the widget), and the write in
 * send-reply.ts: `draft_reply` (a reply for the person to confirm) and `send_reply`.
 * Drafts live in the kit's draft store and `draft_reply` is rate-limited per caller — both in
 * the same database as the idempotency records, so any process can send any draft and no
 * restart resets a limit. `createRepliesServer` puts the tools on the kit's tool server;
 * server/main.ts serves it over HTTP, the tests call it directly.
 */
import {
  createRateLimiter,
  appToolServer,
  defineTool,
  type AppServerOptions,
  type ToolsOf,
} from "mcp-widget-kit/server";
import { replies, type Reply } from "../contract.ts";
import { sendReply } from "./send-reply.ts";
import { TICKETS } from "./tickets.ts";

/** Drafts per caller and minute: a model looping on `draft_reply` is stopped, not billed. */
const DRAFTS_PER_MINUTE = 20;

function listTickets({ widget }: AppServerOptions) {
  return defineTool(replies, "ticket_list", {
    name: "list_tickets",
    title: "List support tickets",
    description: "List the open support tickets, oldest first. Read only.",
    widget: { uris: widget.uris, words: { invoking: "Loading tickets…", invoked: "Tickets" } },
    async handler() {
      return {
        ok: true,
        data: { tickets: [...TICKETS] },
        text: `${TICKETS.length} open ticket(s).`,
      };
    },
  });
}

/**
 * The app's tools as its widget calls them (names, arguments, result kinds): the widget's
 * `toolRefs<ReplyTools>` accepts only these, so a renamed tool or argument fails typecheck.
 */
export type ReplyTools = ToolsOf<
  ReturnType<typeof listTickets> | ReturnType<typeof sendReply>["prepare" | "commit"]
>;

/**
 * The app's tool server, with the purges of its drafts and rate-limit windows (for serveApp's
 * retention); `onSent` is told of each reply sent (a real app posts it to the helpdesk).
 */
export function createRepliesServer(
  options: AppServerOptions & { onSent?: (reply: Reply) => void },
) {
  const limiter = createRateLimiter(options.store, {
    name: "replies_drafting",
    limit: DRAFTS_PER_MINUTE,
    windowMs: 60_000,
    ...(options.now ? { now: options.now } : {}),
  });
  const reply = sendReply({ ...options, limiter });
  const tools = appToolServer(options, {
    info: { name: "replies", version: "1.0.0" },
    contract: replies,
    tools: [listTickets(options), reply.prepare, reply.commit],
  });
  return Object.assign(tools, {
    purges: [...reply.purges, (limit: number) => limiter.purgeExpired(limit)],
  });
}
