/**
 * A second app builds on the published package, as a new user would: `npm pack` the kit,
 * then `npx --package <tarball> mcp-widget-kit create flights --kit <tarball>` in a temporary
 * folder outside the repository; install the app it wrote from the registry, type-check it
 * (TypeScript 5.9 and 7, `skipLibCheck: false`), build its widget, run its own `npm test`,
 * start its server, call its tools with the MCP SDK client and render the widget in Chromium
 * in every state, in English and Russian, with none of GiftGenius' words on screen, and book a
 * flight through the widget (Book → pay with a saved card → booked: the checkout ChatGPT allows
 * with saved payment methods) on a host answering with the app's own recorded fixtures. Then
 * `mcp-widget-kit dev` serves it on the local host page and shows an edit after a rebuild.
 * The replies app (`create --template replies`) is clicked through on its own local host page
 * in en and ru — list → draft → sign in → confirm → sent, one send on the server — with no
 * purchase word on any screen. The payments app (`create --template payments`) passes its own
 * tests and re-records its fixtures unchanged, and a send left in doubt is finished once by
 * `mcp-widget-kit reconcile`; its Storybook is the same kit config as flights', built above.
 * Separately, a widget-only install shows what the kit pulls in without the server side.
 * Prints the install measurements.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { requestAsHost } from "../support/host-request.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "mcp-widget-kit-second-app-"));
const app = join(work, "flights");
// A new app is a fresh one: the kit's own test database (CI exports DATABASE_URL for the
// kit's suites) must not reach it. With it, serveApp would choose PostgreSQL, whose driver a
// new app has not installed, and refuse to start (correctly, naming `npm install pg`).
delete process.env.DATABASE_URL;
const widgetOnly = join(work, "widget-only");
const screenshots = join(repo, "test-results/second-app");

/** Exact versions, as the repo pins them: the test checks the kit, not a new release of these. */
const WIDGET_DEPS = ["react@19.3.1", "react-dom@19.3.1", "vite@8.3.8", "valibot@1.5.0"];

/**
 * Words of GiftGenius (the kit's first app) that must never reach another app's screen, as
 * lower-case fragments, English and Russian: the kit's own copy has to be neutral.
 */
const GIFTGENIUS_WORDS = [
  "gift",
  "budget",
  "purchase",
  "interests",
  "order",
  "buy",
  "recipient",
  "подар",
  "бюджет",
  "покуп",
  "заказ",
  "интерес",
  "купить",
];

function run(command: string, args: string[], cwd = app): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function npmInstall(packages: string[], cwd = app): number {
  const started = process.hrtime.bigint();
  run("npm", ["install", "--no-audit", "--no-fund", "--save-exact", ...packages], cwd);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Every installed package directory (scoped ones included), nested ones too. */
function installedPackages(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith(".")) return [];
    if (name.startsWith("@")) return installedPackages(join(dir, name)).map((p) => `${name}/${p}`);
    const nested = installedPackages(join(dir, name, "node_modules")).map((p) => `${name}>${p}`);
    return [name, ...nested];
  });
}

/** Packages that compile native code at install time (a node-gyp `binding.gyp`). */
function nativeBuilds(root: string): string[] {
  return installedPackages(join(root, "node_modules")).filter((p) =>
    existsSync(join(root, "node_modules", p.split(">").join("/node_modules/"), "binding.gyp")),
  );
}

/** What a person reads on `page` (or in a frame): the text, and the labels a screen reader says. */
function screenText(page: Page | Frame) {
  return page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll("[aria-label], [title], [placeholder]")].flatMap((el) =>
        ["aria-label", "title", "placeholder"].map((name) => el.getAttribute(name) ?? ""),
      ),
    ].join("\n"),
  );
}

/** Starts a long-running command; resolves with the first line of its stdout matching `pattern`. */
function startUntil(
  command: string,
  args: string[],
  pattern: RegExp,
  env: NodeJS.ProcessEnv = {},
  /** In its own process group, as a terminal runs it (stop it with `interrupt`). */
  group = false,
  cwd = app,
): { child: ChildProcess; match: Promise<RegExpExecArray>; output: () => string } {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: group,
  });
  let out = "";
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const match = new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = pattern.exec(out);
      if (found) resolve(found);
    });
    child.on("exit", (code) => reject(new Error(`${command} exited (${code}):\n${out}`)));
  });
  return { child, match, output: () => out };
}

/** Ctrl-C in the terminal: SIGINT to the whole foreground process group (npm and its script). */
function interrupt(child: ChildProcess | undefined): void {
  try {
    if (child?.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGINT");
  } catch {
    // Already gone.
  }
}

/**
 * `npm start` in `cwd` as a person runs it (`mcp-widget-kit dev`), in a shell with no NODE_ENV
 * (vitest sets one: "test"); its match holds the page's URL and the MCP server's.
 */
function startDevHost(cwd: string) {
  return startUntil(
    "npm",
    ["start", "--", "--port", "0"],
    /^mcp-widget-kit dev: (http:\/\/\S+) \(MCP server (http:\/\/\S+)\)$/m,
    { NODE_ENV: undefined },
    true,
    cwd,
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
});

afterAll(() => {
  console.log(`second app install: ${JSON.stringify(measured)}`);
  rmSync(work, { recursive: true, force: true });
});

describe("a widget-only app on the packed kit", () => {
  beforeAll(() => {
    mkdirSync(widgetOnly);
    writeFileSync(
      join(widgetOnly, "package.json"),
      JSON.stringify({ name: "widget-only", private: true, type: "module" }),
    );
  });

  it("installs with no database driver, no MCP SDK and nothing compiled", () => {
    measured.widgetOnlySeconds = Math.round(npmInstall([tarball, ...WIDGET_DEPS], widgetOnly));
    const packages = installedPackages(join(widgetOnly, "node_modules"));
    measured.widgetOnlyPackages = packages.length;
    measured.widgetOnlyNativeBuilds = nativeBuilds(widgetOnly).length;
    expect(packages).toContain("mcp-widget-kit");
    for (const absent of ["better-sqlite3", "pg", "@modelcontextprotocol/server", "express", "zod"])
      expect(packages).not.toContain(absent);
    expect(nativeBuilds(widgetOnly)).toEqual([]);
  });

  it("imports every widget-side entry in plain Node; the server entry names its peer", () => {
    const probe = `
      const out = {};
      for (const entry of ["mcp-widget-kit", "mcp-widget-kit/contract", "mcp-widget-kit/checkout", "mcp-widget-kit/build", "mcp-widget-kit/testing"]) {
        out[entry] = Object.keys(await import(entry)).length;
      }
      try { await import("mcp-widget-kit/server"); out.server = "loaded"; }
      catch (error) { out.server = String(error.message); }
      console.log(JSON.stringify(out));`;
    writeFileSync(join(widgetOnly, "probe.mjs"), probe);
    const out = JSON.parse(run("node", ["probe.mjs"], widgetOnly)) as Record<string, unknown>;
    for (const entry of [
      "mcp-widget-kit",
      "mcp-widget-kit/contract",
      "mcp-widget-kit/checkout",
      "mcp-widget-kit/build",
      "mcp-widget-kit/testing",
    ])
      expect(out[entry]).toBeGreaterThan(0);
    expect(out.server).toContain("@modelcontextprotocol/");
  });
});

describe("an app made by `mcp-widget-kit create` from the tarball", () => {
  it("is written by the command the package ships", () => {
    const out = run(
      "npx",
      ["--yes", "--package", tarball, "mcp-widget-kit", "create", "flights", "--kit", tarball],
      work,
    );
    expect(out).toContain("Created flights in flights");
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(pkg).toMatchObject({
      name: "flights",
      // Relative to the app's folder: no absolute path written into the app.
      dependencies: { "mcp-widget-kit": `file:${relative(app, tarball)}` },
    });
    expect(readFileSync(join(app, "README.md"), "utf8")).toMatch(
      /^# flights\n[\s\S]*npm start[\s\S]*npm test/,
    );
  });

  it("refuses to write over it, and changes nothing", () => {
    const before = readFileSync(join(app, "widget/app.tsx"), "utf8");
    let failure = { status: 0, stderr: "" };
    try {
      run("npx", ["--yes", "--package", tarball, "mcp-widget-kit", "create", "flights"], work);
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure.status).toBe(1);
    expect(failure.stderr).toContain("flights is not empty");
    expect(readFileSync(join(app, "widget/app.tsx"), "utf8")).toBe(before);
  });

  it("installs from the registry; only its SQLite driver (bookings' idempotency) compiles", () => {
    const started = process.hrtime.bigint();
    run("npm", ["install", "--no-audit", "--no-fund"]);
    measured.appSeconds = Math.round(Number(process.hrtime.bigint() - started) / 1e9);
    measured.appPackages = installedPackages(join(app, "node_modules")).length;
    expect(nativeBuilds(app)).toEqual(["better-sqlite3"]);
  });

  it("builds its widget with mcp-widget-kit/build", () => {
    run("npm", ["run", "build", "--", "--logLevel", "error"]);
    const html = readFileSync(join(app, "dist/widget.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/--wk-bg/); // mcp-widget-kit/styles.css, inline
    const manifest = JSON.parse(readFileSync(join(app, "dist/widget.manifest.json"), "utf8")) as {
      uri: string;
    };
    expect(manifest.uri).toMatch(/^ui:\/\/widget\/flights-[0-9a-f]{8}\.html$/);
    const contract = JSON.parse(readFileSync(join(app, "dist/contract.json"), "utf8")) as {
      kinds: Record<string, unknown>;
    };
    expect(Object.keys(contract.kinds).sort()).toEqual([
      "booking",
      "booking_draft",
      "flight_offers",
    ]);
  });

  it("builds its stories with Storybook (the kit's storybookConfig), without the widget build", () => {
    run("npm", ["run", "build-storybook", "--", "--quiet"]);
    const index = JSON.parse(readFileSync(join(app, "storybook-static/index.json"), "utf8")) as {
      entries: Record<string, { type: string }>;
    };
    expect(Object.keys(index.entries)).toEqual(["flights-widget--results"]);
    // The widget build stayed out: no widget page or manifest among Storybook's files.
    expect(existsSync(join(app, "storybook-static/widget.manifest.json"))).toBe(false);
  });

  it("type-checks with skipLibCheck: false", () => {
    run("npm", ["run", "typecheck"]);
  });

  it("type-checks under TypeScript 7 too, whose side-effect import check needs styles.css typed", () => {
    // Its own folder, so the app keeps the TypeScript it was installed with.
    const ts7 = join(work, "typescript-7");
    mkdirSync(ts7, { recursive: true });
    run("npm", ["install", "--prefix", ts7, "--no-audit", "--no-fund", "typescript@7.0.2"], work);
    run(join(ts7, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"]);
  });

  it("passes its own tests (server against the contract, DOM snapshots in en and ru)", () => {
    // CI: a missing snapshot fails instead of being written; no colours in the summary read here.
    const out = execFileSync("npm", ["test"], {
      cwd: app,
      encoding: "utf8",
      env: { ...process.env, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    expect(out).toMatch(/Tests\s+\d+ passed/);
    // Counts in the summary only: a slow test is listed by its name, which may say "failed".
    expect(out).not.toMatch(/\d+ (failed|obsolete|written)\b/i);
  });

  it("records its fixtures again with nothing changed (fixed clock, ids and caller)", () => {
    const before = readdirSync(join(app, "fixtures")).sort();
    const out = run("npm", ["run", "record"]);
    expect(out).toMatch(/changed: 0\b/);
    expect(readdirSync(join(app, "fixtures")).sort()).toEqual(before);
  });

  it("refuses to start its server in production without its secrets, in one line naming them", () => {
    // NODE_ENV unset is production: no test users, no password-less sign-in.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0" };
    delete env.NODE_ENV;
    delete env.AUTH_ISSUER;
    delete env.AUTH_AUDIENCE;
    const started = spawnSync("npx", ["tsx", "server/main.ts"], {
      cwd: app,
      env,
      encoding: "utf8",
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^flights: production \(NODE_ENV unset\) needs CONFIRMATION_SECRET, AUTH_ISSUER, AUTH_AUDIENCE;/,
      ),
    ]);
  });

  describe("its server and its widget", () => {
    let server: ChildProcess;
    let client: Client;
    let browser: Browser;
    let html = "";
    let endpoint = "";

    beforeAll(async () => {
      // In its own process group: a kill of npx alone left tsx and the server running.
      const started = startUntil(
        "npx",
        ["tsx", "server/main.ts"],
        /^(http:\/\/\S+)$/m,
        // The tunnel step of docs/deploy.md: the public name is served beside loopback.
        { PORT: "0", ALLOWED_HOSTS: "cal.example" },
        true,
      );
      server = started.child;
      endpoint = (await started.match)[1]!;
      client = new Client({ name: "second-app-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
      html = readFileSync(join(app, "dist/widget.html"), "utf8");
      browser = await chromium.launch(chromiumLaunchOptions);
      mkdirSync(screenshots, { recursive: true });
    });

    afterAll(async () => {
      await client?.close();
      await browser?.close();
      interrupt(server);
    });

    /**
     * The widget as ChatGPT shows it: `window.openai` holds the tool's structuredContent, and
     * its `callTool` answers each tool in `tools` with that recorded result.
     */
    async function open(toolOutput: unknown, locale: string, tools: Record<string, unknown> = {}) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.addInitScript(
        ({ output, locale, tools }) => {
          const openai = {
            theme: "light",
            locale,
            displayMode: "inline",
            maxHeight: 600,
            toolInput: {},
            toolOutput: output,
            widgetState: null as unknown,
            calls: [] as Array<{ name: string; args: unknown }>,
            async callTool(name: string, args: unknown) {
              openai.calls.push({ name, args });
              return tools[name] ?? Promise.reject(new Error(`no tool ${name}`));
            },
            async setWidgetState(state: unknown) {
              openai.widgetState = state;
            },
          };
          (window as unknown as { openai: object }).openai = openai;
        },
        { output: toolOutput, locale, tools },
      );
      await page.route("http://flights.test/widget.html", (route) =>
        route.fulfill({ contentType: "text/html", body: html }),
      );
      await page.goto("http://flights.test/widget.html");
      await page.locator("[data-state]").first().waitFor();
      return { page, errors };
    }

    async function render(name: string, toolOutput: unknown, locale: "en-US" | "ru-RU") {
      const { page, errors } = await open(toolOutput, locale);
      const state = await page.locator("[data-state]").first().getAttribute("data-state");
      const items = await page.locator("[data-item-id]").count();
      const text = await screenText(page);
      await page.screenshot({ path: join(screenshots, `${name}.${locale}.png`) });
      await page.close();
      return { state, items, text, errors };
    }

    /** A fixture the app recorded with `npm run record` (its own scripts/record.ts). */
    const recorded = (name: string) =>
      JSON.parse(readFileSync(join(app, "fixtures", `${name}.json`), "utf8")) as {
        structuredContent: { [key: string]: unknown };
      };

    function expectNoGiftGeniusWord(text: string) {
      for (const word of GIFTGENIUS_WORDS) expect(text.toLowerCase()).not.toContain(word);
    }

    /** A status for `path` with its own `Host` header. */
    const statusFor = async (path: string, host: string, body?: unknown) =>
      (await requestAsHost(new URL(endpoint), path, host, body)).status;

    it("serves the name in ALLOWED_HOSTS (403 for another, on every path) and answers /healthz", async () => {
      const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
      expect(await statusFor("/mcp", "cal.example", list)).toBe(200);
      expect(await statusFor("/mcp", "evil.example", list)).toBe(403);
      expect(await statusFor("/healthz", "cal.example")).toBe(200);
      for (const path of ["/healthz", "/.well-known/oauth-protected-resource/mcp", "/", "/x"])
        expect(await statusFor(path, "evil.example"), path).toBe(403);
      const health = await fetch(new URL("/healthz", endpoint));
      expect(await health.json()).toEqual({ status: "ok" });
    });

    async function call(name: string, args: Record<string, unknown>) {
      const result = await client.callTool({ name, arguments: args });
      return result.structuredContent as { ok: boolean; [key: string]: unknown };
    }

    /** Renders in both languages; no GiftGenius word appears in either. */
    async function renderBoth(name: string, output: unknown) {
      const shown = {
        en: await render(name, output, "en-US"),
        ru: await render(name, output, "ru-RU"),
      };
      for (const { text } of Object.values(shown)) expectNoGiftGeniusWord(text);
      return shown;
    }

    it("lists its tools, each with the widget's template for both hosts", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        "book_flight",
        "prepare_booking",
        "search_flights",
      ]);
      const template = tools[0]!._meta!["openai/outputTemplate"] as string;
      const read = await client.readResource({ uri: template });
      expect(read.contents[0]).toMatchObject({ mimeType: "text/html+skybridge", text: html });
    });

    it("shows the offers (results)", async () => {
      const output = await call("search_flights", { from: "LIS", to: "BER" });
      expect(output).toMatchObject({ ok: true, kind: "flight_offers" });
      const { en, ru } = await renderBoth("results", output);
      expect(en).toMatchObject({ state: "results", items: 3, errors: [] });
      expect(ru).toMatchObject({ state: "results", items: 3, errors: [] });
      expect(en.text).toContain("LIS → BER");
      expect(en.text).toContain("Flights");
      expect(ru.text).toContain("Рейсы");
    });

    it("shows nothing found, with the reason (empty)", async () => {
      const output = await call("search_flights", { from: "OSL", to: "LIS" });
      expect(output).toMatchObject({ ok: true, offers: [] });
      const { en, ru } = await renderBoth("empty", output);
      expect(en).toMatchObject({ state: "empty", items: 0, errors: [] });
      expect(ru).toMatchObject({ state: "empty", items: 0, errors: [] });
    });

    it("shows a structured error for bad arguments (error)", async () => {
      const output = await call("search_flights", { from: "lisbon", to: 7 });
      expect(output).toMatchObject({ ok: false, error: { code: "VALIDATION_FAILED" } });
      const { en, ru } = await renderBoth("error", output);
      expect(en).toMatchObject({ state: "error", items: 0, errors: [] });
      expect(ru).toMatchObject({ state: "error", items: 0, errors: [] });
    });

    it("shows a booking draft to confirm (record kind)", async () => {
      const output = await call("prepare_booking", { offer_id: "f-102", passengers: 2 });
      expect(output).toMatchObject({
        ok: true,
        kind: "booking_draft",
        draft: { total: { amount: "197.00", currency: "EUR" } },
      });
      const { en, ru } = await renderBoth("draft", output);
      expect(en).toMatchObject({ state: "confirm", errors: [] });
      expect(ru).toMatchObject({ state: "confirm", errors: [] });
      expect(en.text).toContain("LIS → BER, North Wind");
      expect(en.text).toContain("€197.00");
      expect(ru.text).toContain("Забронировать этот рейс?");
    });

    it("shows a tool failure (unknown offer)", async () => {
      const output = await call("prepare_booking", { offer_id: "f-999" });
      expect(output).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
      const { en } = await renderBoth("not-found", output);
      expect(en).toMatchObject({ state: "error", errors: [] });
    });

    it("refuses to book for a caller nobody signed in: 401, where to sign in, an error to show", async () => {
      const { draft } = await call("prepare_booking", { offer_id: "f-101" });
      const answer = await fetch(endpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "Mcp-Protocol-Version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: {
            name: "book_flight",
            arguments: {
              draft_id: (draft as { draft_id: string }).draft_id,
              idempotency_key: "second-app-anonymous",
              // The widget's call carries the proof it holds; a call with none (the model's)
              // is answered CONFIRMATION_REQUIRED before sign-in.
              confirmation: "v1.held",
            },
          },
        }),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toContain(
        "/.well-known/oauth-protected-resource/mcp",
      );
      const output = ((await answer.json()) as { result: { structuredContent: unknown } }).result
        .structuredContent;
      expect(output).toMatchObject({ ok: false, error: { code: "AUTH_REQUIRED" } });
      const { en, ru } = await renderBoth("auth-required", output);
      expect(en).toMatchObject({ state: "error", errors: [] });
      expect(ru).toMatchObject({ state: "error", errors: [] });
    });

    it("shows a booking and a reused key from its recorded fixtures", async () => {
      const booked = await renderBoth(
        "booked",
        recorded("committed--book-flight").structuredContent,
      );
      expect(booked.en).toMatchObject({ state: "committed", errors: [] });
      expect(booked.en.text).toContain("Booked");
      expect(booked.ru.text).toContain("Забронировано");
      const reused = recorded("error--idempotency-key-reused").structuredContent;
      expect(reused).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_REUSED" } });
      const { en, ru } = await renderBoth("key-reused", reused);
      expect(en).toMatchObject({ state: "error", errors: [] });
      expect(ru).toMatchObject({ state: "error", errors: [] });
    });

    for (const locale of ["en-US", "ru-RU"] as const)
      it(`books a flight by clicking: Book → pay with a saved card → booked (${locale})`, async () => {
        const { page, errors } = await open(
          recorded("results--search-flights").structuredContent,
          locale,
          {
            prepare_booking: recorded("confirm--prepare-booking"),
            book_flight: recorded("committed--book-flight"),
          },
        );
        const state = () => page.locator("[data-state]").first().getAttribute("data-state");
        await page.locator('[data-item-id="f-102"] [data-action="prepare"]').click();
        await page.locator('[data-state="confirm"] [data-action="confirm"]').waitFor();
        expectNoGiftGeniusWord(await screenText(page));
        await page.screenshot({ path: join(screenshots, `click-confirm.${locale}.png`) });
        await page.locator('[data-action="cancel"]').click();
        expect(await state()).toBe("results");
        await page.locator('[data-item-id="f-102"] [data-action="prepare"]').click();
        // The checkout with saved methods: the person's cards, the default chosen; take another.
        const cards = page.locator('[role=alertdialog] input[type="radio"]');
        expect(
          await cards.evaluateAll((all) => all.map((c) => (c as HTMLInputElement).checked)),
        ).toEqual([true, false]);
        await page.locator('input[value="pm_work"]').check();
        await page.locator('[data-action="confirm"]').click();
        await page.locator('[data-state="committed"]').waitFor();
        const text = await screenText(page);
        expectNoGiftGeniusWord(text);
        expect(text).toContain("bk_");
        expect(text).toContain("•••• 5454");
        await page.screenshot({ path: join(screenshots, `click-booked.${locale}.png`) });
        const calls = await page.evaluate(
          () =>
            (window as unknown as { openai: { calls: Array<{ name: string; args: unknown }> } })
              .openai.calls,
        );
        expect(calls.map((c) => c.name)).toEqual([
          "prepare_booking",
          "prepare_booking",
          "book_flight",
        ]);
        // The card chosen goes with the commit, beside the kit's draft and key.
        expect(calls[2]?.args).toMatchObject({ payment_method_id: "pm_work" });
        expect(errors).toEqual([]);
        await page.close();
      });
  });

  describe("on the local host page of `mcp-widget-kit dev`", () => {
    let dev: ReturnType<typeof startUntil>;
    let browser: Browser;
    let page = "";
    let mcp = "";

    beforeAll(async () => {
      dev = startDevHost(app);
      const found = await dev.match;
      page = found[1]!;
      mcp = found[2]!;
      browser = await chromium.launch(chromiumLaunchOptions);
    });

    afterAll(async () => {
      await browser?.close();
      interrupt(dev?.child);
    });

    /** The page after a search link, in `locale`; resolves with the widget's text. */
    async function search(locale: string, name: string) {
      const tab: Page = await browser.newPage();
      const args = encodeURIComponent(JSON.stringify({ from: "LIS", to: "BER" }));
      await tab.goto(`${page}?tool=search_flights&args=${args}&locale=${locale}`);
      const frame = tab.frameLocator("#turns article.turn:last-of-type iframe");
      const root = frame.locator('[data-state="results"]').first();
      await root.waitFor({ timeout: 60_000 });
      const text = await root.innerText();
      await tab.screenshot({ path: join(screenshots, `dev-${name}.png`) });
      await tab.close();
      return text;
    }

    it("serves the page and the widget through it", async () => {
      const response = await fetch(page);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/<html/i);
      const text = await search("ru", "results");
      expect(text).toContain("Рейсы");
      expect(text).toContain("LIS → BER");
    });

    it("books a flight on the page: Book → confirm → sign in as a test user → booked", async () => {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on("pageerror", (error) => errors.push(error.message));
      const args = encodeURIComponent(JSON.stringify({ from: "LIS", to: "BER" }));
      await tab.goto(`${page}?tool=search_flights&args=${args}&locale=en`);
      const frame = tab.frameLocator("#turns article.turn:last-of-type iframe");
      await frame
        .locator('[data-item-id="f-102"] [data-action="prepare"]')
        .click({ timeout: 60_000 });
      const confirm = frame.locator('[data-state="confirm"] [data-action="confirm"]');
      await confirm.waitFor({ timeout: 60_000 });
      // Booking is a write: the server answers 401 and the page signs in, as a host links an account.
      const popup = tab.waitForEvent("popup", { timeout: 60_000 });
      await confirm.click();
      const signIn = await popup;
      expect(await signIn.locator("body").innerText()).toContain("sign in to Flights");
      await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
      await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
      const receipt = frame.locator('[data-state="committed"]');
      await receipt.waitFor({ timeout: 60_000 });
      const text = await receipt.innerText();
      expect(text).toContain("Booked");
      expect(text).toContain("bk_");
      for (const word of GIFTGENIUS_WORDS) expect(text.toLowerCase()).not.toContain(word);
      await tab.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 30_000 });
      await tab.screenshot({ path: join(screenshots, "dev-booked.png") });
      expect(errors).toEqual([]);
      await tab.close();
    });

    it("forwards MCP from its own page only: another site's request gets 403", async () => {
      const initialize = (headers: Record<string, string>) =>
        fetch(new URL("/mcp", page), {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
            ...headers,
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: {
              protocolVersion: "2025-06-18",
              capabilities: {},
              clientInfo: { name: "probe", version: "1" },
            },
          }),
        });
      expect((await initialize({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
      expect((await initialize({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
      expect((await initialize({ Origin: "http://127.0.0.1:1" })).status).toBe(403);
    });

    it("rebuilds the widget on a save, so a reload shows the edit", async () => {
      const file = join(app, "widget/messages.ts");
      const source = readFileSync(file, "utf8");
      writeFileSync(file, source.replace('title: "Flights"', 'title: "Flights, edited"'));
      await expect.poll(() => dev.output(), { timeout: 120_000 }).toContain("widget rebuilt");
      expect(await search("en", "edited")).toContain("Flights, edited");
      writeFileSync(file, source);
    });

    it("stops the server it started when it stops", async () => {
      const exited = new Promise((resolve) => dev.child.on("exit", resolve));
      interrupt(dev.child);
      await exited;
      await expect
        .poll(
          () =>
            fetch(mcp).then(
              () => "up",
              () => "down",
            ),
          { timeout: 30_000 },
        )
        .toBe("down");
    });
  });
});

/**
 * Words a write that is not a purchase must never show (issue 23): the kit's copy and parts
 * must fit a reply as well as an order, in English and Russian, lower-case fragments.
 */
const PURCHASE_WORDS = [
  "total",
  "×",
  "order",
  "purchase",
  "buy",
  "created",
  "could not reach",
  "итого",
  "заказ",
  "покуп",
  "купит",
  "создан",
  "не дошёл",
];

/** Fails naming `where` when `text` shows a word of {@link PURCHASE_WORDS}. */
function expectNoPurchaseWord(text: string, where: string) {
  const lower = text.toLowerCase();
  for (const word of PURCHASE_WORDS) expect(lower, `${where}: "${word}"`).not.toContain(word);
}

describe("the replies app made by `mcp-widget-kit create --template replies`", () => {
  const replies = join(work, "replies");
  const inReplies = (command: string, args: string[]) => run(command, args, replies);

  it("is written by the command the package ships", () => {
    const out = run(
      "npx",
      [
        "--yes",
        "--package",
        tarball,
        "mcp-widget-kit",
        "create",
        "replies",
        "--template",
        "replies",
      ].concat(["--kit", tarball]),
      work,
    );
    expect(out).toContain("Created replies in replies");
    expect(readFileSync(join(replies, "README.md"), "utf8")).toMatch(/^# replies\n/);
  });

  it("installs, builds and type-checks", () => {
    inReplies("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
    inReplies("npm", ["run", "build", "--", "--logLevel", "error"]);
    const contract = JSON.parse(readFileSync(join(replies, "dist/contract.json"), "utf8")) as {
      kinds: Record<string, unknown>;
    };
    expect(Object.keys(contract.kinds).sort()).toEqual([
      "reply_draft",
      "reply_sent",
      "ticket_list",
    ]);
    inReplies("npm", ["run", "typecheck"]);
  });

  it("passes its own tests: a reply is sent exactly once per key, drafts are the caller's", () => {
    const out = execFileSync("npm", ["test"], {
      cwd: replies,
      encoding: "utf8",
      env: { ...process.env, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    expect(out).toMatch(/Tests\s+\d+ passed/);
    // Counts in the summary only: a slow test is listed by its name, which may say "failed".
    expect(out).not.toMatch(/\d+ (failed|obsolete|written)\b/i);
  });

  it("books nothing and shows no purchase word on any screen, in en and ru", () => {
    // The app's own DOM snapshots are its screens (every recorded result, en and ru), which
    // its tests just compared with what the widget renders.
    // One entry per screen in the app's snapshot file, named by its test: "<fixture> (<variant>)".
    const file = readFileSync(join(replies, "test/__snapshots__/widget.test.tsx.snap"), "utf8");
    const screens = [...file.matchAll(/^exports\[`[^`]*> (\S+ \(\w+-\w+\)) 1`\] = `([^`]*)`;$/gm)];
    expect(screens.filter(([, name]) => name?.includes("(ru-")).length).toBeGreaterThanOrEqual(4);
    expect(screens.filter(([, name]) => name?.includes("(en-")).length).toBeGreaterThanOrEqual(4);
    for (const [, name = "", dom = ""] of screens) {
      expectNoPurchaseWord(dom.replace(/<[^>]*>/g, " "), name);
    }
    const recorded = readdirSync(join(replies, "fixtures")).join(" ");
    expect(recorded).not.toMatch(/book|order/);
  });

  it("hides no kit part with CSS of its own", () => {
    const widgetFiles = readdirSync(join(replies, "widget"));
    expect(widgetFiles.filter((file) => file.endsWith(".css"))).toEqual([]);
    for (const file of widgetFiles) {
      const source = readFileSync(join(replies, "widget", file), "utf8");
      expect(source, file).not.toMatch(/<style|display:\s*none|\.wk-total|\.wk-lines/);
    }
  });

  describe("clicked through in Chromium on its local host page (`npm start`)", () => {
    let dev: ReturnType<typeof startUntil>;
    let browser: Browser;
    let page = "";

    beforeAll(async () => {
      dev = startDevHost(replies);
      page = (await dev.match)[1]!;
      browser = await chromium.launch(chromiumLaunchOptions);
      mkdirSync(screenshots, { recursive: true });
    });

    afterAll(async () => {
      await browser?.close();
      interrupt(dev?.child);
    });

    /** The sends the server ran: its log's `tool_call` lines for `send_reply`. */
    const sends = () =>
      dev
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{") && line.endsWith("}"))
        .map((line) => JSON.parse(line) as { event?: string; tool?: string })
        .filter((line) => line.event === "tool_call" && line.tool === "send_reply").length;

    for (const locale of ["en", "ru"] as const)
      it(`list → draft → sign in → confirm → sent, one send, no purchase word (${locale})`, async () => {
        // Its own context: no sign-in carried over from the other language.
        const context = await browser.newContext();
        const tab = await context.newPage();
        const errors: string[] = [];
        tab.on("pageerror", (error) => errors.push(error.message));
        await tab.goto(
          `${page}?tool=list_tickets&args=${encodeURIComponent("{}")}&locale=${locale}`,
        );
        const turn = tab.locator("#turns article.turn:last-of-type iframe");
        const frame = tab.frameLocator("#turns article.turn:last-of-type iframe");
        await frame.locator('[data-state="results"]').waitFor({ timeout: 60_000 });
        const widget = (await (await turn.elementHandle())!.contentFrame())!;
        /** Checks and photographs the screen the person sees now. */
        const screen = async (name: string) => {
          expectNoPurchaseWord(await screenText(widget), `${name} (${locale})`);
          await tab.screenshot({ path: join(screenshots, `replies-${name}.${locale}.png`) });
        };
        await screen("list");

        const ticket = frame.locator('[data-item-id="t-4127"]');
        await ticket.locator("button").first().click();
        // A text of its own per language: the app sends one reply per ticket and text, so the
        // same words to the same ticket again would be answered REPLY_ALREADY_SENT.
        await ticket
          .locator("textarea")
          .fill(`Thanks for the report: the fix ships on Monday (${locale}).`);
        await screen("writing");
        // Drafting needs a signed-in person: the server answers 401, the page signs in.
        const popup = tab.waitForEvent("popup", { timeout: 60_000 });
        await ticket.locator('[data-action="prepare"]').click();
        const signIn = await popup;
        await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
        await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
        const confirm = frame.locator('[data-state="confirm"] [data-action="confirm"]');
        await confirm.waitFor({ timeout: 60_000 });
        expect(await screenText(widget)).toContain("the fix ships on Monday");
        await screen("confirm");

        const before = sends();
        await confirm.click();
        const sent = frame.locator('[data-state="committed"]');
        await sent.waitFor({ timeout: 60_000 });
        expect(await sent.innerText()).toContain("the fix ships on Monday");
        await screen("sent");
        // The server ran exactly one send for this reply.
        await expect.poll(sends, { timeout: 10_000 }).toBe(before + 1);
        expect(await frame.locator('[data-action="confirm"]').count()).toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      });
  });
});

describe("the payments app made by `mcp-widget-kit create --template payments`", () => {
  const payments = join(work, "payments");
  const inPayments = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    execFileSync(command, args, {
      cwd: payments,
      encoding: "utf8",
      env: { ...process.env, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    });

  it("is written by the command the package ships, and installs, builds and type-checks", () => {
    const out = run(
      "npx",
      ["--yes", "--package", tarball, "mcp-widget-kit", "create", "payments"].concat([
        "--template",
        "payments",
        "--kit",
        tarball,
      ]),
      work,
    );
    expect(out).toContain("Created payments in payments");
    inPayments("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
    inPayments("npm", ["run", "build", "--", "--logLevel", "error"]);
    const contract = JSON.parse(readFileSync(join(payments, "dist/contract.json"), "utf8")) as {
      kinds: Record<string, unknown>;
    };
    expect(Object.keys(contract.kinds).sort()).toEqual([
      "balance",
      "contact_list",
      "transfer_quote",
      "transfer_sent",
    ]);
    inPayments("npm", ["run", "typecheck"]);
  });

  it("passes its own tests (the kit's write promises, the provider's 503, timeout and refusals, the widget)", () => {
    const out = inPayments("npm", ["test"]);
    expect(out).toMatch(/Tests\s+\d+ passed/);
    // Counts in the summary only: a slow test is listed by its name, which may say "failed".
    expect(out).not.toMatch(/\d+ (failed|obsolete|written)\b/i);
    expect(inPayments("npm", ["run", "record"])).toMatch(/changed: 0\b/);
  });

  it("finishes a send left in doubt with `mcp-widget-kit reconcile --app server/reconcile.ts`, once", () => {
    // A send the provider took but whose answer was lost, in the app's own database, through
    // the app's own modules; nobody retries it.
    const database = join(payments, "data/in-doubt.sqlite");
    mkdirSync(join(payments, "data"), { recursive: true });
    writeFileSync(
      join(payments, "in-doubt.ts"),
      `import { callerScope, createSqliteStore, silentLogger } from "mcp-widget-kit/server";
import { callAsWidget } from "mcp-widget-kit/testing";
import { payments } from "./contract.ts";
import { fakeProvider } from "./server/provider.ts";
import { createPaymentsServer } from "./server/tools.ts";
const store = createSqliteStore(process.env.SQLITE_FILE!);
const provider = fakeProvider(store);
const origin = { principal: { issuer: "local", subject: "alice", scopes: ["transfers:write"] } };
if (process.argv[2] === "send") {
  provider.fail("timeout");
  const widget = { uris: { skybridge: "ui://widget/a.html", mcpApp: "ui://widget/a.mcp.html" } };
  const tools = createPaymentsServer({ widget, log: silentLogger, store, provider });
  const { view } = callAsWidget(tools, { parse: payments.parse, origin });
  const quote = await view("quote_transfer", { contact_id: "c-101", amount_cents: 2000 });
  if (quote.state !== "confirm") throw new Error(quote.state);
  const args = { draft_id: quote.data.quote.draft_id, idempotency_key: "second-app-in-doubt" };
  const sent = await view("send_transfer", args);
  console.log(JSON.stringify({ changes: sent.state === "error" ? sent.error.changes : sent.state }));
}
console.log(JSON.stringify({ balance: await provider.balance(callerScope(origin.principal)) }));
await store.close();
`,
    );
    const env = { SQLITE_FILE: database, NODE_ENV: "test" };
    // The provider moved 20.50 (20.00 and its fee) and the answer was lost: "unknown".
    const sent = inPayments("npx", ["tsx", "in-doubt.ts", "send"], env);
    expect(sent).toContain('{"changes":"unknown"}');
    expect(sent).toContain('{"balance":47950}');
    const reconcile = ["mcp-widget-kit", "reconcile", "--app", "server/reconcile.ts"];
    const first = inPayments("npx", [...reconcile, "--grace-ms", "0"], env);
    expect(JSON.parse(first.trim().split("\n").at(-1)!)).toMatchObject({
      event: "reconciled",
      completed: 1,
      retry_later: 0,
    });
    // Finished: a second run finds nothing owed.
    const second = inPayments("npx", [...reconcile, "--grace-ms", "0"], env);
    expect(JSON.parse(second.trim().split("\n").at(-1)!)).toMatchObject({ completed: 0 });
    // Finished under the same key: the money moved once.
    expect(inPayments("npx", ["tsx", "in-doubt.ts"], env)).toContain('{"balance":47950}');
  });
});
