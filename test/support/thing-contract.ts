/**
 * The smallest contract a kit test needs: one record kind, `thing`, with no data of its own —
 * for tests about the tool server itself (errors, auth), not about any app.
 */
import { defineContract, recordKind } from "mcp-widget-kit/contract";

export const things = defineContract({
  kinds: { thing: recordKind({ state: "committed", entries: {} }) },
});
