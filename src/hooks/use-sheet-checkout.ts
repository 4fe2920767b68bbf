/**
 * Paying a write flow's draft on ChatGPT's payment sheet: the server's session tool (the kit
 * registers it: docs/checkout.md) is called with the person's confirmation proof the flow
 * kept, and the session it answers goes to `requestCheckout`. What came of it is a
 * `CommitOutcome`, so `ConfirmDraft` shows the order, or the error, as after a commit. Its
 * own module: only an app that offers the sheet imports it, and every other widget ships none
 * of its bytes.
 */
import * as v from "valibot";
import { CONFIRMATION_ARGUMENT, SHEET_META } from "../contract/confirmation.ts";
import { CONFIRMATION_NOT_DELIVERED, CONFIRMATION_REQUIRED } from "../contract/error-codes.ts";
import { ToolErrorSchema } from "../contract/schemas.ts";
import type { ToolError } from "../contract/index.ts";
import { isRecord } from "../core/is-record.ts";
import { callToolOnce } from "../bridge/call-tool-once.ts";
import { canRequestCheckout, requestCheckout } from "../bridge/request-checkout.ts";
import { useHost } from "./host-context.tsx";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import { proofOf } from "../write/confirmation-proof.ts";
import { readStateKey, writeStateKey } from "../write/widget-state-key.ts";

/** What `useSheetCheckout` gives the widget. */
export interface SheetCheckout {
  /**
   * Whether drafts are paid on the sheet: this host offers one, and the server says it has one
   * (its results' `_meta` name `sessionTool`, as the host handed the widget). Without it,
   * commit the app's own way; with it, never: a failed sheet is shown, and paid again there.
   */
  readonly available: boolean;
  /**
   * Pays the draft on the sheet (call it from the person's click): the order as a commit's
   * success, else the error — the server's ToolError, the host's failed (or timed-out) call of
   * the session tool (`changes: "none"`: no sheet opened, nothing charged), or the kit's for a
   * closed sheet (`CHECKOUT_NOT_COMPLETED`, nothing charged) and an answer it cannot read
   * (`CHECKOUT_UNKNOWN`: ask the server for the order's status, do not offer to pay again).
   */
  pay(draftId: string): Promise<CommitOutcome>;
}

const notCompleted: ToolError = {
  code: "CHECKOUT_NOT_COMPLETED",
  message: "The payment was not completed; nothing was charged.",
  retryable: true,
  changes: "none",
};

const unknownOutcome: ToolError = {
  code: "CHECKOUT_UNKNOWN",
  message: "The payment's outcome is not known yet; check the order's status before paying again.",
  retryable: false,
  changes: "unknown",
};

/** A ToolError the server sent (untrusted), or `fallback`. */
function errorOf(value: unknown, fallback: ToolError): ToolError {
  const parsed = v.safeParse(ToolErrorSchema, isRecord(value) ? value.error : undefined);
  return parsed.success ? (parsed.output as ToolError) : fallback;
}

/**
 * The payment sheet for the write flow's drafts: `sessionTool` is the server's session tool
 * (`createPaymentSheet`'s `sessionTool.name`); `stateKey` the flow's own (`useWriteFlow`'s
 * `stateKey`), where it keeps the proof of the draft it prepared.
 *
 * @example
 * const sheet = useSheetCheckout({ sessionTool: "start_checkout", stateKey: FLOW_STATE_KEY,
 *   statusTool: "order_status" });
 * onCommit={(key) => sheet.available ? sheet.pay(draft.draft_id) : flow.commit({ … })}
 */
export function useSheetCheckout(options: {
  /** The server's session tool. */
  readonly sessionTool: string;
  /** The write flow's widget-state key (default the flow's). */
  readonly stateKey?: string;
  /**
   * The app's read of what became of a draft (called with `{ draft_id }`), answering the
   * commit tool's own result — the order as a commit gives it. After a completed payment its
   * answer is kept under `stateKey`, where the flow keeps a commit's, so a remount shows the
   * receipt and not the draft again. Without it a remount shows the draft, whose payment the
   * server then refuses (the draft was used).
   */
  readonly statusTool?: string;
}): SheetCheckout {
  const host = useHost();
  const stateKey = options.stateKey ?? "wkWriteFlow";
  /** The server's order for the paid draft, kept as the flow keeps a commit's result. */
  async function keepReceipt(draftId: string) {
    if (!options.statusTool) return;
    const read = await callToolOnce(host, options.statusTool, { draft_id: draftId });
    const content = read.ok ? read.result.structuredContent : undefined;
    // Only an order: an error kept here would hide the draft a remount shows instead.
    if (isRecord(content) && content.ok === true) writeStateKey(host, stateKey, content);
  }
  return {
    // Read when asked (the person's click, a render of the dialog), not once at this render: a
    // host may install its bridge after the widget's first render.
    get available() {
      // …and the server has one: its results name the session tool (the host's result's `_meta`).
      const meta = host.get("toolResponseMetadata");
      return canRequestCheckout() && isRecord(meta) && meta[SHEET_META] === options.sessionTool;
    },
    async pay(draftId) {
      // The flow's own draft keeps its proof in private widget state; the model's, in the
      // host's result `_meta`.
      const proof =
        proofOf(readStateKey(host, stateKey, true)) ?? proofOf(host.get("toolResponseMetadata"));
      const started = await callToolOnce(host, options.sessionTool, {
        draft_id: draftId,
        ...(proof ? { [CONFIRMATION_ARGUMENT]: proof } : {}),
      });
      // No session, so no sheet opened: nothing was charged, and paying again is safe.
      if (!started.ok) return { ok: false, error: { ...started.error, changes: "none" } };
      const content = started.result.structuredContent;
      const session = isRecord(content) ? content.checkout_session : undefined;
      if (!isRecord(session) || typeof session.id !== "string") {
        const error = errorOf(content, unknownOutcome);
        // Refused for want of a proof none reached the widget: the host dropped it (as the
        // write flow's commit says), nothing expired.
        return {
          ok: false,
          error:
            !proof && error.code === CONFIRMATION_REQUIRED
              ? { ...error, code: CONFIRMATION_NOT_DELIVERED }
              : error,
        };
      }
      const paid = await requestCheckout({ ...session, id: session.id });
      switch (paid.status) {
        case "completed":
          await keepReceipt(draftId);
          return { ok: true, reference: paid.order.id };
        case "not_completed":
          return { ok: false, error: errorOf({ error: paid.error }, notCompleted) };
        case "unsupported":
          return { ok: false, error: notCompleted };
        default:
          return { ok: false, error: unknownOutcome };
      }
    },
  };
}
