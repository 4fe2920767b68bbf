// @vitest-environment jsdom
/**
 * The widget, rendered from every recorded tool output in fixtures/ (en and ru), compared with
 * the committed HTML in test/snapshots/ (`npx vitest run -u` rewrites them; review the diff).
 * The story renders the tickets, and a person writes, confirms and sends a reply — once — on
 * a mock host that answers with the recorded results.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import * as vitest from "vitest";
import { HostProvider } from "mcp-widget-kit";
import { createMockHost, snapshotFixtures } from "mcp-widget-kit/testing";
import sent from "../fixtures/committed--send-reply.json";
import draft from "../fixtures/confirm--draft-reply.json";
import tickets from "../fixtures/results--list-tickets.json";
import { Results } from "../widget/app.stories.tsx";
import { App } from "../widget/app.tsx";

const here = (path: string) => new URL(path, import.meta.url).pathname;

await snapshotFixtures({
  vitest,
  dir: here("../fixtures"),
  snapshotDir: here("snapshots"),
  variants: [
    { locale: "en", theme: "light" },
    { locale: "ru", theme: "light" },
  ],
  render: () => <App />,
});

vitest.it("the story shows the recorded tickets", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  await act(async () => root.render(Results.render()));
  vitest
    .expect(container.querySelector("[data-state]")?.getAttribute("data-state"))
    .toBe("results");
  vitest.expect(container.querySelectorAll("[data-item-id]")).toHaveLength(3);
  act(() => root.unmount());
});

vitest.it("sends a reply: Reply → write → confirm → sent, once, kept after a remount", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const { expect } = vitest;
  const host = createMockHost({
    globals: { toolOutput: tickets.structuredContent, locale: "en" },
    tools: { draft_reply: () => draft, send_reply: () => sent },
  });
  const container = document.body.appendChild(document.createElement("div"));
  let root = createRoot(container);
  const mount = () =>
    act(async () =>
      root.render(
        <HostProvider host={host}>
          <App />
        </HostProvider>,
      ),
    );
  const state = () => container.querySelector("[data-state]")?.getAttribute("data-state");
  const button = (selector: string) => container.querySelector<HTMLButtonElement>(selector)!;
  const click = (selector: string) => act(async () => button(selector).click());
  await mount();
  const row = '[data-item-id="t-4127"]';
  await click(`${row} button`);
  const text = container.querySelector<HTMLTextAreaElement>(`${row} textarea`)!;
  await act(async () => {
    // React listens for the native input event; set the value the way typing does.
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    setter.call(text, "Thanks for the report, Dana.");
    text.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await click(`${row} [data-action="prepare"]`);
  expect(state()).toBe("confirm");
  expect(host.toolCalls("draft_reply")[0]?.args).toEqual({
    ticket_id: "t-4127",
    body: "Thanks for the report, Dana.",
  });
  // The reply itself is the confirmation's body; nothing about money or orders.
  expect(container.querySelector("[role=alertdialog]")?.textContent).toContain(
    draft.structuredContent.draft.body,
  );
  // A burst of clicks sends one reply.
  await act(async () => {
    for (let i = 0; i < 3; i++) button('[data-action="confirm"]').click();
  });
  expect(state()).toBe("committed");
  expect(container.textContent).toContain("Reply sent");
  expect(container.textContent).toContain(sent.structuredContent.reply.reply_id);
  const sends = host.toolCalls("send_reply");
  expect(sends).toHaveLength(1);
  expect(sends[0]?.args).toMatchObject({ draft_id: draft.structuredContent.draft.draft_id });
  expect(sends[0]?.args.idempotency_key).toMatch(/^[\w.:-]{8,128}$/);
  // The widget is mounted again (the host reloads it): the reply is read back from widget state.
  act(() => root.unmount());
  root = createRoot(container);
  await mount();
  expect(state()).toBe("committed");
  expect(host.toolCalls("send_reply")).toHaveLength(1);
  act(() => root.unmount());
});
