/**
 * The server keeps the contract: every result of its tools parses with the widget's own
 * contract to the state the widget must show, and bad arguments come back as one structured
 * error listing the fields. Calls go through the tool server without HTTP.
 */
import { describe, expect, it } from "vitest";
import { silentLogger } from "widget-kit/server";
import { flights } from "../contract.ts";
import { createFlightsServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
const tools = createFlightsServer({ widget, log: silentLogger });

async function view(tool: string, args: unknown) {
  const result = await tools.callTool(tool, args);
  return flights.parse(result.structuredContent);
}

describe("the flights server", () => {
  it("lists its tools, each pointing at the widget for both hosts", () => {
    const listed = tools.listTools();
    expect(listed.map((tool) => tool.name).sort()).toEqual(["prepare_booking", "search_flights"]);
    for (const tool of listed)
      expect(tool._meta).toMatchObject({
        "openai/outputTemplate": widget.uris.skybridge,
        ui: { resourceUri: widget.uris.mcpApp },
      });
  });

  it("finds offers (results)", async () => {
    const shown = await view("search_flights", { from: "LIS", to: "BER" });
    expect(shown.state).toBe("results");
    if (shown.state === "results")
      expect(shown.items.map((o) => o.id)).toEqual(["f-101", "f-102", "f-103"]);
  });

  it("says why nothing was found (empty)", async () => {
    const shown = await view("search_flights", { from: "OSL", to: "LIS" });
    expect(shown).toMatchObject({
      state: "empty",
      reason: "No flight from OSL to LIS is on offer.",
    });
  });

  it("lists every bad argument at once (error)", async () => {
    const shown = await view("search_flights", { from: "lisbon", to: 7 });
    expect(shown.state).toBe("error");
    if (shown.state === "error") {
      expect(shown.error.code).toBe("VALIDATION_FAILED");
      expect(shown.error.field_errors?.map((f) => f.field).sort()).toEqual(["from", "to"]);
    }
  });

  it("prepares a booking draft to confirm", async () => {
    const shown = await view("prepare_booking", { offer_id: "f-102", passengers: 2 });
    expect(shown.state).toBe("confirm");
    if (shown.state === "confirm")
      expect(shown.data.draft.total).toEqual({ amount: "197.00", currency: "EUR" });
  });

  it("refuses an unknown offer", async () => {
    const shown = await view("prepare_booking", { offer_id: "f-999" });
    expect(shown).toMatchObject({ state: "error", error: { code: "NOT_FOUND", retryable: false } });
  });
});
