/**
 * ResultView: the one place that turns a parsed tool result into what the person sees, and
 * puts the DOM contract (`data-state`, `data-theme`, `lang`) on the widget root. Success
 * data goes to the app's render function; every other state has a kit component.
 */
import { useMemo, type ReactNode } from "react";
import type { AnyParsedResult, NonRecordState } from "../contract/index.ts";
import { useHostGlobal } from "../hooks/use-host-global.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import { devWarn, IS_DEV, type DevNamed, useDevCheck } from "./dev.ts";
import type { ErrorWords } from "./error-class.ts";
import { EmptyState, type EmptyStateProps } from "./empty-state.tsx";
import { ErrorState } from "./error-state.tsx";
import { LoadingState } from "./loading-state.tsx";
import { InvalidState, UnsupportedState } from "./notice-state.tsx";
import { RenderGuard } from "./render-guard.tsx";
import { WaysBack } from "./ways-back.tsx";
import { useReportDomState, WidgetRoot } from "./widget-root.tsx";

/** The `results` member of a parsed-result union. */
export type ResultsOf<R> = Extract<R, { readonly state: "results" }>;

/** The record members of a parsed-result union (states `confirm`, `committed`). */
export type RecordsOf<R> = Exclude<R, { readonly state: NonRecordState }>;

/** Props of `ResultView`; `errorTexts` / `errorClasses` word and class the app's error codes. */
export interface ResultViewProps<R extends AnyParsedResult> extends ErrorWords {
  /**
   * The parsed result to show. `null` means "not delivered yet" (`loading`). When omitted,
   * ResultView reads the host's `toolOutput` and parses it with `contract`.
   */
  readonly result?: R | null;
  /** Parses the host's tool output when `result` is omitted. */
  readonly contract?: { parse(input: unknown, meta?: unknown): R };
  /** Renders the success list (`state: "results"`). Every valid item should be rendered. */
  readonly renderResults: (view: ResultsOf<R>) => ReactNode;
  /** Renders a record kind (its state, e.g. `confirm` or `committed`, is the data-state). */
  readonly renderRecord?: (view: RecordsOf<R>) => ReactNode;
  /** Retries the failed call; the error's RetryButton shows only when given. */
  readonly onRetry?: () => unknown;
  /**
   * Back to the list (`data-action="back"`), shown when given: the write flow's `back`. Not
   * under a draft (`confirm`): its dialog has its own (ConfirmDraft's `onBack`).
   */
  readonly onBack?: () => unknown;
  /** The list's read again (`data-action="refresh"`), shown when given (not under a draft). */
  readonly onRefresh?: () => unknown;
  /**
   * Cancel (`data-action="cancel"`) under a refused write with no list to go back to, shown
   * when given: the write flow's `end` (the model's own prepare or commit, refused for good).
   */
  readonly onCancel?: () => unknown;
  /** Follow-ups for the empty state, from the app's messages (none by default). */
  readonly emptySuggestions?: EmptyStateProps["suggestions"];
  /** Rendered first inside the root in every state (an app title, for instance). */
  readonly header?: ReactNode;
  /** Extra classes on the root element (beside the kit's). */
  readonly className?: string;
}

/** The invalid notice where the root's own state says otherwise: reports `invalid` to it. */
export function ReportedInvalid() {
  useReportDomState("invalid");
  return <InvalidState />;
}

type BodyProps<R extends AnyParsedResult> = ResultViewProps<R> & {
  readonly view: R | null;
};

/** Rendered inside the guard, so an error thrown by the app's render functions is caught too. */
function StateBody<R extends AnyParsedResult>(props: BodyProps<R>) {
  const { view, renderResults, renderRecord } = props;
  const { m } = useI18n();
  if (view === null) return <LoadingState />;
  // The kit's own states are read through the union every contract's views belong to (where
  // `state` narrows); the app's render functions get the app's own member of R.
  const shown: AnyParsedResult = view;
  switch (shown.state) {
    case "results":
      return (
        <>
          {/* Focusable so keyboard users can scroll the list within the host's max height. */}
          <div className="wk-scroll" role="region" aria-label={m.resultsLabel} tabIndex={0}>
            {renderResults(view as ResultsOf<R>)}
          </div>
          {shown.dropped > 0 ? <p className="wk-muted">{m.droppedItems(shown.dropped)}</p> : null}
        </>
      );
    case "empty":
      return <EmptyState reason={shown.reason} suggestions={props.emptySuggestions} />;
    case "error":
      // The view's props as they are: ErrorState takes `onRetry`, `errorTexts`, `errorClasses`.
      return <ErrorState {...props} error={shown.error} />;
    case "unsupported":
      return <UnsupportedState />;
    case "invalid":
      return <InvalidState />;
    default:
      return renderRecord ? renderRecord(view as RecordsOf<R>) : <ReportedInvalid />;
  }
}

/**
 * Renders a parsed result in its state: `loading`, `results` (through `renderResults`),
 * `empty`, `error`, `invalid`, `unsupported`, or a record kind through `renderRecord`. A
 * render error below (the render functions included) becomes `invalid`, never a blank widget.
 *
 * @example
 * <ResultView contract={contract} renderResults={(view) => <ItemList items={view.items} … />} />
 */
export function ResultView<R extends AnyParsedResult>(props: ResultViewProps<R>) {
  const { result, contract, header, className, onBack, onRefresh, onCancel } = props;
  const toolOutput = useHostGlobal("toolOutput");
  // Its `_meta`: a record's widget-only fields (never in what the model reads).
  const toolMeta = useHostGlobal("toolResponseMetadata");
  const usesHostOutput = result === undefined;
  const view: R | null = useMemo(() => {
    if (!usesHostOutput) return result ?? null;
    if (toolOutput === null || toolOutput === undefined) return null;
    return contract ? contract.parse(toolOutput, toolMeta) : null;
  }, [usesHostOutput, result, toolOutput, toolMeta, contract]);

  useDevCheck(() => {
    if (usesHostOutput && !contract)
      devWarn("ResultView", "give a `result` or a `contract` to parse the tool output with.");
  }, [usesHostOutput, contract]);
  useDevCheck(() => {
    // The reason is for developers only: it never reaches the screen.
    if (view?.state === "invalid") devWarn("ResultView", `invalid result: ${view.reason}`);
  }, [view]);

  return (
    <WidgetRoot state={view?.state ?? "loading"} className={className}>
      {header}
      <RenderGuard resetKey={view} fallback={<ReportedInvalid />}>
        <StateBody {...props} view={view} />
      </RenderGuard>
      {/* A draft is a modal dialog: its ways out are its own (a modal's outside is out of
          reach), so they are not drawn a second time under it. */}
      {view?.state === "confirm" ? null : (
        <WaysBack onBack={onBack} onRefresh={onRefresh} onCancel={onCancel} />
      )}
    </WidgetRoot>
  );
}
if (IS_DEV) (ResultView as DevNamed).displayName = "ResultView";
