/**
 * The smallest contract a kit test needs: one record kind, `thing`, with no data of its own —
 * for tests about the tool server itself (errors, auth), not about any app — and `thing_draft`,
 * the draft a confirmed commit's prepare tool returns (its proof is issued for `draft.draft_id`).
 */
import * as v from "valibot";
import { defineContract, recordKind } from "mcp-widget-kit/contract";

export const things = defineContract({
  kinds: {
    thing: recordKind({ state: "committed", entries: {} }),
    thing_draft: recordKind({
      state: "confirm",
      entries: { draft: v.object({ draft_id: v.string() }) },
    }),
  },
});
