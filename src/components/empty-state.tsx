/**
 * "Nothing found" is a successful answer, not an error: show the tool's reason and offer
 * follow-ups that keep the conversation going. Suggestions come from the app (its own
 * messages), never from the payload (a payload-controlled prompt would be an injection path).
 */
import { useId, useRef, useState } from "react";
import { useHost } from "../hooks/host-context.tsx";
import { useSendFollowUpMessage } from "../hooks/use-send-follow-up-message.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

/** Props of `EmptyState`. */
export interface EmptyStateProps {
  /** The tool's human reason (`no_results_reason`), shown as text. */
  readonly reason?: string;
  /**
   * Follow-ups the app offers (from its own messages, in the host's language); none by
   * default, since only the app knows what a search can change. Hidden when the host can't
   * send messages.
   */
  readonly suggestions?: readonly {
    /** The button's text, from the app's messages. */
    readonly label: string;
    /** The message the button sends into the conversation. */
    readonly prompt: string;
  }[];
}

/** An empty result: the reason, and follow-up suggestions sent through the host. */
export function EmptyState({ reason, suggestions = [] }: EmptyStateProps) {
  const { m } = useI18n();
  const host = useHost();
  const send = useSendFollowUpMessage();
  const titleId = useId();
  const sentRef = useRef(false);
  const [sent, setSent] = useState(false);
  const canSend = host.capabilities.sendFollowUpMessage && suggestions.length > 0;

  function pick(prompt: string) {
    // One follow-up per result: a double click must not post the message twice.
    if (sentRef.current) return;
    sentRef.current = true;
    setSent(true);
    void send(prompt);
  }

  return (
    <section className="wk-panel wk-stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{m.emptyTitle}</h2>
      {reason ? <p>{reason}</p> : null}
      {canSend ? (
        <>
          <p className="wk-muted">{m.emptyHint}</p>
          <div className="wk-row">
            {suggestions.map((suggestion, index) => (
              <button
                key={index}
                type="button"
                className="wk-button"
                disabled={sent}
                onClick={() => pick(suggestion.prompt)}
              >
                {suggestion.label}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
if (IS_DEV) (EmptyState as DevNamed).displayName = "EmptyState";
