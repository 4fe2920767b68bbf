/**
 * `npm run record`: re-records fixtures/ from the app's own server, started here on a free
 * port. `recordFixtures` checks each result against the contract before writing
 * `<state>--<name>.json`, and deletes a fixture no scenario records any more.
 */
import { fileURLToPath } from "node:url";
import { serveHttp, silentLogger } from "widget-kit/server";
import { recordFixtures } from "widget-kit/testing";
import { flights } from "../contract.ts";
import { createFlightsServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
let requests = 0; // counted request ids: recording twice writes the same files
const tools = createFlightsServer({
  widget,
  log: silentLogger,
  requestId: () => `req-${++requests}`,
});
const endpoint = await serveHttp({
  createServer: () => tools.createServer(),
  log: silentLogger,
  port: 0,
});
try {
  const report = await recordFixtures({
    contract: flights,
    server: endpoint.url,
    dir: fileURLToPath(new URL("../fixtures/", import.meta.url)),
    scenarios: [
      {
        name: "search-flights",
        state: "results",
        calls: [{ tool: "search_flights", arguments: { from: "LIS", to: "BER" } }],
      },
    ],
  });
  console.log(`recorded ${report.recorded.join(", ")}; changed: ${report.changed.length}`);
} finally {
  await endpoint.close();
}
