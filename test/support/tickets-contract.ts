/**
 * The tickets app of the two-write tests (buy a seat, refund it): its contract and widget
 * URIs, one home for test/server/two-writes.test.ts and test/testing/check-write-setup.test.ts.
 */
import * as v from "valibot";
import { defineContract, id, recordKind } from "../../src/contract/index.ts";

export const ticketsContract = defineContract({
  kinds: {
    ticket_draft: recordKind({
      state: "confirm",
      entries: { draft: v.object({ draft_id: id(), seat: id() }) },
    }),
    ticket_done: recordKind({
      state: "committed",
      entries: { done: v.object({ ref: id(), seat: id() }), replayed: v.boolean() },
    }),
  },
});

export const ticketsWidget = {
  uris: { skybridge: "ui://widget/t.html", mcpApp: "ui://widget/t.mcp-app.html" },
};
