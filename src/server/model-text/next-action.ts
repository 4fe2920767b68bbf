/**
 * `next_action` is read by the model as an instruction, so it only ever comes from this
 * fixed table (or an app's own fixed table): echoing user input into it would be a
 * prompt-injection path.
 */
import { FIELD_CODES } from "../../contract/error-codes.ts";

/** The kit's next-action templates. Apps may add their own fixed sentences beside them. */
export const NEXT_ACTIONS = {
  fixFields:
    "Change each field listed in field_errors to a valid value (see its example), then call the tool again.",
  fixAsSaid:
    "Fix each field in field_errors as its message (and example, if any) says, then call the tool again.",
  doNotRepeat:
    "Do not repeat this call unchanged. Tell the person what happened and ask how to proceed.",
  retryLater:
    "Wait retry_after_seconds, then repeat the same call once. If it fails again, tell the person.",
  retrySameKey:
    "Repeat the same call with the same idempotency_key after retry_after_seconds; it will not be applied twice.",
  newKeyOrSameArgs:
    "Do not reuse this idempotency_key for different arguments. Repeat the original arguments, or start a new request with a new key.",
  reportFailure:
    "Do not retry. Tell the person the request failed and give them the request_id if they contact support.",
  signIn:
    "Tell the person this needs them to sign in; the app shows the sign-in. After they sign in, call the tool again with the same arguments.",
  moreAccess:
    "Tell the person this needs a permission their sign-in did not grant; the app asks them to approve it. Then call the tool again with the same arguments.",
  confirmInApp:
    "Do not call this tool yourself. Tell the person to review the draft in the app and confirm it there; the app places it.",
  confirmationDeclined:
    "Do not call this tool again unless the person asks. Tell them nothing was done.",
  confirmAgain:
    "Call this tool once more with the same arguments: the person is asked to confirm again.",
} as const;

/** One of the kit's next-action sentences. */
export type KitNextAction = (typeof NEXT_ACTIONS)[keyof typeof NEXT_ACTIONS];

/**
 * `fixFields` sends the model to each entry's example, so it is only said when every field
 * listed has one; otherwise (an unknown argument to remove, an example dropped for length)
 * the sentence that points at the messages instead. The `MORE_ERRORS` count is not a field.
 */
export function fieldsNextAction(
  nextAction: string | undefined,
  fieldErrors: readonly { readonly code: string; readonly example?: string | undefined }[],
): string | undefined {
  if (nextAction !== NEXT_ACTIONS.fixFields) return nextAction;
  const bare = fieldErrors.some(
    (entry) => entry.example === undefined && entry.code !== FIELD_CODES.moreErrors,
  );
  return bare ? NEXT_ACTIONS.fixAsSaid : nextAction;
}
