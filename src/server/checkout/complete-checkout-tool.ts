/**
 * `complete_checkout` as an MCP tool: its description, hints, `_meta` (hidden from the model)
 * and the result of an answer. ChatGPT calls the tool when the person pays on the sheet; the
 * model must not — its visibility is the app's only, and `complete` refuses a session this
 * server did not mint for this caller. Whether ChatGPT's own call honours `ui.visibility`
 * is not documented (docs/checkout.md, "What the beta leaves unknown"); the server check holds
 * either way.
 */
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/server";
import { appOnlyMeta } from "../write/confirmation.ts";
import { errorText } from "../results.ts";
import type { CompleteCheckoutAnswer } from "./sheet-types.ts";

/** `complete_checkout`'s description for `tools/list`: hidden from the model, hints of a payment. */
export const COMPLETE_CHECKOUT_TOOL = {
  name: "complete_checkout",
  title: "Complete checkout",
  description:
    "Completes a checkout the person paid on ChatGPT's payment sheet. Called by ChatGPT with the payment token; never by the model.",
  // It moves money and cannot be undone by calling it again; repeats are answered once.
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  } satisfies ToolAnnotations,
  inputSchema: {
    type: "object",
    properties: {
      checkout_session_id: { type: "string", maxLength: 512 },
      buyer: {
        type: ["object", "null"],
        properties: {
          name: { type: ["string", "null"] },
          email: { type: ["string", "null"] },
          phone_number: { type: ["string", "null"] },
        },
      },
      payment_data: {
        type: "object",
        properties: {
          token: { type: "string" },
          provider: { type: "string" },
          billing_address: { type: ["object", "null"] },
        },
        required: ["token", "provider"],
      },
    },
    required: ["checkout_session_id", "payment_data"],
  },
  // What the sheet reads back: the completed order, or the session with the message the sheet
  // shows (a decline, 3-D Secure). Other failures are `isError` results in the kit's ToolError.
  outputSchema: {
    type: "object",
    properties: {
      id: { type: "string" },
      status: { enum: ["completed", "ready_for_payment"] },
      currency: { type: "string" },
      totals: { type: "array", items: { type: "object" } },
      order: {
        type: "object",
        properties: {
          id: { type: "string" },
          checkout_session_id: { type: "string" },
          permalink_url: { type: "string" },
        },
        required: ["id", "checkout_session_id", "permalink_url"],
      },
      messages: {
        type: "array",
        items: {
          type: "object",
          properties: {
            type: { const: "error" },
            code: { enum: ["payment_declined", "requires_3ds"] },
            content_type: { const: "plain" },
            content: { type: "string" },
          },
          required: ["type", "code", "content_type", "content"],
        },
      },
    },
    required: ["id", "status", "currency", "messages"],
  },
  _meta: appOnlyMeta(),
};

/**
 * The tool result of an answer: the order (or the refused session, whose error message the
 * sheet shows) as `structuredContent`; any other failure as the kit's ToolError with
 * `isError`, the way the widget reads it (`request_id` filled in when given).
 */
export function checkoutToolResult(
  answer: CompleteCheckoutAnswer,
  requestId?: string,
): CallToolResult {
  switch (answer.kind) {
    case "completed":
      return {
        structuredContent: { ...answer.structuredContent },
        content: [{ type: "text", text: `Order ${answer.structuredContent.order.id} placed.` }],
      };
    case "refused":
      return {
        structuredContent: { ...answer.structuredContent },
        content: [{ type: "text", text: answer.structuredContent.messages[0].content }],
      };
    case "failed": {
      const error = { ...answer.error, ...(requestId ? { request_id: requestId } : {}) };
      return {
        structuredContent: {
          ok: false,
          error,
          messages: [
            { type: "error", code: error.code, content_type: "plain", content: error.message },
          ],
        },
        content: [{ type: "text", text: errorText(error) }],
        isError: true,
      };
    }
  }
}
