/** The kit's React components and the DOM contract they publish. */
export type { DomAction } from "./dom-action.ts";
export { WidgetRoot } from "./widget-root.tsx";
export {
  ResultView,
  type ResultViewProps,
  type ResultsOf,
  type RecordsOf,
} from "./result-view.tsx";
export { ItemList, type ItemListProps } from "./item-list.tsx";
export { RenderGuard, type RenderGuardProps, type RenderGuardState } from "./render-guard.tsx";
export { LoadingState } from "./loading-state.tsx";
export { InvalidState, UnsupportedState } from "./notice-state.tsx";
export { EmptyState, type EmptyStateProps } from "./empty-state.tsx";
export { ErrorState, type ErrorStateProps } from "./error-state.tsx";
export { errorClassOf, plainFieldName, type ErrorClass, type ErrorWords } from "./error-class.ts";
export { UNREADABLE_RESULT } from "../contract/error-codes.ts";
export { RequestId, type RequestIdProps } from "./request-id.tsx";
export { RetryButton, DEFAULT_MAX_ATTEMPTS, type RetryButtonProps } from "./retry-button.tsx";
export { WaysBack, type WaysBackProps } from "./ways-back.tsx";
export { ConfirmDraft, type ConfirmDraftProps, type Draft } from "./confirm-draft.tsx";
export type { CommitOutcome } from "../write/commit-outcome.ts";
export { Receipt, type ReceiptProps } from "./receipt.tsx";
export {
  type PaymentMethodWords,
  usePaymentMethodChoice,
  type PaymentMethodChoice,
} from "./payment-method-picker.tsx";
export { WriteView, type WriteViewProps } from "./write-view.tsx";
export { useExpired } from "./use-expired.ts";
export { newIdempotencyKey } from "../write/idempotency-key.ts";
