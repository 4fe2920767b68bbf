/** English: the reference catalog. Every other language implements `Messages`. */
import { plural } from "../plural.ts";

const n = (count: number, one: string, other: string) => plural("en", count, { one, other });

/** Every string the kit shows. Functions take the values they interpolate. */
export const en = {
  loading: "Loading…",
  resultsLabel: "Results",
  droppedItems: (count: number) =>
    n(count, "1 item could not be shown.", "{n} items could not be shown."),

  invalidTitle: "This result can't be shown",
  invalidBody: "The answer was not in the expected shape. Please ask again.",
  unsupportedTitle: "This app needs an update",
  unsupportedBody: "The result uses a newer format than this version of the app can show.",

  emptyTitle: "Nothing found",
  emptyHint: "You could try:",
  cancelled: "Cancelled. Nothing was changed.",

  errorTitle: "Something went wrong",
  hostCallFailed: "The request could not reach the app. Please try again.",
  unreadableResult: "The app sent an answer this widget can't read.",
  fieldErrorsTitle: "Please check:",
  example: (value: string) => `For example: ${value}`,
  nextAction: "What to do next:",
  requestId: "Request ID",
  copy: "Copy",
  copyLabel: "Copy the request ID",
  copied: "Copied",
  copyManually: "Select the ID and copy it",
  changesNone: "Nothing was created.",
  changesApplied: "The change was applied.",
  changesUnknown: "It may have gone through — it is safe to retry with the same request.",

  retry: "Try again",
  retryIn: (seconds: number) => `Try again in ${seconds} s`,
  retrying: "Trying again…",
  retryWait: (seconds: number) =>
    n(seconds, "You can try again in 1 second.", "You can try again in {n} seconds."),
  retryReady: "You can try again now.",
  retryExhausted: "This keeps failing. Please try again later.",

  confirmTitle: "Please confirm",
  confirmDescription: "Check the details. Nothing happens until you confirm.",
  quantity: (count: number) => `× ${count}`,
  total: "Total",
  expiresAt: (when: string) => `Valid until ${when}.`,
  expired: "This has expired. Prepare it again to see the current details.",
  prepareAgain: "Prepare again",
  confirm: "Confirm",
  cancel: "Cancel",
  committing: "Sending…",
  committedTitle: "Done",
  reference: "Reference:",
  replayed: "This had already been done; nothing happened twice.",
};

/** The shape every catalog implements. */
export type Messages = typeof en;
