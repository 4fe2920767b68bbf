/**
 * The widget: tickets → Reply (write the text) → `draft_reply` → confirm → `send_reply` → the
 * sent reply. The kit's `WriteView` runs the write (one prepare at a time, the draft and the
 * reply kept across a remount, one idempotency key per draft, cancel, the ways back, errors —
 * and sign-in — in place with a retry); this file says what a ticket and a reply look like.
 */
import { useState } from "react";
import { WriteView, useI18n, type ErrorWords } from "mcp-widget-kit";
import { replies, type RepliesView, type Ticket } from "../contract.ts";
import { messages } from "./messages.ts";
import { tools } from "./tools.ts";

/**
 * The person's class of the app's own error code (its thing written once); `WriteView` classes
 * the write's draft refusals, and a send still running answers the kit's `IN_PROGRESS`.
 */
const ERROR_CLASSES = {
  REPLY_ALREADY_SENT: "conflict",
} as const satisfies ErrorWords["errorClasses"];

/** A sent reply's receipt: its reference, and whether it was a replay. */
const receipt = (view: RepliesView) =>
  view.state === "committed"
    ? { ok: true as const, reference: view.data.reply.reply_id, replayed: view.data.replayed }
    : null;

/** One ticket; "Reply" opens a text box, and the text goes to `draft_reply`. */
function TicketRow(props: { ticket: Ticket; busy: boolean; onDraft: (body: string) => void }) {
  const { m, dateTime } = useI18n(messages);
  const [body, setBody] = useState<string | null>(null);
  const { ticket } = props;
  return (
    <li data-item-id={ticket.id} className="wk-panel wk-stack">
      <strong>{ticket.subject}</strong>
      <span className="wk-muted">
        {m.from(ticket.customer)}, {dateTime(ticket.opened_at)}
      </span>
      {body === null ? (
        <div className="wk-row">
          <button type="button" className="wk-button" onClick={() => setBody("")}>
            {m.reply}
          </button>
        </div>
      ) : (
        <>
          <label className="wk-stack">
            <span className="wk-muted">{m.replyLabel}</span>
            <textarea
              className="wk-input"
              rows={4}
              value={body}
              placeholder={m.replyPlaceholder}
              onChange={(event) => setBody(event.target.value)}
            />
          </label>
          <div className="wk-row">
            <button
              type="button"
              className="wk-button wk-button--primary"
              data-action="prepare"
              disabled={props.busy || body.trim() === ""}
              onClick={() => props.onDraft(body)}
            >
              {m.draft}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** The whole widget, in its own words (`messages` hands them to the kit's components too). */
export function App() {
  const { m } = useI18n(messages);
  return (
    <WriteView
      messages={messages}
      contract={replies}
      prepare={tools.draft_reply}
      commit={tools.send_reply}
      tools={tools}
      receipt={receipt}
      header={<h1>{m.title}</h1>}
      errorClasses={ERROR_CLASSES}
      renderResults={(view, write) => (
        <ul className="wk-list">
          {view.items.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              busy={write.pending?.ticket_id === ticket.id}
              onDraft={(body) => write.prepare({ ticket_id: ticket.id, body })}
            />
          ))}
        </ul>
      )}
      confirm={({ data: { draft } }) => ({
        draft: {
          id: draft.draft_id,
          title: m.replyTo(draft.ticket.subject),
          expiresAt: draft.expires_at,
        },
        body: <div className="wk-panel">{draft.body}</div>,
        again: { ticket_id: draft.ticket.id, body: draft.body },
      })}
      renderReceipt={({ data: { reply } }) => <div className="wk-panel">{reply.body}</div>}
    />
  );
}
