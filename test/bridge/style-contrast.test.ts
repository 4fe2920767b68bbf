/**
 * A host's colours never make the kit's text unreadable: a text/background pair the kit draws
 * that fails WCAG AA is dropped whole, so both tokens fall back to the kit's own.
 */
import { describe, expect, it } from "vitest";
import { normalizeGlobal } from "../../src/bridge/globals.ts";
import { contrastRatio } from "../../src/bridge/style-contrast.ts";

/** An inspector's danger colours as it sends them: one red for the text and its background. */
const SAME_RED = {
  "--color-background-danger": "#ef4444",
  "--color-text-danger": "#ef4444",
  "--color-text-primary": "rgb(10, 10, 10)",
  "--color-background-primary": "#fff",
};

describe("host colour pairs", () => {
  it("computes WCAG contrast from hex and rgb()", () => {
    expect(contrastRatio("#000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("rgb(255 255 255)", "#fff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#777777", "#fff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("oklch(0.6 0.2 25)", "#fff")).toBeNaN();
  });

  it("drops a danger pair drawn red on red and keeps the readable pair", () => {
    expect(normalizeGlobal("styleVariables", SAME_RED)).toEqual({
      "--color-text-primary": "rgb(10, 10, 10)",
      "--color-background-primary": "#fff",
    });
  });

  it("drops a primary pair just under AA (4.48:1) and keeps one just over", () => {
    const pair = (text: string) => ({
      "--color-text-primary": text,
      "--color-background-primary": "#ffffff",
    });
    expect(normalizeGlobal("styleVariables", pair("#777777"))).toEqual({});
    expect(normalizeGlobal("styleVariables", pair("#767676"))).toEqual(pair("#767676"));
  });

  it("keeps colours it cannot judge, and a lone half of a pair", () => {
    const sent = {
      "--color-text-danger": "oklch(0.6 0.2 25)",
      "--color-background-danger": "oklch(0.6 0.2 25)",
      "--color-text-inverse": "#fff",
    };
    expect(normalizeGlobal("styleVariables", sent)).toEqual(sent);
  });
});
