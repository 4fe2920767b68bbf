/**
 * What the server tells a host about itself, in both protocol revisions: that it serves MCP
 * Apps (`capabilities.extensions["io.modelcontextprotocol/ui"]`, without which some hosts show
 * text only), and that its lists and widget reads are never reused (a new build's widget has a
 * new URI; a build replaced without a restart is served under the old one).
 */
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { fakeWidgetBuild } from "../support/fake-widget-build.ts";
import { ENVELOPE, rpc } from "./mcp-client.ts";

const MODERN = "2026-07-28";
const EXTENSION = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };

/** A raw 2026-07-28 request of `method`. */
function modern(url: string, method: string, params: { [key: string]: unknown } = {}) {
  return rpc(
    url,
    { jsonrpc: "2.0", id: 3, method, params: { ...params, _meta: ENVELOPE } },
    {
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(typeof params.uri === "string" ? { "mcp-name": params.uri } : {}),
    },
  );
}

describe("the server tells hosts what it is", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    h = await startFixture({ widgetDist: fakeWidgetBuild("<p>shop</p>", { name: "shop" }).dist });
  });
  afterAll(() => h.close());

  it.each(["modern", "legacy"] as const)(
    "declares the MCP Apps extension to an SDK v2 client in the %s era",
    async (era) => {
      const client = await h.connect({ era });
      expect(client.getServerCapabilities()?.extensions).toEqual(EXTENSION);
    },
  );

  it("2026-07-28: the lists say they are not to be reused, and so does a widget read", async () => {
    for (const method of ["tools/list", "resources/list"]) {
      const { body } = await modern(h.endpoint.url, method);
      expect(body.result, method).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    }
    const listed = await modern(h.endpoint.url, "resources/list");
    const uris = (listed.body.result as { resources: Array<{ uri: string }> }).resources.map(
      (resource) => resource.uri,
    );
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of uris) {
      const { body } = await modern(h.endpoint.url, "resources/read", { uri });
      expect(body.result, uri).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    }
  });
});
