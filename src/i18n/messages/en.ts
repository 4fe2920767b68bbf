/** English: the reference catalog. Every other language implements `Messages`. */
import { plural } from "../plural.ts";

const n = (count: number, one: string, other: string) => plural("en", count, { one, other });

/** Every string the kit shows. Functions take the values they interpolate. */
export const en = {
  loading: "Loading…",
  resultsLabel: "Results",
  droppedItems: (count: number) =>
    n(count, "1 item could not be shown.", "{n} items could not be shown."),
  expand: "Show all",

  invalidTitle: "This result can't be shown",
  invalidBody: "The answer was not in the expected shape. Please ask again.",
  unsupportedTitle: "This app needs an update",
  unsupportedBody: "The result uses a newer format than this version of the app can show.",

  emptyTitle: "Nothing found",
  emptyHint: "You could try:",
  cancelled: "Cancelled. Nothing was changed.",

  errorTitle: "Something went wrong",
  errorTitleValidation: "Please check the details",
  errorTitleRefused: "This was not done",
  hostCallFailed: "The request could not reach the app. Please try again.",
  unreadableResult: "The app sent an answer this widget can't read.",
  fieldErrorsTitle: "Details to check",
  fieldOther: "Some of the details sent",
  fieldUnknown: "Details the app does not recognise",
  fieldMore: "More details, shown once these are fixed",
  example: (value: string) => `For example: ${value}`,
  requestId: "Request ID",
  copy: "Copy",
  copyLabel: "Copy the request ID",
  copied: "Copied",
  copyManually: "Select the ID and copy it",
  changesNone: "Nothing was changed.",
  changesApplied: "The change was applied.",
  changesUnknown: "It may have gone through — it is safe to retry with the same request.",
  errorValidation: "Some details need to change before this can go on.",
  errorRateLimited: "Too many requests at once. Please wait a moment.",
  errorLimitReached: "A limit has been reached for now. Please try again later.",
  errorUnavailable: "The service is not available right now. Please try again soon.",
  errorNotFound: "That could not be found, or is no longer available.",
  errorExpired: "This has expired. Please start again.",
  errorConflict: "This clashes with an earlier request, so nothing more was done.",
  errorKeyReused: "This was already sent with other details; nothing was done.",
  errorInProgress: "An earlier attempt is still being handled. Please try again in a moment.",
  errorNotAllowed: "Your access does not allow this.",
  signInTitle: "Sign in to continue",
  signInBody: "This needs you to sign in. Nothing was done yet.",
  signIn: "Sign in",
  errorDeclined: "This was declined.",
  errorUnknown: "The app could not do this.",

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
  back: "Back to the list",
  refresh: "Refresh the list",
  confirm: "Confirm",
  cancel: "Cancel",
  committing: "Sending…",
  committedTitle: "Done",
  reference: "Reference:",
  replayed: "This had already been done; nothing happened twice.",
};

/** The shape every catalog implements. */
export type Messages = typeof en;

/**
 * WriteView's own sentences, by the error code they word: not `Messages` (only WriteView reads
 * them, so a widget without it ships none of them). A proof the host never handed the widget
 * (`CONFIRMATION_NOT_DELIVERED`: nothing expired; the person can confirm in a host that passes
 * it on), and the payment sheet the person closed (`CHECKOUT_NOT_COMPLETED`: nothing charged).
 */
export const enWrite = {
  CONFIRMATION_NOT_DELIVERED:
    "This host does not pass on what the app needs to confirm here. You can confirm in ChatGPT or another host that shows this app.",
  CHECKOUT_NOT_COMPLETED: "The payment was not completed. Nothing was charged.",
};

/** The shape of every catalog's WriteView sentences. */
export type WriteMessages = typeof enWrite;
