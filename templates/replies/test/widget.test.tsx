// @vitest-environment jsdom
/**
 * The widget, through the kit's `checkWidget`: every recorded tool output in fixtures/ (en and
 * ru) compared with the committed DOM in test/__snapshots__/ (`npx vitest run -u` rewrites it;
 * review the diff), the stories, and a person sending a reply on a mock host that answers with
 * the recorded results (cancel, one send however often Confirm is pressed, the way back, a
 * draft that is gone). What is checked here is the app's own: the text the person wrote is
 * what is drafted, and the dialog shows it.
 */
import * as vitest from "vitest";
import { checkWidget, type RenderedWidget } from "mcp-widget-kit/testing";
import draft from "../fixtures/confirm--draft-reply.json";
import * as stories from "../widget/app.stories.tsx";

const row = '[data-item-id="t-4127"]';
const TEXT = "Thanks for the report, Dana.";

/** Reply, write, review. */
async function writeReply(widget: RenderedWidget) {
  await widget.click(`${row} button`);
  await widget.type(`${row} textarea`, TEXT);
  await widget.click(`${row} [data-action="prepare"]`);
}

await checkWidget({
  vitest,
  stories,
  locales: ["en", "ru"],
  write: {
    read: { tool: "list_tickets" },
    prepare: "draft_reply",
    commit: "send_reply",
    open: writeReply,
    confirm: (widget, host) => {
      const { expect } = vitest;
      expect(host.toolCalls("draft_reply")[0]?.args).toEqual({ ticket_id: "t-4127", body: TEXT });
      // The reply itself is the confirmation's body; nothing about money or orders.
      expect(widget.find("[role=alertdialog]").textContent).toContain(
        draft.structuredContent.draft.body,
      );
    },
  },
});
