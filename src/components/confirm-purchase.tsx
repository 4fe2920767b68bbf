/**
 * ConfirmPurchase: the human confirmation before any write. Generic: it confirms any draft
 * with a title, lines, a total and an expiry, and leaves the commit call to the app.
 *
 * Exactly-once rules, each because a real host breaks the naive version:
 * - the idempotency key is made once per draft and stored in widget state BEFORE the commit
 *   call, so a retry, a Regenerate or a remount of the widget sends the same key;
 * - a burst of clicks sends one call: a ref guards it (state updates land too late);
 * - a failed commit is retried in place with the same key; `changes: "unknown"` says so.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { Money, ToolError } from "../contract/index.ts";
import type { CommitOutcome } from "../hooks/commit-outcome.ts";
import { HOST_CALL_FAILED, hostCallFailed } from "../hooks/host-call-error.ts";
import { useWidgetState } from "../hooks/use-widget-state.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import { devWarn, useDevCheck } from "./dev.ts";
import { ErrorState } from "./error-state.tsx";
import {
  IDEMPOTENCY_STATE_KEY,
  isStoredIdempotencyKey,
  newIdempotencyKey,
  type StoredIdempotencyKey,
} from "./idempotency-key.ts";
import { OrderReceipt } from "./order-receipt.tsx";
import { useExpired } from "./use-expired.ts";
import { useReportDomState } from "./widget-root.tsx";

/* -------------------------------------------------------------------------------------------
 * Types
 * -----------------------------------------------------------------------------------------*/

/** One line of a draft: what and how many. */
export interface PurchaseLine {
  readonly item: string;
  readonly quantity: number;
}

/** What the person confirms. Apps map their own draft to this shape. */
export interface PurchaseDraft {
  /** The draft's id: one idempotency key is made per id. */
  readonly id: string;
  readonly title: string;
  readonly lines: readonly PurchaseLine[];
  readonly total: Money;
  /** ISO 8601; once past, Confirm is disabled and "prepare again" is offered. */
  readonly expiresAt: string;
}

export type { CommitOutcome };

/** Props of `ConfirmPurchase`. */
export interface ConfirmPurchaseProps {
  readonly draft: PurchaseDraft;
  /** Sends the commit with this key (e.g. `commit_order({ draft_id, idempotency_key })`). */
  readonly onCommit: (idempotencyKey: string) => Promise<CommitOutcome>;
  /** The person declined: nothing is sent. */
  readonly onCancel: () => void;
  /** Prepares the same purchase again (offered when the draft expired). */
  readonly onPrepareAgain?: () => unknown;
  /** Told once the order exists (to persist it, for instance). */
  readonly onCommitted?: (outcome: Extract<CommitOutcome, { ok: true }>) => void;
}

type Phase =
  | { readonly kind: "confirm" }
  | { readonly kind: "committing" }
  | { readonly kind: "committed"; readonly outcome: Extract<CommitOutcome, { ok: true }> }
  | { readonly kind: "error"; readonly error: ToolError; readonly retrying: boolean };

/* -------------------------------------------------------------------------------------------
 * Idempotency key
 * -----------------------------------------------------------------------------------------*/

/** The draft's key: the stored one, else one made now and stored before it is returned. */
function useIdempotencyKey(draftId: string): () => string {
  const [stored, setStored] = useWidgetState<StoredIdempotencyKey | null>(null, {
    key: IDEMPOTENCY_STATE_KEY,
    isValid: isStoredIdempotencyKey,
  });
  // Also kept in a ref: a host without widget state must still reuse the key while mounted.
  const made = useRef<StoredIdempotencyKey | null>(null);
  return () => {
    const storedKey = stored?.draftId === draftId ? stored.key : null;
    const key =
      storedKey ?? (made.current?.draftId === draftId ? made.current.key : newIdempotencyKey());
    made.current = { draftId, key };
    if (storedKey !== key) setStored({ draftId, key });
    return key;
  };
}

/* -------------------------------------------------------------------------------------------
 * ConfirmPurchase
 * -----------------------------------------------------------------------------------------*/

/**
 * `role="alertdialog"` asking to confirm `draft`; Cancel is focused first. Sets the widget
 * root's `data-state` to `confirm`, `committing`, `committed` or `error`.
 *
 * @example
 * <ConfirmPurchase draft={draft} onCommit={(key) => commit(draft.id, key)} onCancel={back} />
 */
export function ConfirmPurchase({
  draft,
  onCommit,
  onCancel,
  onPrepareAgain,
  onCommitted,
}: ConfirmPurchaseProps) {
  const { m, money, dateTime } = useI18n();
  const titleId = useId();
  const descriptionId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const inFlight = useRef(false);
  const preparing = useRef(false);
  const mounted = useRef(true);
  const keyFor = useIdempotencyKey(draft.id);
  const expired = useExpired(draft.expiresAt);
  const [phaseOf, setPhaseOf] = useState<{ draftId: string; phase: Phase }>({
    draftId: draft.id,
    phase: { kind: "confirm" },
  });
  // A new draft starts over at `confirm`.
  const phase: Phase = phaseOf.draftId === draft.id ? phaseOf.phase : { kind: "confirm" };
  const setPhase = (next: Phase) => setPhaseOf({ draftId: draft.id, phase: next });

  useReportDomState(
    phase.kind === "committing" || (phase.kind === "error" && phase.retrying)
      ? "committing"
      : phase.kind,
  );

  useEffect(() => {
    mounted.current = true;
    cancelButton.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  useDevCheck(() => {
    if (!draft.title) devWarn("ConfirmPurchase", "the draft has no title.");
    if (draft.lines.length === 0) devWarn("ConfirmPurchase", "the draft has no lines.");
  }, [draft.title, draft.lines.length]);

  async function commit() {
    if (inFlight.current || phase.kind === "committed" || (expired && phase.kind === "confirm"))
      return;
    inFlight.current = true;
    setPhase(phase.kind === "error" ? { ...phase, retrying: true } : { kind: "committing" });
    const key = keyFor(); // stored in widget state before the call below
    let outcome: CommitOutcome;
    try {
      outcome = await onCommit(key);
    } catch {
      // We can't tell whether it reached the server: retrying with the same key is safe.
      outcome = { ok: false, error: { ...hostCallFailed("failed"), changes: "unknown" } };
    }
    if (!mounted.current) return;
    if (outcome.ok) {
      setPhase({ kind: "committed", outcome });
      onCommitted?.(outcome);
    } else {
      inFlight.current = false;
      // A lost host call says nothing about the write: it may have happened.
      const error =
        outcome.error.code === HOST_CALL_FAILED && !outcome.error.changes
          ? { ...outcome.error, changes: "unknown" as const }
          : outcome.error;
      setPhase({ kind: "error", error, retrying: false });
    }
  }

  async function prepareAgain() {
    if (preparing.current || !onPrepareAgain) return;
    preparing.current = true;
    try {
      await onPrepareAgain();
    } finally {
      preparing.current = false;
    }
  }

  if (phase.kind === "committed") {
    return (
      <OrderReceipt
        orderId={phase.outcome.orderId}
        total={phase.outcome.total ?? draft.total}
        replayed={phase.outcome.replayed}
        focusOnMount
      />
    );
  }

  if (phase.kind === "error") {
    return (
      <div className="wk-stack">
        <ErrorState error={phase.error} onRetry={commit} />
        <div className="wk-row">
          <button
            type="button"
            className="wk-button"
            data-action="cancel"
            disabled={phase.retrying}
            onClick={onCancel}
          >
            {m.cancel}
          </button>
          {!phase.error.retryable && onPrepareAgain ? (
            <button type="button" className="wk-button" onClick={prepareAgain}>
              {m.prepareAgain}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  const committing = phase.kind === "committing";
  return (
    <section
      className="wk-panel wk-stack"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <h2 id={titleId}>{m.confirmTitle}</h2>
      <p id={descriptionId} className="wk-muted">
        {m.confirmDescription}
      </p>
      <p>
        <strong>{draft.title}</strong>
      </p>
      <ul className="wk-lines">
        {draft.lines.map((line, index) => (
          <li key={index} className="wk-row">
            <span>{line.item}</span>
            <span className="wk-muted">{m.quantity(line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="wk-total">
        <span>{m.total}</span>
        <span>{money(draft.total)}</span>
      </p>
      {expired ? null : <p className="wk-muted">{m.expiresAt(dateTime(draft.expiresAt))}</p>}
      <p role="status" className={expired ? "wk-alert-text" : undefined}>
        {expired ? m.expired : committing ? m.committing : ""}
      </p>
      <div className="wk-row">
        <button
          ref={cancelButton}
          type="button"
          className="wk-button"
          data-action="cancel"
          disabled={committing}
          onClick={onCancel}
        >
          {m.cancel}
        </button>
        <button
          type="button"
          className="wk-button wk-button--primary"
          data-action="confirm"
          disabled={committing || expired}
          onClick={commit}
        >
          {m.confirm}
        </button>
        {expired && onPrepareAgain ? (
          <button type="button" className="wk-button" onClick={prepareAgain}>
            {m.prepareAgain}
          </button>
        ) : null}
      </div>
    </section>
  );
}
ConfirmPurchase.displayName = "ConfirmPurchase";
