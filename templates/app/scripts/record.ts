/**
 * `npm run record`: re-records fixtures/ from the app's own tools, one file per call below
 * (`<view state>--<scenario>.json`, the whole `CallToolResult`). Request ids are counted, so
 * recording twice writes the same files.
 */
import { writeFileSync } from "node:fs";
import { silentLogger } from "widget-kit/server";
import { createFlightsServer } from "../server/tools.ts";

const CALLS = [
  { file: "results--search-flights", tool: "search_flights", args: { from: "LIS", to: "BER" } },
];

let requests = 0;
const tools = createFlightsServer({
  widget: {
    uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
  },
  log: silentLogger,
  requestId: () => `req-${++requests}`,
});
for (const call of CALLS) {
  const result = await tools.callTool(call.tool, call.args);
  writeFileSync(
    new URL(`../fixtures/${call.file}.json`, import.meta.url),
    JSON.stringify(result, null, 2) + "\n",
  );
  console.log(`fixtures/${call.file}.json`);
}
