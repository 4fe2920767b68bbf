/**
 * What the HTTP layer answers on its own, before MCP: a path whose escapes do not decode, and
 * clients that hang up mid-upload (one info line each, no error, no stack).
 */
import { connect } from "node:net";
import { createDevHostHandler } from "../../src/devhost/index.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";

describe("HTTP edges", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    // The dev host serves /devhost/assets/…, a route whose path the HTTP layer decodes.
    h = await startFixture({
      http: { otherRoutes: createDevHostHandler({ appName: "Fixture shop" }) },
    });
  });
  afterAll(() => h.close());

  it.each(["/devhost/assets/%E0%A4%A", "/mcp%ZZ", "/%"])(
    "answers a bad percent-escape in %s with 400",
    async (path) => {
      const response = await fetch(new URL(path, h.endpoint.url));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
    },
  );

  it("logs 100 dropped uploads as 100 info lines, with no error and no stack", async () => {
    const { hostname, port } = new URL(h.endpoint.url);
    const before = h.log.lines.length;
    const drop = () =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(
            `POST /mcp HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
              `Content-Length: 100000\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{`,
            () => setImmediate(() => socket.destroy()),
          );
        });
        socket.on("close", () => resolve());
        socket.on("error", reject);
      });
    for (let batch = 0; batch < 10; batch += 1) await Promise.all(Array.from({ length: 10 }, drop));
    const aborted = () =>
      h.log.lines.slice(before).filter((line) => line.event === "http_upload_aborted");
    await expect.poll(() => aborted().length, { timeout: 20_000 }).toBe(100);
    const lines = h.log.lines.slice(before);
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    expect(lines.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(lines)).not.toMatch(/stack| {4}at /);
  });
});
