/**
 * What an app's commit call came to. Shared by the commit machine (which runs it), the write
 * flow (which makes it from the tool result) and ConfirmDraft (which shows it); it lives in the
 * framework-free layer so none of them imports another.
 */
import type { Money, ToolError } from "../contract/index.ts";

/**
 * What the app's commit returned: the done write (its id, to quote — an order, a message, a
 * booking), or a ToolError to show with a retry.
 */
export type CommitOutcome =
  | {
      readonly ok: true;
      /** The id of what was written (order, message, booking …), shown as the reference. */
      readonly reference: string;
      readonly replayed?: boolean;
      readonly total?: Money;
    }
  | { readonly ok: false; readonly error: ToolError };

/** A commit that went through. */
export type CommitSuccess = Extract<CommitOutcome, { ok: true }>;
