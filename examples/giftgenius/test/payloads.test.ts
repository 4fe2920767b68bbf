/**
 * GiftGenius integration: the shared sample payloads in `test/payloads` are GiftGenius-shaped
 * tool outputs, so they are checked against GiftGenius' own contract here, apart from the
 * kit's unit tests (which use the fixture contract in `test/support/shop-contract.ts`).
 */
import { describe, expect, it } from "vitest";
import { giftGenius } from "../contract.ts";
import { loadPayloads } from "./samples.ts";

describe("sample payloads", () => {
  const payloads = loadPayloads();

  it.each(payloads.map((p) => [p.name, p] as const))(
    "%s parses to its expected state",
    (_name, payload) => {
      const view = giftGenius.parse(payload.structuredContent);
      // The view-model state is the data-state the widget shows: no mapping between them.
      expect(view.state).toBe(payload.expect);
      if (payload.expect_gifts !== undefined) {
        expect(view.state === "results" ? view.items.length : 0).toBe(payload.expect_gifts);
      }
    },
  );

  it("keeps no javascript: URL anywhere in a parsed result", () => {
    for (const payload of payloads) {
      const view = giftGenius.parse(payload.structuredContent);
      expect(JSON.stringify(view)).not.toMatch(/javascript:/i);
    }
  });
});
