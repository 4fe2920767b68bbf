/**
 * What became of the commit of one draft, read without taking anything: the model's way to
 * answer "did it go through?" truthfully. The person confirms in the widget, so the model
 * never holds the commit's idempotency key — only the draft id its prepare call returned. A
 * commit (`runCommit`, single use) keeps its record under the draft as its subject, so the
 * record of the draft tells the answer whatever key the widget sent: the stored answer (the
 * same one a retry of that commit replays), a commit still running or owed its effect, or no
 * record — and no record, while records are kept (`ttlMs`, 24 h by default) after a draft was
 * prepared, proves no commit of it was ever done. A draft paid on the payment sheet is held by
 * the sheet's gate instead: its answer is the sheet's payment, read from the sheet's records
 * (see docs/checkout.md), never the gate's refusal of a second commit.
 */
import {
  peekSheetPayment,
  sheetChainOf,
  type SheetPaymentStatus,
} from "../checkout/sheet-status.ts";
import type { IdempotentOutcome } from "../idempotency/run-idempotent.ts";
import { recordsOf, type IdempotencyStore } from "../idempotency/store.ts";
import type { ToolContext } from "../tool-server.ts";

/**
 * The commit of `draftId` by `context.caller`, as `runCommit` would answer a retry of it: a
 * stored answer is `replayed` (turn it into the tool's answer with `idempotentResult`, as the
 * commit tool does), a commit running or in doubt is `in_progress`, a draft the payment sheet
 * took is `payment_sheet` with what became of its payment (the order, a charge in doubt, not
 * paid yet, refunded or expired), and `undefined` means no commit of this draft by this caller
 * is on record — nothing was done, if the draft was prepared less than the records' lifetime
 * ago; answer then from the draft itself (waiting for the person's confirmation until it
 * expires, or expired). Never starts or finishes anything: a read tool the model may call.
 */
export async function peekCommit<T>(
  store: IdempotencyStore,
  draftId: string,
  context: Pick<ToolContext, "caller">,
): Promise<
  | Exclude<IdempotentOutcome<T>, { state: "fresh" } | { state: "key_reused" }>
  | { readonly state: "payment_sheet"; readonly payment: SheetPaymentStatus }
  | undefined
> {
  const records = recordsOf(store);
  const found = await records.peekSubject(context.caller, `draft:${draftId}`);
  switch (found.state) {
    case "absent":
      return undefined;
    case "completed": {
      const value: unknown = JSON.parse(found.response.body);
      const chain = sheetChainOf(value);
      if (chain !== undefined)
        return {
          state: "payment_sheet",
          payment: await peekSheetPayment(records, context.caller, chain),
        };
      return { state: "replayed", value: value as T, inDoubt: found.inDoubt };
    }
    case "in_progress":
      return { state: "in_progress", retryAfterSeconds: 2 };
  }
}
