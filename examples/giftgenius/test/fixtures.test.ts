import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { giftGenius } from "../contract.ts";
import { GIFT_NEXT_ACTIONS } from "../server/next-actions.ts";
import { expectNoInternals } from "./leaks.ts";

/** The kit bounds a tool error's JSON to this many characters (docs/server.md). */
const MAX_TOOL_ERROR_CHARS = 1_200;

const DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));
const files = readdirSync(DIR).filter((file) => file.endsWith(".json"));
const STATES = ["results", "empty", "error", "confirm", "committed"];

describe("recorded fixtures (npm run record)", () => {
  it("cover every data-state the server can produce", () => {
    const states = new Set(files.map((file) => file.split("--")[0]));
    expect([...states].sort()).toEqual([...STATES].sort());
  });

  // Saved cards are the widget's alone (`_meta`): the model reads `structuredContent` and the
  // text `content`. Checked against any card, and against the cards the recording itself gave
  // the widget (their brands, last four digits and method ids, as whole words).
  it.each(files)("%s shows the model no card brand, last four digits or method id", (file) => {
    const result = JSON.parse(readFileSync(`${DIR}${file}`, "utf8")) as {
      _meta?: { "mcp-widget-kit/widget-only"?: unknown };
      structuredContent: unknown;
      content: unknown;
    };
    const seen = JSON.stringify([result.structuredContent, result.content]);
    expect(seen).not.toMatch(/"(brand|last4)"|\bpm_[A-Za-z0-9]|\b(Visa|Mastercard|Amex)\b/);
    const own = JSON.stringify(result._meta?.["mcp-widget-kit/widget-only"] ?? {}).matchAll(
      /"(?:brand|last4|id)":"([^"]+)"/g,
    );
    for (const [, detail] of own) {
      const word = detail!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      expect(seen, detail).not.toMatch(new RegExp(`(?<![A-Za-z0-9])${word}(?![A-Za-z0-9])`));
    }
  });

  it("has recordings whose widget-only part carries cards", () => {
    const draft = readFileSync(`${DIR}confirm--prepare-order.json`, "utf8");
    expect(draft).toMatch(/"mcp-widget-kit\/widget-only":\s*\{\s*"payment_methods"/);
  });

  it.each(files)("%s still parses to the state in its name", (file) => {
    const expected = file.split("--")[0];
    const result = JSON.parse(readFileSync(`${DIR}${file}`, "utf8")) as {
      structuredContent: unknown;
      content: Array<{ type: string; text: string }>;
      isError?: boolean;
    };
    const view = giftGenius.parse(result.structuredContent);
    expect(view.state).toBe(expected);
    expect(result.content).toEqual([{ type: "text", text: expect.any(String) }]);
    expect(result.isError === true).toBe(expected === "error");
    if (view.state === "error") {
      const error = (result.structuredContent as { error: { next_action?: string } }).error;
      expect(JSON.stringify(error).length).toBeLessThanOrEqual(MAX_TOOL_ERROR_CHARS);
      expect(Object.values(GIFT_NEXT_ACTIONS)).toContain(error.next_action);
      expectNoInternals(result);
      // A failed write always says whether anything changed.
      if (view.kind === "order")
        expect(["none", "applied", "unknown"]).toContain((error as { changes?: string }).changes);
    }
  });
});
