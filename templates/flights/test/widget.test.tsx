// @vitest-environment jsdom
/**
 * The widget, rendered from every recorded tool output in fixtures/ (en and ru), compared with
 * the committed DOM in test/__snapshots__/ (`npx vitest run -u` rewrites it; review the diff).
 * The story renders the offers, and a person books a flight on a mock host that answers with
 * the recorded results.
 */
import * as vitest from "vitest";
import { createMockHost, renderWidget, snapshotFixtures } from "mcp-widget-kit/testing";
import booked from "../fixtures/committed--book-flight.json";
import draft from "../fixtures/confirm--prepare-booking.json";
import reused from "../fixtures/error--idempotency-key-reused.json";
import offers from "../fixtures/results--search-flights.json";
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

vitest.it("the story shows the recorded offers", async () => {
  const widget = await renderWidget(Results.render());
  vitest.expect(widget.state()).toBe("results");
  vitest.expect(widget.container.querySelectorAll("[data-item-id]")).toHaveLength(3);
  widget.unmount();
});

vitest.it("books a flight: Book → confirm (or cancel) → booked, kept after a remount", async () => {
  const { expect } = vitest;
  const host = createMockHost({
    globals: { toolOutput: offers.structuredContent, locale: "en" },
    tools: { prepare_booking: () => draft, book_flight: () => booked },
  });
  const widget = await renderWidget(<App />, { host });
  await widget.click('[data-item-id="f-102"] [data-action="prepare"]');
  expect(widget.state()).toBe("confirm");
  await widget.click('[data-action="cancel"]');
  expect(widget.state()).toBe("results");
  await widget.click('[data-item-id="f-102"] [data-action="prepare"]');
  await widget.click('[data-action="confirm"]');
  expect(widget.state()).toBe("committed");
  expect(widget.container.textContent).toContain("bk_8c3160fda96d0baa");
  // The app's own receipt at once (its route and passengers line), with focus on its heading.
  expect(widget.container.textContent).toContain("2 passengers");
  expect(document.activeElement?.tagName).toBe("H2");
  const [commit] = host.toolCalls("book_flight");
  expect(commit?.args).toMatchObject({ draft_id: draft.structuredContent.draft.draft_id });
  expect(commit?.args.idempotency_key).toMatch(/^[\w.:-]{8,128}$/);
  // The widget is mounted again (the host reloads it): the booking is read back from widget state.
  await widget.remount();
  expect(widget.state()).toBe("committed");
  expect(host.toolCalls("book_flight")).toHaveLength(1);
  widget.unmount();
});

vitest.it(
  "finds the way back: after a booking, and after a booking that failed for good",
  async () => {
    const { expect } = vitest;
    const host = createMockHost({
      globals: { toolOutput: offers.structuredContent, toolInput: { from: "LIS", to: "BER" } },
      tools: {
        search_flights: () => offers,
        prepare_booking: () => draft,
        book_flight: () => booked,
      },
    });
    const widget = await renderWidget(<App />, { host });
    await widget.click('[data-item-id="f-102"] [data-action="prepare"]');
    await widget.click('[data-action="confirm"]');
    expect(widget.state()).toBe("committed");
    // Back runs the list's own read again, so it shows no stale list (one way, not two).
    expect(widget.container.querySelector('[data-action="refresh"]')).toBeNull();
    await widget.click('[data-action="back"]');
    expect(host.toolCalls("search_flights")).toHaveLength(1);
    expect(host.toolCalls("search_flights")[0]?.args).toEqual({ from: "LIS", to: "BER" });
    expect(widget.state()).toBe("results");
    widget.unmount();

    const refused = createMockHost({
      globals: { toolOutput: offers.structuredContent },
      tools: { prepare_booking: () => draft, book_flight: () => reused },
    });
    const failed = await renderWidget(<App />, { host: refused });
    await failed.click('[data-item-id="f-102"] [data-action="prepare"]');
    await failed.click('[data-action="confirm"]');
    expect(failed.container.querySelector('[data-action="retry"]')).toBeNull();
    await failed.click('[data-action="back"]');
    expect(failed.state()).toBe("results");
    failed.unmount();
  },
);
