/**
 * The visual suite (npm run test:visual, Chromium) compares against the PNGs in
 * test/snapshots/visual/, but a reference no test compares against any more — a state renamed
 * or dropped — would stay committed and look checked. This Node test keeps the folder equal to
 * what the suite shows.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REFERENCE_NAMES } from "../visual/states.ts";

const folder = fileURLToPath(new URL("./visual/", import.meta.url));

describe("visual references", () => {
  it("are exactly the states and themes the visual suite shows", () => {
    const files = existsSync(folder) ? readdirSync(folder).sort() : [];
    expect(files).toEqual(REFERENCE_NAMES.map((name) => `${name}.png`).sort());
  });
});
