import { describe, expect, it } from "vitest";
import { DOM_STATES, toDomState } from "../../src/components/dom-state.ts";

describe("toDomState", () => {
  it("publishes exactly the agreed data-state values", () => {
    expect([...DOM_STATES]).toEqual([
      "loading",
      "results",
      "empty",
      "error",
      "invalid",
      "unsupported",
      "confirm",
      "committing",
      "committed",
    ]);
  });

  it("maps view-model states to data-state", () => {
    expect(toDomState(null)).toBe("loading");
    expect(toDomState(undefined)).toBe("loading");
    expect(toDomState("draft")).toBe("confirm");
    expect(toDomState("order")).toBe("committed");
    for (const state of ["results", "empty", "error", "invalid", "unsupported"])
      expect(toDomState(state)).toBe(state);
    expect(toDomState("some_app_record")).toBe("results");
  });
});
