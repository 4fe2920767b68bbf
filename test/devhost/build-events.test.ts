import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serveBuildEvents, widgetBuildsFrom } from "../../src/devhost/server/build-events.ts";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe("widget rebuilds between the dev command and the app's server", () => {
  it("hears each rebuild the stream announces", async () => {
    const rebuilt = new Set<() => void>();
    server = createServer((_req, res) =>
      serveBuildEvents(res, {
        subscribe: (listener) => (rebuilt.add(listener), () => rebuilt.delete(listener)),
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const builds = widgetBuildsFrom(`http://127.0.0.1:${port}/devhost/events`)!;
    let heard = 0;
    const unsubscribe = builds.subscribe(() => (heard += 1));
    await expect.poll(() => rebuilt.size).toBe(1);
    for (const listener of rebuilt) listener();
    for (const listener of rebuilt) listener();
    await expect.poll(() => heard).toBe(2);
    unsubscribe();
  });

  it("listens to nothing but an http stream on loopback", () => {
    for (const url of [
      undefined,
      "",
      "not a url",
      "https://127.0.0.1:1/devhost/events",
      "http://example.com/devhost/events",
      "http://10.0.0.1:1/devhost/events",
      "file:///etc/passwd",
    ])
      expect(widgetBuildsFrom(url), String(url)).toBeUndefined();
    for (const url of ["http://127.0.0.1:1/e", "http://localhost:1/e", "http://[::1]:1/e"])
      expect(widgetBuildsFrom(url), url).toBeDefined();
  });
});
