// @vitest-environment jsdom
/**
 * The widget, rendered from every recorded tool output in fixtures/ (en and ru), compared with
 * the committed DOM in test/__snapshots__/ (`npx vitest run -u` rewrites it; review the diff).
 * A person types an amount, checks the amount, fee and total, and sends — once — on a mock
 * host answering with the recorded results; a 503 is retried with the same key.
 */
import * as vitest from "vitest";
import { createMockHost, renderWidget, snapshotFixtures } from "mcp-widget-kit/testing";
import sent from "../fixtures/committed--send-transfer.json";
import quote from "../fixtures/confirm--quote-transfer.json";
import refused from "../fixtures/error--insufficient-funds.json";
import contacts from "../fixtures/results--list-contacts.json";
import { Results } from "../widget/app.stories.tsx";
import { App } from "../widget/app.tsx";

const { expect, it } = vitest;

await snapshotFixtures({
  vitest,
  dir: `${import.meta.dirname}/../fixtures`,
  variants: ["en", "ru"].map((locale) => ({ locale, theme: "light" as const })),
  render: () => <App />,
});

/** The widget on the contacts, its tools answering `send_transfer` with `answers` in turn. */
async function open(...answers: unknown[]) {
  const host = createMockHost({
    globals: { toolOutput: contacts.structuredContent, locale: "en" },
    tools: { quote_transfer: () => quote, send_transfer: () => answers.shift() ?? sent },
  });
  const widget = await renderWidget(<App />, { host });
  await widget.type("input", "25");
  await widget.click('[data-item-id="c-101"] [data-action="prepare"]');
  return { host, widget };
}

it("the story shows the recorded contacts", async () => {
  const widget = await renderWidget(Results.render());
  expect(widget.container.querySelectorAll("[data-item-id]")).toHaveLength(3);
  widget.unmount();
});

it("sends money: amount → quote with fee and total → confirm → the provider's reference, once", async () => {
  const { host, widget } = await open();
  const [quoted] = host.toolCalls("quote_transfer");
  expect(quoted?.args).toEqual({ contact_id: "c-101", amount_cents: 2500 });
  const dialog = widget.find("[role=alertdialog]").textContent;
  for (const shown of ["Amount", "€25.00", "Fee", "€0.50", "€25.50"])
    expect(dialog).toContain(shown);
  await widget.act(() => {
    for (let i = 0; i < 3; i++) widget.find('[data-action="confirm"]').click();
  });
  expect(widget.state()).toBe("committed");
  expect(widget.container.textContent).toContain(sent.structuredContent.transfer.reference);
  expect(host.toolCalls("send_transfer")).toHaveLength(1);
  widget.unmount();
});

it("retries a 503 with the same key", async () => {
  const { error, ...body } = refused.structuredContent;
  const down = { ...error, code: "PROVIDER_UNAVAILABLE", retryable: true };
  const unavailable = { ...refused, structuredContent: { ...body, error: down } };
  const { host, widget } = await open(unavailable);
  await widget.click('[data-action="confirm"]');
  await widget.click('[data-action="retry"]');
  expect(widget.state()).toBe("committed");
  const [first, retry] = host.toolCalls("send_transfer").map((call) => call.args.idempotency_key);
  expect(retry).toBe(first);
  widget.unmount();
});
