/**
 * The part of widget state the model must not read: the confirmation proof and the idempotency
 * key. The kit keeps it under one key of the widget's state object; hosts whose widget state
 * the model never sees (MCP Apps: memory and session storage) keep the object as it is, and
 * ChatGPT, which shows a plain widget state to the model, gets its structured shape instead —
 * `{ modelContent, privateContent }`, whose `privateContent` the model does not see.
 */
import { isRecord } from "../core/is-record.ts";

/** The key of the kit's widget state whose value the model must not read. */
export const PRIVATE_STATE_KEY = "wkPrivate";

/** The kit's state as ChatGPT's structured widget state (anything but an object: as it is). */
export function toStructuredState(state: unknown): unknown {
  return isRecord(state)
    ? {
        modelContent: { ...state, [PRIVATE_STATE_KEY]: undefined },
        privateContent: state[PRIVATE_STATE_KEY],
      }
    : state;
}

/**
 * ChatGPT's structured widget state as the kit's; any other shape (a plain state an older
 * widget stored) as it is. Untrusted: nothing stored (null, undefined) and a hostile getter
 * throw, which the globals' normaliser reads as no state; the private part is checked by
 * whoever reads it.
 */
export function fromStructuredState(state: unknown): unknown {
  const { modelContent, privateContent } = state as { readonly [key: string]: unknown };
  return modelContent === undefined
    ? state
    : { ...(isRecord(modelContent) && modelContent), [PRIVATE_STATE_KEY]: privateContent };
}
