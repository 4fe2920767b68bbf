/**
 * What an app's commit call came to. Shared by ConfirmDraft's commit (`useDraftCommit`, which
 * runs it and shows it) and the write flow (which makes it from the tool result); it lives in
 * the framework-free layer so neither imports the other.
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
