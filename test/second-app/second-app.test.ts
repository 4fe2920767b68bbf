/**
 * A second app builds on the published package, as a new user would: `npm pack` the kit,
 * copy the flights app (test/second-app/app) into a temporary folder outside the repository,
 * install the tarball there from nothing with react, react-dom and vite (no database driver,
 * nothing compiled), then add the server's optional peer and the type packages, type-check
 * with `skipLibCheck: false`, build the widget with `widget-kit/build`, start the server
 * with `widget-kit/server`, call its tools with the MCP SDK client, and render the widget
 * in Chromium in the results, empty and error states. Prints the install measurements.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../support/chromium.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "widget-kit-second-app-"));
const app = join(work, "flights");
const screenshots = join(repo, "test-results/second-app");

/** Exact versions, as the repo pins them: the test checks the kit, not a new release of these. */
const WIDGET_DEPS = ["react@19.3.1", "react-dom@19.3.1", "vite@8.3.8", "valibot@1.5.0"];
const SERVER_DEPS = [
  "@modelcontextprotocol/server@2.4.0",
  "@modelcontextprotocol/node@2.1.2",
  "tsx@4.23.15",
];
const TYPE_DEPS = [
  "typescript@5.9.3",
  "@types/react@19.3.3",
  "@types/react-dom@19.3.0",
  "@types/node@20.19.43",
];

function run(command: string, args: string[], cwd = app): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function npmInstall(packages: string[]): number {
  const started = process.hrtime.bigint();
  run("npm", ["install", "--no-audit", "--no-fund", "--save-exact", ...packages]);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Every installed package directory (scoped ones included), nested ones too. */
function installedPackages(dir = join(app, "node_modules")): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith(".")) return [];
    if (name.startsWith("@")) return installedPackages(join(dir, name)).map((p) => `${name}/${p}`);
    const nested = installedPackages(join(dir, name, "node_modules")).map((p) => `${name}>${p}`);
    return [name, ...nested];
  });
}

/** Packages that compile native code at install time (a node-gyp `binding.gyp`). */
function nativeBuilds(): string[] {
  return installedPackages().filter((p) =>
    existsSync(join(app, "node_modules", p.split(">").join("/node_modules/"), "binding.gyp")),
  );
}

let tarball = "";
const measured: Record<string, string | number> = {};

beforeAll(() => {
  run("npm", ["pack", "--silent", "--pack-destination", work], repo);
  tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith(".tgz"))!,
  );
  cpSync(join(repo, "test/second-app/app"), app, { recursive: true });
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "flights", private: true, type: "module" }, null, 2),
  );
});

afterAll(() => {
  console.log(`second app install: ${JSON.stringify(measured)}`);
  rmSync(work, { recursive: true, force: true });
});

describe("a second app on the packed kit", () => {
  it("installs widget-only with no database driver, no MCP SDK and nothing compiled", () => {
    measured.widgetOnlySeconds = Math.round(npmInstall([tarball, ...WIDGET_DEPS]));
    const packages = installedPackages();
    measured.widgetOnlyPackages = packages.length;
    measured.widgetOnlyNativeBuilds = nativeBuilds().length;
    expect(packages).toContain("widget-kit");
    for (const absent of ["better-sqlite3", "pg", "@modelcontextprotocol/server", "express", "zod"])
      expect(packages).not.toContain(absent);
    expect(nativeBuilds()).toEqual([]);
  });

  it("imports every widget-side entry in plain Node; the server entry names its peer", () => {
    const probe = `
      const out = {};
      for (const entry of ["widget-kit", "widget-kit/contract", "widget-kit/build", "widget-kit/testing"]) {
        out[entry] = Object.keys(await import(entry)).length;
      }
      try { await import("widget-kit/server"); out.server = "loaded"; }
      catch (error) { out.server = String(error.message); }
      console.log(JSON.stringify(out));`;
    writeFileSync(join(app, "probe.mjs"), probe);
    const out = JSON.parse(run("node", ["probe.mjs"])) as Record<string, number | string>;
    for (const entry of [
      "widget-kit",
      "widget-kit/contract",
      "widget-kit/build",
      "widget-kit/testing",
    ])
      expect(out[entry]).toBeGreaterThan(0);
    expect(out.server).toContain("@modelcontextprotocol/");
  });

  it("builds its widget with widget-kit/build", () => {
    run("npx", ["vite", "build", "--logLevel", "error"]);
    const html = readFileSync(join(app, "dist/widget.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/--wk-bg/); // widget-kit/styles.css, inline
    const manifest = JSON.parse(readFileSync(join(app, "dist/widget.manifest.json"), "utf8")) as {
      uri: string;
    };
    expect(manifest.uri).toMatch(/^ui:\/\/widget\/flights-[0-9a-f]{8}\.html$/);
    const contract = JSON.parse(readFileSync(join(app, "dist/contract.json"), "utf8")) as {
      kinds: Record<string, unknown>;
    };
    expect(Object.keys(contract.kinds).sort()).toEqual(["booking_draft", "flight_offers"]);
  });

  it("adds the server's optional peer and type-checks with skipLibCheck: false", () => {
    measured.serverAndTypesSeconds = Math.round(npmInstall([...SERVER_DEPS, ...TYPE_DEPS]));
    measured.fullPackages = installedPackages().length;
    measured.fullNativeBuilds = nativeBuilds().length;
    expect(nativeBuilds()).toEqual([]);
    run("npx", ["tsc", "-p", "tsconfig.json"]);
  });

  it("type-checks under TypeScript 7 too, whose side-effect import check needs styles.css typed", () => {
    // Its own folder, so the app keeps the TypeScript it was installed with.
    const ts7 = join(work, "typescript-7");
    mkdirSync(ts7, { recursive: true });
    run("npm", ["install", "--prefix", ts7, "--no-audit", "--no-fund", "typescript@7.0.2"], work);
    run(join(ts7, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"]);
  });

  describe("its server and its widget", () => {
    let server: ChildProcess;
    let client: Client;
    let browser: Browser;
    let html = "";

    beforeAll(async () => {
      server = spawn("npx", ["tsx", "server/main.ts"], {
        cwd: app,
        env: { ...process.env, PORT: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        server.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const line = /^(http:\/\/\S+)$/m.exec(out);
          if (line) resolve(line[1]!);
        });
        server.on("exit", (code) => reject(new Error(`server exited (${code})`)));
      });
      client = new Client({ name: "second-app-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      html = readFileSync(join(app, "dist/widget.html"), "utf8");
      browser = await chromium.launch(chromiumLaunchOptions);
      mkdirSync(screenshots, { recursive: true });
    });

    afterAll(async () => {
      await client?.close();
      await browser?.close();
      server?.kill();
    });

    /** The widget as ChatGPT shows it: `window.openai` holds the tool's structuredContent. */
    async function render(name: string, toolOutput: unknown) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.addInitScript((output) => {
        (window as unknown as { openai: object }).openai = {
          theme: "light",
          locale: "en-US",
          displayMode: "inline",
          maxHeight: 600,
          toolInput: {},
          toolOutput: output,
          widgetState: null,
        };
      }, toolOutput);
      await page.route("http://flights.test/widget.html", (route) =>
        route.fulfill({ contentType: "text/html", body: html }),
      );
      await page.goto("http://flights.test/widget.html");
      const root = page.locator("[data-state]").first();
      await root.waitFor();
      const state = await root.getAttribute("data-state");
      const items = await page.locator("[data-item-id]").count();
      const text = await root.innerText();
      await page.screenshot({ path: join(screenshots, `${name}.png`) });
      await page.close();
      return { state, items, text, errors };
    }

    async function call(name: string, args: Record<string, unknown>) {
      const result = await client.callTool({ name, arguments: args });
      return result.structuredContent as { ok: boolean; [key: string]: unknown };
    }

    it("lists its tools", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["prepare_booking", "search_flights"]);
    });

    it("shows the offers (results)", async () => {
      const output = await call("search_flights", { from: "LIS", to: "BER" });
      expect(output).toMatchObject({ ok: true, kind: "flight_offers" });
      const shown = await render("results", output);
      expect(shown).toMatchObject({ state: "results", items: 3, errors: [] });
      expect(shown.text).toContain("LIS → BER");
    });

    it("shows nothing found, with the reason (empty)", async () => {
      const output = await call("search_flights", { from: "OSL", to: "LIS" });
      expect(output).toMatchObject({ ok: true, offers: [] });
      const shown = await render("empty", output);
      expect(shown).toMatchObject({ state: "empty", items: 0, errors: [] });
    });

    it("shows a structured error for bad arguments (error)", async () => {
      const output = await call("search_flights", { from: "lisbon", to: 7 });
      expect(output).toMatchObject({ ok: false, error: { code: "VALIDATION_FAILED" } });
      const shown = await render("error", output);
      expect(shown).toMatchObject({ state: "error", items: 0, errors: [] });
    });

    it("prepares a booking draft (record kind)", async () => {
      const output = await call("prepare_booking", { offer_id: "f-102", passengers: 2 });
      expect(output).toMatchObject({
        ok: true,
        kind: "booking_draft",
        draft: { total: { amount: "197.00", currency: "EUR" } },
      });
      const shown = await render("draft", output);
      expect(shown).toMatchObject({ state: "confirm", errors: [] });
    });
  });
});
