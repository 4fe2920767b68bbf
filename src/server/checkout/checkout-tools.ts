/**
 * The checkout kind of the tool server: from the payment sheet an app declares once, the two
 * tools the kit registers — the session tool the widget calls when the person chooses to pay
 * (confirmed: it runs only with the proof of the prepare result) and `complete_checkout`,
 * which ChatGPT calls when the person paid. Neither answers in the contract's envelope:
 * the sheet reads its own shapes (docs/checkout.md, "Answers"). Both are hidden from the
 * model and need a verified caller — the tool server checks both before `run`.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { CONFIRMATION_REQUIRED, VALIDATION_FAILED } from "../../contract/error-codes.ts";
import { isRecord } from "../../core/is-record.ts";
import { appOnlyMeta, withConfirmationArgument } from "../write/confirmation.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { ToolContext } from "../tool-definition.ts";
import { toToolError, type ToolErrorBody } from "../tool-failure.ts";
import type { KitPaymentSheet } from "./payment-sheet.ts";

/** A tool the kit answers itself, outside the contract's envelope. */
export interface CheckoutTool {
  /** Its `tools/list` entry, but for `securitySchemes` (the tool server adds them). */
  readonly listed: Omit<Tool, "securitySchemes">;
  /** The prepare tool whose proof it needs, for the session tool. */
  readonly prepare?: string;
  /**
   * Runs a call the tool server admitted (a verified caller; for the session tool, a proof
   * the server checked with `genuine`). Never throws.
   */
  run(
    args: unknown,
    context: ToolContext,
    genuine: (draftId: string) => boolean,
  ): Promise<CallToolResult>;
  /** A failure in this tool's answer shape (refusals before `run`). */
  failure(error: ToolErrorBody, requestId: string): CallToolResult;
}

const DRAFT_ID_MAX = 200;

const badDraftId: ToolErrorBody = {
  code: VALIDATION_FAILED,
  message: "The checkout needs the draft_id of the prepared draft.",
  retryable: false,
  // No example: only the prepare result's own draft_id is valid here, and no other is made up.
  field_errors: [
    { field: "draft_id", code: "invalid", message: "draft_id must be the prepared draft's id." },
  ],
  next_action: NEXT_ACTIONS.fixAsSaid,
  changes: "none",
};

/** The session tool and `complete_checkout` of `sheet`, by name. */
export function checkoutTools(sheet: KitPaymentSheet): ReadonlyMap<string, CheckoutTool> {
  const failure = (error: ToolErrorBody, requestId: string) =>
    sheet.result({ kind: "failed", error }, requestId);
  const { name, prepare } = sheet.sessionTool;
  if (name === sheet.tool.name)
    throw new TypeError(`The payment sheet's session tool may not be named "${name}"`);

  const session: CheckoutTool = {
    listed: {
      name,
      title: "Start checkout",
      description:
        "Opens the payment sheet for a draft the person confirmed in the app. Called by the app's widget; never by the model.",
      inputSchema: withConfirmationArgument({
        type: "object" as const,
        properties: { draft_id: { type: "string", minLength: 1, maxLength: DRAFT_ID_MAX } },
        required: ["draft_id"],
        additionalProperties: false,
      }),
      // It stores nothing (the session is signed, kept nowhere until the person pays), but it
      // is the first step of a payment the person confirms: the hints say so, as a host and
      // the kit's `check` expect of every confirmed tool; calling it again makes the same session.
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
      // The session the widget hands to the sheet; a refusal is an `isError` ToolError.
      outputSchema: {
        type: "object" as const,
        properties: {
          checkout_session: {
            type: "object",
            properties: {
              id: { type: "string" },
              status: { const: "ready_for_payment" },
              currency: { type: "string" },
            },
            required: ["id", "status", "currency"],
          },
        },
        required: ["checkout_session"],
      },
      _meta: appOnlyMeta(),
    },
    prepare,
    failure,
    async run(args, context, genuine) {
      const draftId = isRecord(args) ? args.draft_id : undefined;
      if (typeof draftId !== "string" || draftId.length === 0 || draftId.length > DRAFT_ID_MAX)
        return failure(badDraftId, context.requestId);
      if (!genuine(draftId)) return failure(notConfirmed, context.requestId);
      try {
        const draft = await sheet.sessionTool.draft(draftId, context);
        const made = sheet.session(draft, context);
        return {
          structuredContent: { checkout_session: made },
          content: [{ type: "text", text: "The payment sheet is ready; nothing is charged yet." }],
        };
      } catch (thrown) {
        const error = toToolError(thrown, {
          requestId: context.requestId,
          log: context.log,
          tool: name,
          changes: "none",
        });
        return failure(error, context.requestId);
      }
    },
  };

  const complete: CheckoutTool = {
    listed: { ...sheet.tool, inputSchema: { ...sheet.tool.inputSchema, type: "object" } },
    failure,
    async run(args, context) {
      const answer = await sheet.complete(args, context);
      context.log.info("checkout_completed", {
        request_id: context.requestId,
        answer: answer.kind,
        ...(answer.kind === "completed" ? { replayed: answer.replayed } : {}),
      });
      return sheet.result(answer, context.requestId);
    },
  };
  return new Map([
    [name, session],
    [sheet.tool.name, complete],
  ]);
}

/** The session tool without the person's proof (the model's own call looks like this). */
const notConfirmed: ToolErrorBody = {
  code: CONFIRMATION_REQUIRED,
  message: "Checkout is started by the person in the app, not by the model.",
  retryable: false,
  next_action: NEXT_ACTIONS.confirmInApp,
  changes: "none",
};
