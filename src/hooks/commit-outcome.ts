/**
 * What an app's commit call came to. Shared by the write flow (which makes it from the tool
 * result) and ConfirmPurchase (which shows it); it lives with the hooks so the hook layer never
 * imports a component.
 */
import type { Money, ToolError } from "../contract/index.ts";

/** What the app's commit returned: the order, or a ToolError to show with a retry. */
export type CommitOutcome =
  | {
      readonly ok: true;
      readonly orderId: string;
      readonly replayed?: boolean;
      readonly total?: Money;
    }
  | { readonly ok: false; readonly error: ToolError };
