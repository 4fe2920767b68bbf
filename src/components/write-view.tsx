/**
 * WriteView: a write drawn once. The write flow (`useWriteFlow`) wired into the list, the
 * confirm dialog and the receipt, so an app gives only its domain — how its list and its draft
 * look, and what its receipt says beside the reference — and no callback: prepare, commit with
 * the draft's proof and one idempotency key, cancel, back, refresh, retry, prepare again and
 * the cancelled notice are all the kit's (docs/components.md, "A write drawn once").
 */
import { useRef, useState, type ReactNode } from "react";
import { CONFIRMATION_NOT_DELIVERED } from "../contract/error-codes.ts";
import type { ToolInputOf, ToolRef } from "../contract/tools.ts";
import type { AnyParsedResult } from "../contract/index.ts";
import { useHost } from "../hooks/host-context.tsx";
import type { SheetCheckout } from "../hooks/use-sheet-checkout.ts";
import { useWriteFlow, type WriteFlowOptions } from "../hooks/use-write-flow.ts";
import type { AppMessages } from "../i18n/app-messages.ts";
import { MessagesProvider, useI18n } from "../i18n/use-i18n.ts";
import { ConfirmDraft, type ConfirmDraftProps, type Draft } from "./confirm-draft.tsx";
import { IS_DEV, type DevNamed } from "./dev.ts";
import type { ErrorWords } from "./error-class.ts";
import type { EmptyStateProps } from "./empty-state.tsx";
import { Receipt } from "./receipt.tsx";
import { ReportedInvalid, ResultView, type RecordsOf, type ResultsOf } from "./result-view.tsx";
import { WidgetRoot } from "./widget-root.tsx";
import { writeCatalogs } from "../i18n/catalogs.ts";
import { WRITE_ERROR_CLASSES } from "./write-error-classes.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";

/** `view` in `state`, narrowed to the union's members of that state. */
const inState = <V extends { readonly state: string }, S extends string>(
  view: V,
  state: S,
): view is Extract<V, { readonly state: S }> => view.state === state;

/**
 * Props of `WriteView`: the write flow's options (the contract, the prepare and commit tools,
 * the receipt), the app's error words, and how the app's views look.
 */
export interface WriteViewProps<R extends AnyParsedResult, P extends ToolRef, C extends ToolRef>
  extends WriteFlowOptions<R, P, C>, ErrorWords {
  /** Rendered first in every state (an app title, for instance). */
  readonly header?: ReactNode;
  /**
   * The list (`state: "results"`). `write.prepare(args)` prepares a draft with the prepare
   * tool's own arguments (one at a time); `write.pending` holds the arguments of the prepare
   * on its way (null when none is), to mark its item busy.
   */
  readonly renderResults: (
    view: ResultsOf<R>,
    write: {
      readonly prepare: (args: ToolInputOf<P>) => void;
      readonly pending: ToolInputOf<P> | null;
    },
  ) => ReactNode;
  /**
   * The prepare tool's result (`state: "confirm"`) as the dialog shows it: the `draft` the
   * person confirms (its `id` is the draft id the commit is sent as `draft_id`), the app's
   * `body` inside the dialog, the prepare arguments that make it `again` once it expired, and
   * `commitArguments`, read when the commit is sent, for the commit tool's own arguments
   * beside the kit's (a saved payment method's id: docs/checkout.md).
   */
  readonly confirm: (view: Extract<RecordsOf<R>, { readonly state: "confirm" }>) => {
    readonly draft: Draft;
    readonly body?: ReactNode;
    readonly again?: ToolInputOf<P>;
    readonly commitArguments?: () => { readonly [name: string]: unknown };
  };
  /** What the receipt shows under its reference (the commit tool's result), if anything. */
  readonly renderReceipt?: (
    view: Extract<RecordsOf<R>, { readonly state: "committed" }>,
  ) => ReactNode;
  /**
   * The app's own view of a committed result in place of the kit's Receipt (an order still to
   * be paid on the merchant's page, say), or `undefined` for the Receipt. `justCommitted`:
   * this flow has just committed it (move the focus to it), not a restored one.
   */
  readonly renderCommitted?: (
    view: Extract<RecordsOf<R>, { readonly state: "committed" }>,
    justCommitted: boolean,
  ) => ReactNode | undefined;
  /**
   * ChatGPT's payment sheet, where the app offers it (`useSheetCheckout(…)`'s answer): where
   * the host has one and the server said it pays the draft there (`available`), Confirm pays
   * the draft there, and a failed payment is shown and paid again there; elsewhere the commit
   * tool commits it. The draft is single-use across both ways (docs/checkout.md, "The payment
   * sheet").
   */
  readonly sheet?: SheetCheckout;
  /** Any other record kind of the app (neither the draft nor the receipt). */
  readonly renderRecord?: (view: RecordsOf<R>) => ReactNode;
  /**
   * The dialog's words (ConfirmDraft's `words`); an app's messages re-word the kit's too.
   * (`words` is the flow's: what the model is told.)
   */
  readonly dialogWords?: ConfirmDraftProps["words"];
  /** Follow-ups for the empty state (ResultView's `emptySuggestions`). */
  readonly emptySuggestions?: EmptyStateProps["suggestions"];
  /**
   * The app's messages (`defineMessages`), handed to every kit component inside, so the
   * dialog's, the receipt's and the notices' kit keys speak the app's words — without a
   * `MessagesProvider` around the view. Absent: the nearest provider's, or the kit's own.
   */
  readonly messages?: AppMessages<unknown>;
}

/**
 * The list → confirm → receipt of one write tool, over the host's result: ResultView for every
 * state, ConfirmDraft for the prepare tool's result (committed with `{ draft_id,
 * idempotency_key }` and the draft's proof), Receipt for the commit tool's result (its
 * reference, total and replay from the flow's `receipt`), and the kit's cancelled notice.
 * The draft refusals a declared write answers (`DRAFT_NOT_FOUND`, `DRAFT_EXPIRED`,
 * `DRAFT_ALREADY_USED`) are classed by the kit; `errorClasses` adds the app's own codes.
 *
 * @example
 * <WriteView contract={flights} prepare={tools.prepare_booking} commit={tools.book_flight}
 *   tools={tools} receipt={receipt}
 *   renderResults={(view, write) => <Offers items={view.items} onBook={write.prepare} />}
 *   confirm={(view) => ({ draft: { id: view.data.draft.draft_id, title: "LIS → BER" } })} />
 */
export function WriteView<R extends AnyParsedResult, P extends ToolRef, C extends ToolRef>(
  props: WriteViewProps<R, P, C>,
) {
  const view = <WriteFlowView {...props} />;
  return props.messages ? (
    <MessagesProvider messages={props.messages}>{view}</MessagesProvider>
  ) : (
    view
  );
}

/** WriteView's body, inside the app's messages (it reads them for the cancelled notice). */
function WriteFlowView<R extends AnyParsedResult, P extends ToolRef, C extends ToolRef>(
  props: WriteViewProps<R, P, C>,
) {
  const { header, confirm, renderReceipt, renderCommitted, renderRecord, dialogWords, sheet } =
    props;
  // The write's own draft refusals are classed for every app, and a closed payment sheet is a
  // payment not done (its title); the app's classes come on top.
  const errorClasses = {
    ...WRITE_ERROR_CLASSES,
    CHECKOUT_NOT_COMPLETED: "declined" as const,
    ...props.errorClasses,
  };
  // Any commit ref: the commit is sent with the kit's commit arguments, whatever it declares.
  const flow = useWriteFlow<R, P, ToolRef>(props);
  const { m, language } = useI18n();
  // The draft whose commit the host left without its proof (`CONFIRMATION_NOT_DELIVERED`).
  const [proofless, setProofless] = useState<string>();
  // The reference of the order the sheet just paid (no commit was sent for it).
  const paidOnSheet = useRef<string>(undefined);
  const host = useHost();
  // The confirmation's own words (a host that drops the proof, a closed sheet), then the app's.
  // (`writeCatalogs` has the catalogs' languages, so `language`'s is there.)
  const errorTexts = { ...writeCatalogs[language], ...props.errorTexts };
  if (flow.cancelled)
    return (
      <WidgetRoot state="empty">
        {header}
        <p className="wk-panel">{m.cancelled}</p>
      </WidgetRoot>
    );
  const write = {
    prepare: (args: ToolInputOf<P>) => void flow.prepare(args),
    pending: flow.pending,
  };
  return (
    <ResultView<R>
      result={flow.view as R | null}
      header={header}
      onRetry={flow.retry}
      onBack={flow.back}
      onRefresh={flow.refresh}
      onCancel={flow.end}
      errorTexts={errorTexts}
      errorClasses={errorClasses}
      emptySuggestions={props.emptySuggestions}
      renderResults={(view) => props.renderResults(view, write)}
      renderRecord={(record) => {
        if (inState(record, "committed")) {
          // The app's own view first; else the kit's Receipt of what `receipt` reads.
          const own = renderCommitted?.(record, flow.justCommitted);
          if (own !== undefined) return own;
          const receipt = props.receipt(record);
          if (receipt)
            return (
              <Receipt
                reference={receipt.reference}
                total={receipt.total}
                replayed={receipt.replayed}
                focusOnMount={flow.justCommitted}
              >
                {renderReceipt?.(record)}
              </Receipt>
            );
        }
        if (!inState(record, "confirm"))
          return renderRecord ? renderRecord(record) : <ReportedInvalid />;
        const { draft, body, again, commitArguments } = confirm(record);
        return (
          <ConfirmDraft
            key={draft.id}
            draft={draft}
            words={dialogWords}
            errorTexts={errorTexts}
            errorClasses={errorClasses}
            onCommit={async (key) => {
              const onSheet = sheet?.available ? sheet : undefined;
              const outcome = await (onSheet
                ? payOnSheet(onSheet, draft)
                : flow.commit({
                    ...commitArguments?.(),
                    draft_id: draft.id,
                    idempotency_key: key,
                  }));
              if (!outcome.ok && outcome.error.code === CONFIRMATION_NOT_DELIVERED)
                setProofless(draft.id);
              paidOnSheet.current = onSheet && outcome.ok ? outcome.reference : undefined;
              return outcome;
            }}
            onCommitted={(outcome) => {
              if (outcome.reference !== paidOnSheet.current) return flow.committed();
              // The flow sent no commit, so it tells nothing: the model is told as after one.
              const text =
                props.words?.confirmed?.(outcome.reference) ??
                `The person confirmed (reference ${outcome.reference}).`;
              if (host.capabilities.updateModelContext)
                void Promise.resolve()
                  .then(() => host.updateModelContext?.({ content: [{ type: "text", text }] }))
                  .catch(() => {}); // a host that fails it: the model is not told, the view lives
            }}
            onCancel={flow.cancel}
            onBack={flow.back}
            onRefresh={flow.refresh}
            // Not where the host dropped the draft's proof: a draft prepared again here would
            // lose its proof again, and fail the same way.
            onPrepareAgain={
              again === undefined || proofless === draft.id ? undefined : () => flow.prepare(again)
            }
          >
            {body}
          </ConfirmDraft>
        );
      }}
    />
  );
}
if (IS_DEV) (WriteView as DevNamed).displayName = "WriteView";

/**
 * `draft` paid on the host's sheet, as a commit's outcome with the draft's total. A failed
 * sheet is that failure (retried on the sheet), never a commit another way: the server said it
 * pays this draft on the sheet.
 */
async function payOnSheet(sheet: SheetCheckout, draft: Draft): Promise<CommitOutcome> {
  const paid = await sheet.pay(draft.id);
  return paid.ok ? { ...paid, total: draft.total } : paid;
}
