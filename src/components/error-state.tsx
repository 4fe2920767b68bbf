/**
 * A tool error for the person: the sentence, every field problem at once, the next step,
 * what happened to the write, the request ID to quote, and a retry when the server says one
 * can help. Everything from the payload is rendered as text.
 */
import { useId } from "react";
import type { ToolError } from "../contract/index.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import type { Messages } from "../i18n/messages/en.ts";
import { HOST_CALL_FAILED } from "../hooks/host-call-error.ts";
import { RequestId } from "./request-id.tsx";
import { RetryButton } from "./retry-button.tsx";

/** Props of `ErrorState`. */
export interface ErrorStateProps {
  /** The parsed error (`view.error` of an `error` view). */
  readonly error: ToolError;
  /** Runs a retry; without it no retry is offered, even for a retryable error. */
  readonly onRetry?: () => unknown;
  /** Retries allowed before "try again later" (default 3). */
  readonly maxAttempts?: number;
}

/** The code of a ToolError the kit makes itself when a tool answered with something unreadable. */
export const UNREADABLE_RESULT = "UNREADABLE_RESULT";

/** Errors the kit itself creates are shown in the person's language; a server's as sent. */
function messageText(error: ToolError, m: Messages): string {
  if (error.code === HOST_CALL_FAILED) return m.hostCallFailed;
  if (error.code === UNREADABLE_RESULT) return m.unreadableResult;
  return error.message;
}

function changesText(changes: ToolError["changes"], m: Messages): string | null {
  if (changes === "none") return m.changesNone;
  if (changes === "unknown") return m.changesUnknown;
  if (changes === "applied") return m.changesApplied;
  return null;
}

/** `role="alert"`: what went wrong and what to do now. */
export function ErrorState({ error, onRetry, maxAttempts }: ErrorStateProps) {
  const { m } = useI18n();
  const titleId = useId();
  const fieldErrors = error.field_errors ?? [];
  const changes = changesText(error.changes, m);
  const message = messageText(error, m);
  return (
    <section className="wk-panel wk-alert wk-stack" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{m.errorTitle}</h2>
      {message ? <p>{message}</p> : null}
      {fieldErrors.length > 0 ? (
        <div>
          <p>{m.fieldErrorsTitle}</p>
          <ul>
            {fieldErrors.map((fieldError, index) => (
              <li key={index}>
                <span className="wk-code">{fieldError.field}</span>: {fieldError.message}
                {fieldError.example ? (
                  <span className="wk-muted"> {m.example(fieldError.example)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error.next_action ? (
        <p>
          <strong>{m.nextAction}</strong> {error.next_action}
        </p>
      ) : null}
      {changes ? <p>{changes}</p> : null}
      {error.request_id ? <RequestId value={error.request_id} /> : null}
      {onRetry ? (
        <RetryButton
          retryable={error.retryable}
          retryAfterSeconds={error.retry_after_seconds}
          onRetry={onRetry}
          maxAttempts={maxAttempts}
        />
      ) : null}
    </section>
  );
}
ErrorState.displayName = "ErrorState";
