/**
 * Modes: development is explicit (`NODE_ENV` development or test); every other value, unset
 * included, is production, which refuses to start without its settings and names each one.
 */
import { describe, expect, it } from "vitest";
import {
  isDevelopment,
  requireProductionSettings,
  StartupRefusal,
} from "../../src/server/runtime/mode.ts";

describe("isDevelopment", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["production", false],
    ["staging", false],
    ["Production", false],
    ["Development", false],
    ["dev", false],
    ["development", true],
    ["test", true],
  ])("NODE_ENV %j → %s", (value, expected) => {
    expect(isDevelopment(value === undefined ? {} : { NODE_ENV: value })).toBe(expected);
  });
});

describe("requireProductionSettings", () => {
  it("names every missing setting in production, in the order asked", () => {
    const refusal = (() => {
      try {
        requireProductionSettings({ NODE_ENV: "staging", B: "set", C: "" }, ["A", "B", "C"]);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(StartupRefusal);
    expect((refusal as StartupRefusal).missing).toEqual(["A", "C"]);
    expect((refusal as Error).message).toBe(
      'production (NODE_ENV "staging") needs A, C; set them, or run with NODE_ENV=development ' +
        "for local development (npm start and mcp-widget-kit dev do)",
    );
  });

  it("says NODE_ENV is unset when it is", () => {
    expect(() => requireProductionSettings({}, ["SECRET"])).toThrow(
      /^production \(NODE_ENV unset\) needs SECRET; set it,/,
    );
  });

  it("passes in production with everything set, and in development with nothing", () => {
    expect(() => requireProductionSettings({ SECRET: "s" }, ["SECRET"])).not.toThrow();
    expect(() => requireProductionSettings({ NODE_ENV: "test" }, ["SECRET"])).not.toThrow();
  });
});
