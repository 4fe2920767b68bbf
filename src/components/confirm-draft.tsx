/**
 * ConfirmDraft: the human confirmation before any write — send a message, book, publish,
 * delete, pay. It shows a title, the app's own body (any React content), optional lines, an
 * optional money total and an optional expiry, in the app's words, and leaves the commit call
 * to the app. The exactly-once rules (key made once per draft and stored before the call, one
 * call per burst, the same key on retry, sign-in and remount) are its commit's
 * (`useDraftCommit`, over the write's one reducer); this is their face.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import type { Money } from "../contract/index.ts";
import { useDraftCommit } from "../hooks/use-draft-commit.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import type { CommitOutcome, CommitSuccess } from "../write/commit-outcome.ts";
import { isCommitting, type CommitPhase } from "../write/write-machine.ts";
import { devWarn, IS_DEV, type DevNamed, useDevCheck } from "./dev.ts";
import { errorClassOf, errorTitle, isSettled, type ErrorWords } from "./error-class.ts";
import { ErrorState } from "./error-state.tsx";
import { Receipt, totalLine } from "./receipt.tsx";
import { useAlertDialogFocus } from "./use-alert-dialog-focus.ts";
import { useExpired } from "./use-expired.ts";
import { wayButton } from "./ways-back.tsx";
import { useReportDomState } from "./widget-root.tsx";

/* -------------------------------------------------------------------------------------------
 * Types
 * -----------------------------------------------------------------------------------------*/

/** What the person confirms. Apps map their own draft to this shape. */
export interface Draft {
  /** The draft's id: one idempotency key is made per id (an edited draft is a new id). */
  readonly id: string;
  /** What is being written ("Reply to Ana", "Flight LIS → BER"), the dialog's subject. */
  readonly title: string;
  /** Its details, one per line, under the app's body: a label and, optionally, its value. */
  readonly lines?: readonly {
    /** What the line is ("Date", "To"). */
    readonly label: string;
    /** Its value, when it has one (a date, a recipient, "× 2"). */
    readonly value?: string;
  }[];
  /** A money total, for writes that cost something. */
  readonly total?: Money;
  /** ISO 8601; once past, Confirm is disabled and "prepare again" is offered. */
  readonly expiresAt?: string;
}

/** Props of `ConfirmDraft`; `errorTexts` / `errorClasses` word and class a failed commit. */
export interface ConfirmDraftProps extends ErrorWords {
  /** The draft to confirm (the server's, mapped by the app). */
  readonly draft: Draft;
  /** The app's body: any React content (the message text, an editor, a picture). */
  readonly children?: ReactNode;
  /** Sends the commit with this key (e.g. `send_reply({ draft_id, idempotency_key })`). */
  readonly onCommit: (idempotencyKey: string) => Promise<CommitOutcome>;
  /** The person declined: nothing is sent. */
  readonly onCancel: () => void;
  /** Prepares the same write again (offered when the draft expired or failed for good). */
  readonly onPrepareAgain?: () => unknown;
  /** Told once the write is done (to persist it, for instance). */
  readonly onCommitted?: (outcome: Extract<CommitOutcome, { ok: true }>) => void;
  /**
   * Back to the list (`data-action="back"`, "Back to the list"), in place of Cancel once the
   * commit failed for good: the write flow's `back`. Without it, Cancel stays.
   */
  readonly onBack?: () => unknown;
  /**
   * Runs the list's read again (`data-action="refresh"`), offered beside the way back when
   * the commit failed for good: the write flow's `refresh`.
   */
  readonly onRefresh?: () => unknown;
  /** The app's words for buttons, states and receipt; each falls back to the kit's message. */
  readonly words?: {
    /** The dialog's heading (kit: `confirmTitle`). */
    readonly title?: string;
    /** Under the heading (kit: `confirmDescription`). */
    readonly description?: string;
    /** The confirm button, e.g. "Send reply" (kit: `confirm`). */
    readonly confirm?: string;
    /** The cancel button (kit: `cancel`). */
    readonly cancel?: string;
    /** While the commit is on its way, e.g. "Sending…" (kit: `committing`). */
    readonly committing?: string;
    /** The receipt's heading, e.g. "Reply sent" (kit: `committedTitle`). */
    readonly committed?: string;
    /** Prepares the draft again (kit: `prepareAgain`). */
    readonly prepareAgain?: string;
  };
  /** The receipt shown once committed (default: a heading, the reference, the total if any). */
  readonly renderReceipt?: (outcome: Extract<CommitOutcome, { ok: true }>) => ReactNode;
}

/* -------------------------------------------------------------------------------------------
 * ConfirmDraft
 * -----------------------------------------------------------------------------------------*/

/**
 * A modal `role="alertdialog"` asking to confirm `draft`, until the write is done or the
 * person cancels: Cancel (the least destructive action) is focused on open, Tab stays inside,
 * Escape cancels, and focus goes back to where it was when the dialog closes by cancelling.
 * It takes the frame's width; a long body scrolls inside it under a heading that stays in
 * view. A failed commit stays in the dialog (retry, sign in, or cancel); one that failed for
 * good offers each way out once, inside the dialog (a modal's outside is out of reach): back
 * (or cancel), refresh, and prepare again unless the refusal is settled (it would only be
 * refused again) or its outcome unknown or applied (a new draft could pay twice). Sets the widget
 * root's `data-state` to `confirm`, `committing`, `committed` or `error`.
 *
 * @example
 * <ConfirmDraft draft={{ id, title: "Reply to #4127" }} words={{ confirm: "Send" }}
 *   onCommit={(key) => send(id, key)} onCancel={back}>
 *   <blockquote>{text}</blockquote>
 * </ConfirmDraft>
 */
export function ConfirmDraft({
  draft,
  children,
  onCommit,
  onCancel,
  onPrepareAgain,
  onCommitted,
  onBack,
  onRefresh,
  words = {},
  renderReceipt,
  errorTexts,
  errorClasses,
}: ConfirmDraftProps) {
  const { m, money, dateTime } = useI18n();
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const preparing = useRef(false);
  const expired = useExpired(draft.expiresAt);
  const { phase, commit } = useDraftCommit(draft.id, onCommit, expired);

  // A commit on its way (first try or retry): cancelling is off, its outcome must be seen.
  const busy = isCommitting(phase);
  useReportDomState(busy ? "committing" : phase.kind);
  useAlertDialogFocus({
    dialog,
    leastDestructive: cancelButton,
    open: phase.kind !== "committed",
    onEscape: () => {
      if (!busy) onCancel();
    },
  });

  // Told once the write is done, while the dialog is still shown: a commit that ends after
  // the dialog went away (the person moved on) tells nobody. Before paint, so the app's own
  // receipt replaces the kit's at once.
  useLayoutEffect(() => {
    if (phase.kind === "committed") onCommitted?.(phase.outcome);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per committed phase
  }, [phase]);

  useDevCheck(
    () => {
      if (!draft.title) devWarn("ConfirmDraft", "the draft has no title.");
    },
    IS_DEV ? [draft.title] : [],
  );

  async function prepareAgain() {
    if (preparing.current || !onPrepareAgain) return;
    preparing.current = true;
    try {
      await onPrepareAgain();
    } finally {
      preparing.current = false;
    }
  }

  /** Once the write is done: the app's receipt, else the kit's. */
  const committedReceipt = (outcome: CommitSuccess) =>
    renderReceipt ? (
      renderReceipt(outcome)
    ) : (
      <Receipt
        title={words.committed}
        reference={outcome.reference}
        total={outcome.total ?? draft.total}
        replayed={outcome.replayed}
        focusOnMount
      />
    );

  if (phase.kind === "committed") return committedReceipt(phase.outcome);

  // Cancel, or Back once the write ended: the least destructive action, focused on open.
  const dismiss = (action: string, label: string, run: () => unknown) => (
    <button
      ref={cancelButton}
      type="button"
      className="wk-button"
      data-action={action}
      disabled={busy}
      onClick={() => void run()}
    >
      {label}
    </button>
  );
  const cancel = dismiss("cancel", words.cancel ?? m.cancel, onCancel);
  const prepareAgainButton = onPrepareAgain ? (
    <button type="button" className="wk-button" data-action="prepare" onClick={prepareAgain}>
      {words.prepareAgain ?? m.prepareAgain}
    </button>
  ) : null;

  // One dialog element through confirm → committing → error, so focus and the trap never
  // leave it; after a failed commit it is named by the error's title (ErrorState's alert says
  // what happened), or by "Nothing was changed." for a settled conflict.
  const failed = phase.kind === "error";
  const errorClass = failed ? errorClassOf(phase.error, errorClasses) : "unknown";
  const settled = failed && isSettled(phase.error, errorClass);

  /** After a failed commit: its error, and once it ended for good, each way out once. */
  const failedCommit = ({ error, signIn }: Extract<CommitPhase, { kind: "error" }>) => {
    // Ended for good: each way out once, the least destructive first; a settled refusal is
    // not prepared again (it can only be refused again), nor one whose outcome is unknown or
    // applied (a new draft could be paid a second time: refresh reads what happened).
    const ended = !error.retryable && !signIn;
    const reprepare =
      ended && !settled && error.changes !== "unknown" && error.changes !== "applied";
    return (
      <>
        <ErrorState
          error={error}
          onRetry={commit}
          errorTexts={errorTexts}
          errorClasses={errorClasses}
        />
        <div className="wk-row">
          {ended && onBack ? dismiss("back", m.back, onBack) : cancel}
          {ended ? wayButton("refresh", m.refresh, onRefresh) : null}
          {reprepare ? prepareAgainButton : null}
        </div>
      </>
    );
  };

  /**
   * Before the commit: the draft, and whether Confirm is on — not while the commit is on its
   * way (here, with no error, its first try: `busy` is `committing`), nor once it expired.
   */
  const draftQuestion = () => (
    <>
      <h2 id={titleId}>{words.title ?? m.confirmTitle}</h2>
      <div className="wk-dialog-body wk-stack">
        <p id={descriptionId} className="wk-muted">
          {words.description ?? m.confirmDescription}
        </p>
        <p>
          <strong>{draft.title}</strong>
        </p>
        {children}
        {draft.lines?.length ? (
          <ul className="wk-lines">
            {draft.lines.map((line, index) => (
              <li key={index} className="wk-row">
                <span>{line.label}</span>
                {line.value ? <span className="wk-muted">{line.value}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {totalLine(draft.total, m.total, money)}
        {expired || !draft.expiresAt ? null : (
          <p className="wk-muted">{m.expiresAt(dateTime(draft.expiresAt))}</p>
        )}
      </div>
      <p role="status" className={expired ? "wk-alert-text" : undefined}>
        {expired ? m.expired : busy ? (words.committing ?? m.committing) : ""}
      </p>
      <div className="wk-row">
        {cancel}
        <button
          type="button"
          className="wk-button wk-button--primary"
          data-action="confirm"
          disabled={busy || expired}
          onClick={commit}
        >
          {words.confirm ?? m.confirm}
        </button>
        {expired ? prepareAgainButton : null}
      </div>
    </>
  );

  return (
    <section
      ref={dialog}
      className={failed ? "wk-dialog wk-stack" : "wk-dialog wk-panel wk-stack"}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={failed ? undefined : titleId}
      aria-describedby={failed ? undefined : descriptionId}
      aria-label={failed ? errorTitle(errorClass, settled, m) : undefined}
      tabIndex={-1}
    >
      {failed ? failedCommit(phase) : draftQuestion()}
    </section>
  );
}
if (IS_DEV) (ConfirmDraft as DevNamed).displayName = "ConfirmDraft";
