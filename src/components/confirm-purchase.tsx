/**
 * ConfirmPurchase: `ConfirmDraft` for a purchase — lines of items with their quantities, a
 * money total and an expiry. Everything else (the exactly-once commit, sign-in, the receipt)
 * is ConfirmDraft's.
 */
import type { Money } from "../contract/index.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import { ConfirmDraft, type ConfirmDraftProps } from "./confirm-draft.tsx";
import type { ErrorWords } from "./error-class.ts";
import { devWarn, IS_DEV, type DevNamed, useDevCheck } from "./dev.ts";

/** What the person confirms buying. Apps map their own draft to this shape. */
export interface PurchaseDraft {
  /** The draft's id: one idempotency key is made per id. */
  readonly id: string;
  /** What is being bought, the dialog's subject. */
  readonly title: string;
  /** The items and their quantities, one line each. */
  readonly lines: readonly {
    /** The item's name, as the person sees it. */
    readonly item: string;
    /** How many (shown as "× n"). */
    readonly quantity: number;
  }[];
  /** What the person pays. */
  readonly total: Money;
  /** ISO 8601; once past, Confirm is disabled and "prepare again" is offered. */
  readonly expiresAt: string;
}

export type { CommitOutcome };

/** Props of `ConfirmPurchase`; `errorTexts` / `errorClasses` as ConfirmDraft's. */
export interface ConfirmPurchaseProps extends ErrorWords {
  /** The draft to confirm (the server's, mapped by the app). */
  readonly draft: PurchaseDraft;
  /** The app's body in the dialog, above the lines (a saved-method picker, for instance). */
  readonly children?: ConfirmDraftProps["children"];
  /** Sends the commit with this key (e.g. the app's commit tool with `{ draft_id, idempotency_key }`). */
  readonly onCommit: (idempotencyKey: string) => Promise<CommitOutcome>;
  /** The person declined: nothing is sent. */
  readonly onCancel: () => void;
  /** Prepares the same purchase again (offered when the draft expired). */
  readonly onPrepareAgain?: () => unknown;
  /** Told once the order exists (to persist it, for instance). */
  readonly onCommitted?: ConfirmDraftProps["onCommitted"];
  /** Back to the list, in place of Cancel once the commit failed for good (the flow's `back`). */
  readonly onBack?: () => unknown;
  /** Runs the list's read again, offered when the commit failed for good. */
  readonly onRefresh?: () => unknown;
  /** The app's words for buttons, states and receipt (ConfirmDraft's `words`). */
  readonly words?: ConfirmDraftProps["words"];
}

/**
 * `ConfirmDraft` with the purchase's lines (`item × quantity`) and its total.
 *
 * @example
 * <ConfirmPurchase draft={draft} onCommit={(key) => commit(draft.id, key)} onCancel={back} />
 */
export function ConfirmPurchase({ draft, ...props }: ConfirmPurchaseProps) {
  const { m } = useI18n();
  useDevCheck(
    () => {
      if (draft.lines.length === 0) devWarn("ConfirmPurchase", "the draft has no lines.");
    },
    IS_DEV ? [draft.lines.length] : [],
  );
  const lines = draft.lines.map((line) => ({ label: line.item, value: m.quantity(line.quantity) }));
  return <ConfirmDraft draft={{ ...draft, lines }} {...props} />;
}
if (IS_DEV) (ConfirmPurchase as DevNamed).displayName = "ConfirmPurchase";
