// @vitest-environment jsdom
/**
 * The widget, through the kit's `checkWidget`: every recorded tool output in fixtures/ (en and
 * ru) compared with the committed DOM in test/__snapshots__/ (`npx vitest run -u` rewrites it;
 * review the diff), the stories, and a person sending money on a mock host that answers with
 * the recorded results (cancel, one send however often Confirm is pressed, the way back, a
 * refusal). What is checked here is the app's own: the amount typed is what is quoted, the
 * dialog shows amount, fee and total, the receipt names who got what, and the provider's 503
 * is retried with the same key.
 */
import * as vitest from "vitest";
import {
  checkWidget,
  createMockHost,
  renderWidget,
  type RenderedWidget,
} from "mcp-widget-kit/testing";
import sent from "../fixtures/committed--send-transfer.json";
import quote from "../fixtures/confirm--quote-transfer.json";
import refused from "../fixtures/error--insufficient-funds.json";
import contacts from "../fixtures/results--list-contacts.json";
import * as stories from "../widget/app.stories.tsx";
import { App } from "../widget/app.tsx";

const { expect, it } = vitest;

/** Types 25 (euros) and presses Ana's Send. */
async function sendToAna(widget: RenderedWidget) {
  await widget.type("input", "25");
  await widget.click('[data-item-id="c-101"] [data-action="prepare"]');
}

await checkWidget({
  vitest,
  stories,
  locales: ["en", "ru"],
  write: {
    read: { tool: "list_contacts" },
    prepare: "quote_transfer",
    commit: "send_transfer",
    open: sendToAna,
    confirm: (widget, host) => {
      const quoted = host.toolCalls("quote_transfer")[0]?.args;
      expect(quoted).toEqual({ contact_id: "c-101", amount_cents: 2500 });
      const dialog = widget.find("[role=alertdialog]").textContent;
      for (const shown of ["Amount", "€25.00", "Fee", "€0.50", "€25.50"])
        expect(dialog).toContain(shown);
    },
    receipt: (widget) => expect(widget.container.textContent).toContain("€25.00 sent to Ana Souza"),
  },
});

it("retries the provider's 503 with the same key", async () => {
  const { error, ...body } = refused.structuredContent;
  const down = { ...error, code: "PROVIDER_UNAVAILABLE", retryable: true };
  const unavailable = { ...refused, structuredContent: { ...body, error: down } };
  const answers: unknown[] = [unavailable];
  const host = createMockHost({
    globals: { toolOutput: contacts.structuredContent, locale: "en" },
    tools: { quote_transfer: () => quote, send_transfer: () => answers.shift() ?? sent },
  });
  const widget = await renderWidget(<App />, { host });
  await sendToAna(widget);
  await widget.click('[data-action="confirm"]');
  await widget.click('[data-action="retry"]');
  expect(widget.state()).toBe("committed");
  const [first, retry] = host.toolCalls("send_transfer").map((call) => call.args.idempotency_key);
  expect(retry).toBe(first);
  widget.unmount();
});
