/**
 * Every port the kit opens is a setting (src/server/app/port-settings.ts, docs/deploy.md
 * "Ports"): two GiftGenius servers and two created apps' servers (the flights and replies
 * templates' `server/main.ts`), all started at once with `PORT=0` and `AUTH_DEV_PORT=0`, run
 * side by side, each answering `/healthz` and `tools/list` and printing the sign-in's port it
 * bound; two `mcp-widget-kit dev` pages with `DEV_PAGE_PORT=0` do the same, and a malformed
 * `DEV_PAGE_PORT` is refused by name.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ServerProcess } from "../../scripts/spawn-server.ts";
import { superviseChild, type SupervisedChild } from "../../scripts/supervise-child.ts";
import { requestAsHost } from "../support/host-request.ts";
import { repoRoot } from "../support/repo-root.ts";

const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const PORTS = { PORT: "0", AUTH_DEV_PORT: "0" };

const servers: ServerProcess[] = [];
const pages: SupervisedChild<string>[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all([...servers, ...pages].map((child) => child.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * The sign-in line `serveApp` prints after the endpoint, once it is there: on a loaded machine
 * (four servers starting at once beside other suites) it may come seconds after the endpoint.
 */
async function signInOf(server: ServerProcess, name: string): Promise<URL> {
  const pattern = new RegExp(`^${name}: development sign-in at (http://127\\.0\\.0\\.1:\\d+) `);
  for (let waited = 0; waited < 20_000; waited += 50) {
    const line = server.logs.map((l) => pattern.exec(l)).find(Boolean);
    if (line) return new URL(line[1]!);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in line from ${name}:\n${server.logs.join("\n")}`);
}

describe("two apps of each kind on one machine", () => {
  it("run side by side on the ports they bound, each answering /healthz and tools/list", async () => {
    const settled = await Promise.allSettled([
      spawnServer({ ...PORTS }).then((s) => ({ s, name: "giftgenius", tool: "suggest_gifts" })),
      spawnServer({ ...PORTS }).then((s) => ({ s, name: "giftgenius", tool: "suggest_gifts" })),
      spawnServer(
        { ...PORTS, SQLITE_FILE: ":memory:" },
        60_000,
        "templates/flights/server/main.ts",
      ).then((s) => ({ s, name: "flights", tool: "search_flights" })),
      spawnServer(
        { ...PORTS, SQLITE_FILE: ":memory:" },
        60_000,
        "templates/replies/server/main.ts",
      ).then((s) => ({ s, name: "replies", tool: "list_tickets" })),
    ]);
    // Every server that started is stopped after the test, even when another failed to start.
    const started = settled.flatMap((each) => (each.status === "fulfilled" ? [each.value] : []));
    servers.push(...started.map(({ s }) => s));
    const failed = settled.find((each) => each.status === "rejected");
    if (failed) throw failed.reason;
    const ports: string[] = [];
    for (const { s, name, tool } of started) {
      const url = new URL(s.url);
      const host = `127.0.0.1:${url.port}`;
      expect(await requestAsHost(url, "/healthz", host), name).toEqual({
        status: 200,
        text: '{"status":"ok"}',
      });
      const listed = await requestAsHost(url, "/mcp", host, listTools);
      expect(listed.status, name).toBe(200);
      expect(listed.text, name).toContain(`"${tool}"`);
      // The endpoint is the first line on stdout; the sign-in's bound port follows it, and answers.
      expect(s.logs, name).toContain(s.url);
      const signIn = await signInOf(s, name);
      const discovery = await fetch(new URL("/.well-known/openid-configuration", signIn));
      expect(discovery.status, name).toBe(200);
      ports.push(url.port, signIn.port);
    }
    expect(new Set(ports).size).toBe(ports.length);
  });
});

/** A folder `mcp-widget-kit dev` can build: one page, vite's defaults. */
function widgetFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "kit-ports-"));
  folders.push(folder);
  writeFileSync(join(folder, "package.json"), '{ "name": "ports-app", "type": "module" }');
  writeFileSync(join(folder, "vite.config.mjs"), "export default {};\n");
  writeFileSync(join(folder, "index.html"), "<!doctype html><title>w</title><p>w</p>\n");
  return folder;
}

const CLI = join(repoRoot, "bin/mcp-widget-kit.js");

describe("mcp-widget-kit dev's page port", () => {
  it("takes DEV_PAGE_PORT: two pages with 0 each get a free port and print it", async () => {
    // A server nobody answers: the page still starts (its tool list then says why).
    const start = () =>
      superviseChild(
        spawn(process.execPath, [CLI, "dev", "--server", "http://127.0.0.1:9/mcp"], {
          cwd: widgetFolder(),
          env: { ...process.env, DEV_PAGE_PORT: "0" },
          stdio: ["ignore", "pipe", "pipe"],
        }),
        "dev",
        (line) => /^mcp-widget-kit dev: (http:\/\/127\.0\.0\.1:\d+\/) /.exec(line)?.[1],
      );
    pages.push(...(await Promise.all([start(), start()])));
    const [one, two] = pages.map((page) => new URL(page.ready));
    expect(one!.port).not.toBe(two!.port);
    for (const page of [one!, two!]) {
      expect(page.port).not.toBe("8789");
      // The page (or, before `npm run build:devhost`, the dev host saying so) on that port.
      const answer = await fetch(page);
      const text = await answer.text();
      expect(answer.status === 200 ? text : text.slice(0, 32)).toMatch(/<html|dev host page/i);
    }
  });

  it("refuses a malformed DEV_PAGE_PORT by name", () => {
    const refused = spawnSync(
      process.execPath,
      [CLI, "dev", "--server", "http://127.0.0.1:9/mcp"],
      {
        cwd: widgetFolder(),
        env: { ...process.env, DEV_PAGE_PORT: "70000" },
        encoding: "utf8",
      },
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "DEV_PAGE_PORT=70000 is refused: a whole number from 0 to 65535",
    );
  });
});
