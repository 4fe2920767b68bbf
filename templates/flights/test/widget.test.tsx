// @vitest-environment jsdom
/**
 * The widget, through the kit's `checkWidget`: every recorded tool output in fixtures/ (en and
 * ru) compared with the committed DOM in test/__snapshots__/ (`npx vitest run -u` rewrites it;
 * review the diff), the stories, and a person booking a flight on a mock host that answers with
 * the recorded results (cancel, one booking however often Confirm is pressed, the way back, a
 * refusal). What is checked here is the app's own: the card the person chose is the one the
 * commit sends, and the receipt says who flies where and how it was paid.
 */
import * as vitest from "vitest";
import { checkWidget } from "mcp-widget-kit/testing";
import * as stories from "../widget/app.stories.tsx";

await checkWidget({
  vitest,
  stories,
  locales: ["en", "ru"],
  write: {
    read: { tool: "search_flights", input: { from: "LIS", to: "BER" } },
    prepare: "prepare_booking",
    commit: "book_flight",
    // Book, then pay with the Work card rather than the default one.
    open: async (widget) => {
      await widget.click('[data-item-id="f-102"] [data-action="prepare"]');
      await widget.click('[role=alertdialog] input[value="pm_work"]');
    },
    // The app's own receipt: its route, passengers and card under the kit's reference.
    receipt: (widget, host) => {
      const { expect } = vitest;
      expect(host.toolCalls("book_flight")[0]?.args).toMatchObject({
        payment_method_id: "pm_work",
      });
      expect(widget.container.textContent).toContain("LIS → BER");
      expect(widget.container.textContent).toContain("2 passengers");
      expect(widget.container.textContent).toContain("Paid with Mastercard •••• 5454");
    },
  },
});
