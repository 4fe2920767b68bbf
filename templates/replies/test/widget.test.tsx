// @vitest-environment jsdom
/**
 * The widget, rendered from every recorded tool output in fixtures/ (en and ru), compared with
 * the committed DOM in test/__snapshots__/ (`npx vitest run -u` rewrites it; review the diff).
 * The story renders the tickets, and a person writes, confirms and sends a reply — once — on
 * a mock host that answers with the recorded results.
 */
import * as vitest from "vitest";
import { createMockHost, renderWidget, snapshotFixtures } from "mcp-widget-kit/testing";
import sent from "../fixtures/committed--send-reply.json";
import draft from "../fixtures/confirm--draft-reply.json";
import notFound from "../fixtures/error--draft-not-found.json";
import tickets from "../fixtures/results--list-tickets.json";
import { Results } from "../widget/app.stories.tsx";
import { App } from "../widget/app.tsx";

const here = (path: string) => new URL(path, import.meta.url).pathname;

await snapshotFixtures({
  vitest,
  dir: here("../fixtures"),
  variants: [
    { locale: "en", theme: "light" },
    { locale: "ru", theme: "light" },
  ],
  render: () => <App />,
});

vitest.it("the story shows the recorded tickets", async () => {
  const widget = await renderWidget(Results.render());
  vitest.expect(widget.state()).toBe("results");
  vitest.expect(widget.container.querySelectorAll("[data-item-id]")).toHaveLength(3);
  widget.unmount();
});

vitest.it("sends a reply: Reply → write → confirm → sent, once, kept after a remount", async () => {
  const { expect } = vitest;
  const host = createMockHost({
    globals: { toolOutput: tickets.structuredContent, locale: "en" },
    tools: { draft_reply: () => draft, send_reply: () => sent },
  });
  const widget = await renderWidget(<App />, { host });
  const row = '[data-item-id="t-4127"]';
  await widget.click(`${row} button`);
  await widget.type(`${row} textarea`, "Thanks for the report, Dana.");
  await widget.click(`${row} [data-action="prepare"]`);
  expect(widget.state()).toBe("confirm");
  expect(host.toolCalls("draft_reply")[0]?.args).toEqual({
    ticket_id: "t-4127",
    body: "Thanks for the report, Dana.",
  });
  // The reply itself is the confirmation's body; nothing about money or orders.
  expect(widget.find("[role=alertdialog]").textContent).toContain(
    draft.structuredContent.draft.body,
  );
  // A burst of clicks sends one reply.
  await widget.act(() => {
    for (let i = 0; i < 3; i++) widget.find('[data-action="confirm"]').click();
  });
  expect(widget.state()).toBe("committed");
  expect(widget.container.textContent).toContain("Reply sent");
  expect(widget.container.textContent).toContain(sent.structuredContent.reply.reply_id);
  const sends = host.toolCalls("send_reply");
  expect(sends).toHaveLength(1);
  expect(sends[0]?.args).toMatchObject({ draft_id: draft.structuredContent.draft.draft_id });
  expect(sends[0]?.args.idempotency_key).toMatch(/^[\w.:-]{8,128}$/);
  // The widget is mounted again (the host reloads it): the reply is read back from widget state.
  await widget.remount();
  expect(widget.state()).toBe("committed");
  expect(host.toolCalls("send_reply")).toHaveLength(1);
  widget.unmount();
});

vitest.it(
  "finds the way back: after a reply went out, and after a send that failed for good",
  async () => {
    const { expect } = vitest;
    const row = '[data-item-id="t-4127"]';
    const write = async (widget: Awaited<ReturnType<typeof renderWidget>>) => {
      await widget.click(`${row} button`);
      await widget.type(`${row} textarea`, "Thanks for the report, Dana.");
      await widget.click(`${row} [data-action="prepare"]`);
      await widget.click('[data-action="confirm"]');
    };
    const host = createMockHost({
      globals: { toolOutput: tickets.structuredContent },
      tools: { list_tickets: () => tickets, draft_reply: () => draft, send_reply: () => sent },
    });
    const widget = await renderWidget(<App />, { host });
    await write(widget);
    expect(widget.state()).toBe("committed");
    // Back to the tickets, read again (the list may have changed since it was shown).
    expect(widget.container.querySelector('[data-action="refresh"]')).toBeNull();
    await widget.click('[data-action="back"]');
    expect(host.toolCalls("list_tickets")).toHaveLength(1);
    expect(widget.state()).toBe("results");
    widget.unmount();

    // A draft that is gone (DRAFT_NOT_FOUND, final): no retry that cannot help, a way back.
    const gone = createMockHost({
      globals: { toolOutput: tickets.structuredContent },
      tools: { draft_reply: () => draft, send_reply: () => notFound },
    });
    const failed = await renderWidget(<App />, { host: gone });
    await write(failed);
    expect(failed.container.querySelector('[data-action="retry"]')).toBeNull();
    await failed.click('[data-action="back"]');
    expect(failed.state()).toBe("results");
    failed.unmount();
  },
);
