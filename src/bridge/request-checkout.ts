/**
 * ChatGPT's payment sheet from the widget: `window.openai.requestCheckout(session)`. It is a
 * ChatGPT extension with no MCP Apps counterpart, and ChatGPT offers it on `window.openai`
 * even to a widget that speaks MCP Apps, so this reads `window.openai` itself whichever host
 * adapter the widget runs on. Its own module, imported only by an app that offers the sheet:
 * every other widget ships none of its bytes. Feature-detected; never throws. See
 * docs/checkout.md.
 */
import { isRecord } from "../core/is-record.ts";

/** What the sheet's payment came to, as the widget reads it. */
export type CheckoutOutcome =
  /** Paid: the order the server's `complete_checkout` created. */
  | {
      readonly status: "completed";
      readonly order: {
        /** The order's id. */
        readonly id: string;
        /** The session paid. */
        readonly checkout_session_id: string;
        /** The order's page, when the server gave an `https:` one. */
        readonly permalink_url?: string;
      };
    }
  /** This host has no payment sheet: offer another way to pay. */
  | { readonly status: "unsupported" }
  /**
   * The person closed the sheet, or the server answered an error the sheet does not show;
   * `error` is the server's ToolError when it sent one (untrusted: parse before showing).
   */
  | { readonly status: "not_completed"; readonly error?: unknown }
  /**
   * The sheet answered something this kit cannot read: the payment may have gone through —
   * ask the server for the order's status rather than offering to pay again.
   */
  | { readonly status: "unknown" };

type CheckoutApi = { requestCheckout?: (session: unknown) => unknown };

function sheetOf(win: Window | undefined): CheckoutApi["requestCheckout"] {
  try {
    const api = (win as (Window & { openai?: CheckoutApi }) | undefined)?.openai;
    const method = api?.requestCheckout;
    return typeof method === "function" ? method.bind(api) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this host offers ChatGPT's payment sheet (`window.openai.requestCheckout`). */
export function canRequestCheckout(win: Window | undefined = globalThis.window): boolean {
  return sheetOf(win) !== undefined;
}

/** The order in whatever the sheet resolved with: the result, its `structuredContent`, or the order. */
function outcomeOf(answer: unknown): CheckoutOutcome {
  const result =
    isRecord(answer) && isRecord(answer.structuredContent) ? answer.structuredContent : answer;
  if (!isRecord(result)) return { status: "unknown" };
  if (result.isError === true || isRecord(result.error))
    return {
      status: "not_completed",
      ...(result.error !== undefined ? { error: result.error } : {}),
    };
  const order = isRecord(result.order) ? result.order : result;
  const { id, checkout_session_id: session, permalink_url: link } = order;
  if (typeof id !== "string" || typeof session !== "string") return { status: "unknown" };
  return {
    status: "completed",
    order: {
      id,
      checkout_session_id: session,
      ...(typeof link === "string" && link.startsWith("https://") ? { permalink_url: link } : {}),
    },
  };
}

/**
 * Opens the payment sheet for `session` (the checkout session the server's tool returned,
 * passed on as it is — its prices are the server's) and resolves with what came of it. Call it
 * from the person's click. Resolves `unsupported` where there is no sheet, `not_completed`
 * when the sheet was closed or the server refused, `unknown` when the answer is unreadable.
 */
export async function requestCheckout(
  session: { readonly id: string },
  win: Window | undefined = globalThis.window,
): Promise<CheckoutOutcome> {
  const sheet = sheetOf(win);
  if (!sheet) return { status: "unsupported" };
  let answer: unknown;
  try {
    answer = await sheet(session);
  } catch (error) {
    // Cancel and a server error both reject; which one is not documented.
    return { status: "not_completed", ...(isRecord(error) ? { error } : {}) };
  }
  return outcomeOf(answer);
}
