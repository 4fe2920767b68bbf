/**
 * A tool error for the person. An error has two readers: its `message`, `field_errors` and
 * `next_action` are written for the model and stay in the tool result; the person gets a
 * sentence in their language chosen by the error's class, what happened to the write, the
 * request ID to quote, the fields to check in plain words (in a disclosure), and a retry when
 * the server says one can help. Nothing from the payload is shown but the request ID, field
 * names (reworded) and their examples — all as text.
 */
import { useId } from "react";
import { MORE_ERRORS, UNKNOWN_FIELDS } from "../contract/error-codes.ts";
import type { ToolError } from "../contract/index.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import type { Messages } from "../i18n/messages/en.ts";
import {
  errorClassOf,
  errorSentence,
  errorTitle,
  isSettled,
  plainFieldName,
  type ErrorClass,
  type ErrorWords,
} from "./error-class.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";
import { RequestId } from "./request-id.tsx";
import { RetryButton } from "./retry-button.tsx";

/** Props of `ErrorState`. */
export interface ErrorStateProps extends ErrorWords {
  /** The parsed error (`view.error` of an `error` view). */
  readonly error: ToolError;
  /** Runs a retry; without it no retry is offered, even for a retryable error. */
  readonly onRetry?: () => unknown;
  /** Retries allowed before "try again later" (default 3). */
  readonly maxAttempts?: number;
  /**
   * Classifies the app's own codes; return `undefined` to use the kit's `errorClassOf`.
   * The sentence for each class is a message key the app can re-word.
   */
  readonly classify?: (error: ToolError) => ErrorClass | undefined;
}

/**
 * A field entry's name for the person. An unknown argument is the model's slip, not a field
 * (its name, when the server gives one, is for the model). `*` is not a field: the server's
 * entry for the call as a whole (more problems not listed, arguments that are not an object).
 */
function fieldLabel(fieldError: { field: unknown; code?: unknown }, m: Messages): string {
  const field = String(fieldError.field);
  // An unknown argument, named for the model or not, is nothing the person can change.
  if (fieldError.code === UNKNOWN_FIELDS) return m.fieldUnknown;
  if (field !== "*") return plainFieldName(field);
  if (fieldError.code === MORE_ERRORS) return m.fieldMore;
  return m.fieldOther;
}

/** The fields to check, by name in plain words; each example once, as the server gave it. */
function FieldList({ error, m }: { error: ToolError; m: Messages }) {
  const fieldErrors = Array.isArray(error.field_errors) ? error.field_errors : [];
  if (fieldErrors.length === 0) return null;
  return (
    <details className="wk-details">
      <summary>{m.fieldErrorsTitle}</summary>
      <ul>
        {fieldErrors.map((fieldError, index) => (
          <li key={index}>
            {fieldLabel(fieldError, m)}
            {fieldError.example ? (
              <span className="wk-muted"> — {m.example(String(fieldError.example))}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * A panel named by its title: what went wrong, in the person's words (its `role="alert"`
 * part), and what they can do now. A call
 * that needs a signed-in person shows the sign-in state instead, a calm notice
 * (`role="status"`, not the danger palette): its `sign-in` action runs
 * `onRetry` — the same call again, which starts the host's own sign-in where it has one. A
 * conflict that changed nothing for good (`isSettled`) is a calm notice (`role="status"`)
 * titled "Nothing was changed.", not a failure.
 */
export function ErrorState(props: ErrorStateProps) {
  const { error, onRetry, maxAttempts, classify } = props;
  const { m } = useI18n();
  const titleId = useId();
  const errorClass = classify?.(error) ?? errorClassOf(error, props.errorClasses);
  const signIn = errorClass === "sign_in";
  const settled = isSettled(error, errorClass);
  // Signing in and a settled conflict are not failures: a calm notice, not the danger panel.
  const calm = settled || signIn;
  const sentence = errorSentence(error, errorClass, m, props.errorTexts);
  // What became of the write, when the server says and the title or sentence does not.
  // What happened to the change: an unknown outcome's line is the kit's safe-retry one, kept
  // under an app's own sentence for its code (the app says what, the kit says retry is safe).
  const changes =
    errorClass === "unknown_outcome"
      ? sentence === m.changesUnknown
        ? null
        : m.changesUnknown
      : signIn || settled
        ? null
        : error.changes === "none"
          ? m.changesNone
          : error.changes === "applied"
            ? m.changesApplied
            : null;
  const title = errorTitle(errorClass, settled, m);
  return (
    <section
      className={calm ? "wk-panel wk-stack" : "wk-panel wk-alert wk-stack"}
      aria-labelledby={titleId}
    >
      {/* The live region is what happened, not the whole panel: the request ID's copy status
          and the retry's wait are live regions of their own, and none may sit in another. */}
      <div className="wk-stack" role={calm ? "status" : "alert"}>
        <h2 id={titleId}>{title}</h2>
        <p>{sentence}</p>
        {changes ? <p>{changes}</p> : null}
      </div>
      <FieldList error={error} m={m} />
      {error.request_id ? <RequestId value={error.request_id} /> : null}
      {onRetry && signIn ? (
        <div className="wk-row">
          <button
            type="button"
            className="wk-button wk-button--primary"
            data-action="sign-in"
            onClick={() => void onRetry()}
          >
            {m.signIn}
          </button>
        </div>
      ) : onRetry ? (
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
if (IS_DEV) (ErrorState as DevNamed).displayName = "ErrorState";
