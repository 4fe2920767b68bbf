/**
 * The widget: tickets → Reply (write the text) → `draft_reply` → confirm → `send_reply` → the
 * sent reply. The kit runs the flow (`useWriteFlow`: one prepare at a time, the draft and the
 * reply kept in widget state across a remount, cancel back to the list, errors — and sign-in —
 * in place with a retry) and the confirmation (`ConfirmDraft`: one idempotency key per draft,
 * the reply text as its body, no money); this file says what a ticket looks like.
 */
import { useState } from "react";
import {
  ConfirmDraft,
  MessagesProvider,
  Receipt,
  ResultView,
  WidgetRoot,
  useI18n,
  useWriteFlow,
  type ErrorWords,
  type WriteFlowOptions,
} from "mcp-widget-kit";
import { replies, type RepliesView, type Ticket } from "../contract.ts";
import { messages } from "./messages.ts";
import { tools } from "./tools.ts";

/**
 * The person's class of each of this app's own error codes (the kit classes only its own);
 * the sentence they see follows it. `DRAFT_IN_USE` needs none: retryable and unclassed is a
 * wait-and-retry.
 */
const ERROR_CLASSES = {
  DRAFT_NOT_FOUND: "not_found",
  DRAFT_EXPIRED: "expired",
  DRAFT_ALREADY_SENT: "conflict",
  REPLY_ALREADY_SENT: "conflict",
  REPLY_IN_PROGRESS: "in_progress",
} as const satisfies ErrorWords["errorClasses"];

/** The tools and kinds of the reply flow. */
const REPLY_FLOW = {
  contract: replies,
  prepare: tools.draft_reply,
  commit: tools.send_reply,
  tools,
  receipt: (view) =>
    view.state === "committed"
      ? { ok: true, reference: view.data.reply.reply_id, replayed: view.data.replayed }
      : null,
} satisfies WriteFlowOptions<RepliesView>;

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

/** The whole widget, in its own words (the kit's components read them too). */
export function App() {
  return (
    <MessagesProvider messages={messages}>
      <Replies />
    </MessagesProvider>
  );
}

function Replies() {
  const { m } = useI18n(messages);
  const flow = useWriteFlow(REPLY_FLOW);
  const title = <h1>{m.title}</h1>;
  const draft = (ticket: Ticket, body: string) => flow.prepare({ ticket_id: ticket.id, body });

  if (flow.cancelled)
    return (
      <WidgetRoot state="empty">
        {title}
        <p className="wk-panel">{m.cancelled}</p>
      </WidgetRoot>
    );

  return (
    <ResultView<RepliesView>
      result={flow.view}
      header={title}
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
      onCancel={flow.end}
      errorClasses={ERROR_CLASSES}
      renderResults={(view) => (
        <ul className="wk-list">
          {view.items.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              busy={flow.pending?.ticket_id === ticket.id}
              onDraft={(body) => void draft(ticket, body)}
            />
          ))}
        </ul>
      )}
      renderRecord={(record) => {
        if (record.state === "committed") {
          const { reply, replayed } = record.data;
          return (
            <Receipt
              reference={reply.reply_id}
              replayed={replayed}
              focusOnMount={flow.justCommitted}
            >
              <div className="wk-panel">{reply.body}</div>
            </Receipt>
          );
        }
        const { draft: reply } = record.data;
        return (
          <ConfirmDraft
            key={reply.draft_id}
            draft={{
              id: reply.draft_id,
              title: m.replyTo(reply.ticket.subject),
              expiresAt: reply.expires_at,
            }}
            onCommit={(key) => flow.commit({ draft_id: reply.draft_id, idempotency_key: key })}
            onCommitted={flow.committed}
            onCancel={flow.cancel}
            onBack={flow.back}
            onRefresh={flow.refresh}
            onPrepareAgain={() => draft(reply.ticket, reply.body)}
            errorClasses={ERROR_CLASSES}
          >
            <div className="wk-panel">{reply.body}</div>
          </ConfirmDraft>
        );
      }}
    />
  );
}
