/**
 * ChatGPT's payment sheet, played by the local host: `window.openai.requestCheckout(session)`
 * opens a panel on the page where the person pays with a test token, is declined, is asked
 * for 3-D Secure, or closes the sheet — and the host calls the app's `complete_checkout` as
 * ChatGPT does. A refusal the sheet shows (`payment_declined`, `requires_3ds`) keeps it open;
 * anything else goes back to the widget. Once answered, "Send complete_checkout again" repeats
 * the same call, as ChatGPT may: the app must answer the same order, replayed.
 *
 * The test tokens follow one public convention, `spt_test_<ok|decline|3ds>_<cap>_<nonce>`, capped
 * at the session's total (docs/checkout.md, "Test mode"); a real sheet gets them from the
 * payment provider.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { isRecord } from "../../core/is-record.ts";
import { h } from "./dom.ts";

/** What the sheet needs of the page. */
export interface SheetHost {
  /** Calls a tool of the app for the widget (logged as the widget's call). */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

type Behaviour = "ok" | "decline" | "3ds";

/** The session fields the sheet reads (untrusted: from the widget). */
function readSession(session: unknown) {
  if (!isRecord(session) || typeof session.id !== "string" || session.id.length > 2048)
    return undefined;
  const totals = Array.isArray(session.totals) ? session.totals : [];
  const total = totals.find((line) => isRecord(line) && line.type === "total");
  const amount = isRecord(total) ? total.amount : undefined;
  const provider = isRecord(session.payment_provider) ? session.payment_provider.provider : "";
  if (!Number.isSafeInteger(amount) || (amount as number) < 0) return undefined;
  return {
    id: session.id,
    amount: amount as number,
    currency: typeof session.currency === "string" ? session.currency.slice(0, 8) : "",
    provider: typeof provider === "string" ? provider.slice(0, 100) : "",
  };
}

/** The refusal the sheet shows itself, if `result` is one. */
function sheetRefusal(result: CallToolResult): string | undefined {
  const content = result.structuredContent;
  const messages = isRecord(content) && Array.isArray(content.messages) ? content.messages : [];
  const shown = messages.find(
    (m) => isRecord(m) && (m.code === "payment_declined" || m.code === "requires_3ds"),
  );
  return isRecord(shown) && typeof shown.content === "string"
    ? shown.content.slice(0, 300)
    : undefined;
}

/** One line on what an answer was: the order (and whether replayed) or the error's code. */
function describe(result: CallToolResult): string {
  const content = isRecord(result.structuredContent) ? result.structuredContent : {};
  const order = isRecord(content.order) ? content.order : undefined;
  if (order && typeof order.id === "string") return `Paid: order ${order.id.slice(0, 80)}`;
  const error = isRecord(content.error) ? content.error : undefined;
  return `Not paid: ${typeof error?.code === "string" ? error.code.slice(0, 80) : "no order"}`;
}

let open: { panel: HTMLElement; close(): void } | undefined;
let nonce = 0;

/**
 * Opens the sheet for `session` and resolves with `complete_checkout`'s result once it
 * answered other than a refusal the sheet shows; rejects when the person closes it unpaid.
 */
export function playPaymentSheet(host: SheetHost, session: unknown): Promise<unknown> {
  const read = readSession(session);
  if (!read) return Promise.reject(new Error("not a checkout session"));
  open?.close();
  return new Promise((resolve, reject) => {
    const message = h("p", { id: "payment-sheet-message", role: "status" });
    const buttons = h("div", { class: "buttons" });
    const panel = h(
      "section",
      { id: "payment-sheet", role: "dialog", "aria-labelledby": "payment-sheet-title" },
      h("h2", { id: "payment-sheet-title" }, "Payment sheet (test mode)"),
      h("p", {}, `Total: ${read.amount} ${read.currency} (minor units), paid to ${read.provider}`),
      message,
      buttons,
    );
    let answered = false;
    let lastArgs: Record<string, unknown> | undefined;
    const close = () => {
      panel.remove();
      if (open?.panel === panel) open = undefined;
      if (!answered) reject(new Error("The person closed the payment sheet."));
    };
    const button = (action: string, label: string, run: () => unknown) => {
      const element = h("button", { type: "button", "data-sheet": action }, label);
      element.addEventListener("click", () => void run());
      return element;
    };
    const complete = async (args: Record<string, unknown>) => {
      buttons.querySelectorAll("button").forEach((b) => (b.disabled = true));
      try {
        return await host.callTool("complete_checkout", args);
      } finally {
        buttons.querySelectorAll("button").forEach((b) => (b.disabled = false));
      }
    };
    const answeredView = () =>
      buttons.replaceChildren(
        button("again", "Send complete_checkout again", async () => {
          if (!lastArgs) return;
          const again = await complete(lastArgs).catch(() => undefined);
          message.textContent = again ? `Sent again. ${describe(again)}` : "Sent again: no answer";
        }),
        button("close", "Close", close),
      );
    const pay = (behaviour: Behaviour) => async () => {
      lastArgs = {
        checkout_session_id: read.id,
        buyer: { name: "Dev Host Buyer", email: "buyer@example.com", phone_number: null },
        payment_data: {
          token: `spt_test_${behaviour}_${read.amount}_dh${Date.now().toString(36)}${++nonce}`,
          provider: read.provider,
          billing_address: null,
        },
      };
      let result: CallToolResult;
      try {
        result = await complete(lastArgs);
      } catch (error) {
        message.textContent = `complete_checkout failed: ${error instanceof Error ? error.message.slice(0, 200) : "unknown"}`;
        return;
      }
      const refusal = sheetRefusal(result);
      if (refusal) {
        message.textContent = refusal;
        return;
      }
      answered = true;
      message.textContent = describe(result);
      answeredView();
      resolve({
        structuredContent: result.structuredContent,
        content: result.content,
        isError: result.isError === true,
        _meta: result._meta,
      });
    };
    buttons.append(
      button("pay", "Pay with a test card", pay("ok")),
      button("decline", "Pay with a declined card", pay("decline")),
      button("3ds", "Pay with a 3-D Secure card", pay("3ds")),
      button("cancel", "Cancel", close),
    );
    open = { panel, close };
    document.body.append(panel);
    panel.querySelector<HTMLButtonElement>('[data-sheet="pay"]')?.focus();
  });
}
