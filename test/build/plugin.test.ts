import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { widgetKit, type WidgetConfig } from "../../src/build/index.ts";
import { WIDGET_KIT_PLUGIN_PREFIX } from "../../src/build/plugin.ts";
import type { HostProtocol } from "../../src/build/declared-parts.ts";
import type { WidgetManifest } from "../../src/build/manifest.ts";
import type { WidgetConfigBase } from "../../src/build/widget-config.ts";
import { writeContractLock } from "../../src/build/contract-lock.ts";
import { contractJsonSchema } from "../../src/contract/json-schema.ts";
import { shop } from "../support/shop-contract.ts";
import type { Language } from "../../src/i18n/index.ts";
import { kitAliases } from "../../scripts/kit-aliases.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "mcp-widget-kit-build-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// The fixture contract's released lock, as `npm run contract:lock` would write it.
const lockPath = join(work, "contract.lock.json");
writeContractLock(shop, lockPath);

const config = {
  name: "fixture",
  description: "Fixture widget",
  prefersBorder: false,
  domain: "https://fixture.example",
  domains: {
    resource: ["https://images.example"],
    connect: [],
    frame: ["https://frames.example"],
    redirect: ["https://shop.example"],
  },
  contract: shop,
} satisfies WidgetConfig<typeof shop.kinds>;

async function buildWidget(
  root: string,
  outDir: string,
  overrides: Partial<WidgetConfigBase> = {},
  contractLock: string | false = lockPath,
  target: "react" | "preact" = "react",
) {
  await build({
    configFile: false,
    logLevel: "silent",
    // A fixture folder of this directory, or an absolute one.
    root: resolve(here, root),
    mode: "production",
    // vitest sets NODE_ENV=test, which would pick React's development build.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: { alias: kitAliases() },
    plugins: [react(), widgetKit({ config: { ...config, ...overrides }, contractLock, target })],
    build: { outDir, emptyOutDir: true },
  });
}

describe("widgetKit plugin, fixture build", () => {
  const outDir = join(work, "ok");
  let html = "";
  let manifest: WidgetManifest;

  beforeAll(async () => {
    await buildWidget("fixture", outDir);
    html = readFileSync(join(outDir, "widget.html"), "utf8");
    manifest = JSON.parse(
      readFileSync(join(outDir, "widget.manifest.json"), "utf8"),
    ) as WidgetManifest;
  });

  it("names every plugin with the kit prefix", () => {
    expect(widgetKit({ config }).map((p) => p.name)).toEqual([
      `${WIDGET_KIT_PLUGIN_PREFIX}html-shell`,
      `${WIDGET_KIT_PLUGIN_PREFIX}widget-only`,
      `${WIDGET_KIT_PLUGIN_PREFIX}single-file`,
      `${WIDGET_KIT_PLUGIN_PREFIX}outputs`,
    ]);
  });

  it("emits exactly the widget, its manifest and the contract schema", async () => {
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(outDir).sort()).toEqual([
      "contract.json",
      "widget.html",
      "widget.manifest.json",
    ]);
  });

  it("inlines every script and style and references no other file", () => {
    const markup = html.replace(/<(script|style)([^>]*)>[\s\S]*?<\/\1>/g, "<$1$2></$1>");
    expect(markup).toMatch(/<meta charset="utf-8"/);
    expect(/<script[^>]*\ssrc=/.test(markup)).toBe(false);
    expect(/<link/.test(markup)).toBe(false);
    expect(/<style[^>]*>[^<]*data-theme/.test(html)).toBe(true);
    expect(html.includes('supports("modulepreload")')).toBe(false);
    // Vite's CSS hash marker and the attributes copied from the inlined tags are build-time
    // leftovers: no widget ships them.
    expect(html).not.toMatch(/\$vite\$/);
    expect(markup).toMatch(/<script type="module"><\/script>/);
    expect(markup).toMatch(/<style><\/style>/);
  });

  it("describes the HTML exactly: content-hashed URI, sha256, sizes", () => {
    const bytes = readFileSync(join(outDir, "widget.html"));
    const sha = createHash("sha256").update(bytes).digest("hex");
    expect(manifest).toMatchObject({
      name: "fixture",
      file: "widget.html",
      sha256: sha,
      bytes: bytes.length,
      mimeType: "text/html+skybridge",
      contract_version: "1.0",
    });
    expect(manifest.uri).toBe(`ui://widget/fixture-${sha.slice(0, 8)}.html`);
    // The gzip size is of this very file (gzip -9), the figure the byte budget is judged by.
    expect(manifest.gzip_bytes).toBe(gzipSync(bytes, { level: 9 }).length);
    expect(manifest.gzip_bytes).toBeLessThan(bytes.length);
  });

  it("allows each inline script and style by its hash, nothing unsafe", () => {
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const code of scripts)
      expect(manifest.csp).toContain(
        `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
      );
    expect(manifest.csp).not.toMatch(/unsafe-(inline|eval)|\*/);
    expect(manifest.csp).toContain("img-src https://images.example");
    expect(manifest.csp).toContain("frame-src https://frames.example");
    expect(manifest.csp).toContain("connect-src 'none'");
  });

  it("writes the exact resource _meta for both hosts", () => {
    expect(manifest._meta).toEqual({
      "openai/widgetCSP": {
        connect_domains: [],
        resource_domains: ["https://images.example"],
        frame_domains: ["https://frames.example"],
        redirect_domains: ["https://shop.example"],
      },
      "openai/widgetDomain": "https://fixture.example",
      "openai/widgetPrefersBorder": false,
      "openai/widgetDescription": "Fixture widget",
      ui: {
        csp: {
          connectDomains: [],
          resourceDomains: ["https://images.example"],
          frameDomains: ["https://frames.example"],
        },
        prefersBorder: false,
        // ChatGPT's review requires ui.domain: the app's origin when no other is given.
        domain: "https://fixture.example",
      },
    });
  });

  it("writes the contract's JSON Schema with its version", () => {
    expect(JSON.parse(readFileSync(join(outDir, "contract.json"), "utf8"))).toEqual(
      contractJsonSchema(shop),
    );
  });
});

describe("widgetKit plugin, the page an app need not write", () => {
  it("builds a root with no index.html on the kit's page: #root and the app's main.tsx", async () => {
    const outDir = join(work, "no-page");
    await buildWidget("fixture-no-page", outDir);
    const html = readFileSync(join(outDir, "widget.html"), "utf8");
    expect(html).toMatch(/<meta charset="utf-8"/);
    expect(html).toMatch(/<title>fixture<\/title>/);
    expect(html).toMatch(/<div id="root"><\/div>/);
    // The app's entry and its styles, inlined.
    expect(html).toMatch(/<script type="module">(?:(?!<\/script>)[\s\S])*No page written/);
    expect(html).toMatch(/<style>[^<]*data-theme/);
  });

  it("fails naming the fix when the root has neither a page nor an entry", async () => {
    const root = join(work, "empty-root");
    mkdirSync(root);
    await expect(buildWidget(root, join(work, "empty-out"))).rejects.toThrow(
      /neither index\.html nor an entry \(main\.tsx, main\.ts\)/,
    );
  });
});

describe("widgetKit plugin, Preact target", () => {
  it("builds the same widget on preact/compat, without React", async () => {
    await buildWidget("fixture", join(work, "preact"), {}, lockPath, "preact");
    const html = readFileSync(join(work, "preact", "widget.html"), "utf8");
    const reactHtml = readFileSync(join(work, "ok", "widget.html"), "utf8");
    // React DOM's internals object is in every React build and in no Preact one.
    expect(
      reactHtml.includes("__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE"),
    ).toBe(true);
    expect(html.includes("__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE")).toBe(
      false,
    );
    expect(html.includes("data-item-id")).toBe(true);
    expect(html.length).toBeLessThan(reactHtml.length / 2);
  });
});

describe("widgetKit plugin, refusals", () => {
  it("rejects a locale or host the kit does not have", () => {
    expect(() => widgetKit({ config, locales: ["de" as Language], contractLock: false })).toThrow(
      /unknown locale de/,
    );
    expect(() =>
      widgetKit({ config, hosts: ["teams" as HostProtocol], contractLock: false }),
    ).toThrow(/unknown host teams/);
  });

  it("fails on a wildcard or non-https declared origin, naming it", async () => {
    await expect(
      buildWidget("fixture-leaky", join(work, "w"), {
        domains: { resource: ["https://*.cdn.example"], connect: ["http://api.example"] },
      }),
    ).rejects.toThrow(
      /domains\.connect: "http:\/\/api\.example" — non-https[\s\S]*domains\.resource: "https:\/\/\*\.cdn\.example" — wildcards/,
    );
  });

  it("fails when the bundle fetches an undeclared origin, naming it", async () => {
    await expect(buildWidget("fixture-leaky", join(work, "leak"))).rejects.toThrow(
      /origin https:\/\/api\.undeclared\.example is not declared in domains\.connect/,
    );
    expect(existsSync(join(work, "leak", "widget.html"))).toBe(false);
  });

  it("builds the same bundle once the origin is declared", async () => {
    await buildWidget("fixture-leaky", join(work, "declared"), {
      domains: { connect: ["https://api.undeclared.example"] },
    });
    const manifest = JSON.parse(
      readFileSync(join(work, "declared", "widget.manifest.json"), "utf8"),
    ) as WidgetManifest;
    expect(manifest.csp).toContain("connect-src https://api.undeclared.example");
  });

  it("fails on a breaking contract change without a major bump, naming the change", async () => {
    const lock = contractJsonSchema(shop);
    const products = (
      lock.kinds.product_list as { anyOf: Array<{ properties: Record<string, unknown> }> }
    ).anyOf[0];
    if (products) products.properties.legacy_field = { type: "string" };
    const path = join(work, "lock-breaking.json");
    writeFileSync(path, JSON.stringify(lock));
    await expect(
      buildWidget(
        "fixture-leaky",
        join(work, "c"),
        { domains: { connect: ["https://api.undeclared.example"] } },
        path,
      ),
    ).rejects.toThrow(
      /breaking change\(s\) need a major version bump[\s\S]*product_list\{ok=true\}\.legacy_field: removed field `legacy_field`/,
    );
  });

  it("fails when the lock is missing", async () => {
    await expect(
      buildWidget(
        "fixture-leaky",
        join(work, "m"),
        { domains: { connect: ["https://api.undeclared.example"] } },
        join(work, "nope.json"),
      ),
    ).rejects.toThrow(/no contract lock/);
  });
});
