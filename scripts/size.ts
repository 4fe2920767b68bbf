/**
 * `npm run size`: the byte budget as a test. It builds the kit's neutral fixture app's widget
 * (test/fixture-app/widget.tsx, mounted by scripts/size-widget/) in three variants and a React 19
 * hello world with the same toolchain, and fails when the kit's share of a variant passes its
 * ceiling in scripts/size-ceilings.json. The share is what every app pays for the kit: the
 * widget's gzip bytes minus the hello world's (React builds), or the whole file (Preact, which
 * ships no React to subtract). The ceilings never rise: a change that needs bytes pays for them
 * elsewhere (docs/architecture.md, "Byte budget").
 *
 * It also prints GiftGenius' three figures without capping them: a feature an app opts into
 * (checkout, say) may cost that app bytes; the note that adds it says how many.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { defineWidgetConfig, widgetKit } from "../src/build/index.ts";
import type { Language } from "../src/index.ts";
import { shop } from "../test/support/shop-contract.ts";
import { buildHelloWorld, buildWidget } from "../bench/build.ts";
import { kitAliases } from "./kit-aliases.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** GiftGenius' Vite config, the one place `npm run size` takes it from. */
export const GIFTGENIUS_VITE_CONFIG = join(repo, "examples/giftgenius/vite.config.ts");

/** The committed ceilings: where they came from, and one ceiling per variant. */
export interface SizeCeilings {
  readonly measured: string;
  readonly measurement: string;
  readonly ceilings: Readonly<Record<VariantName, number>>;
}

/** The three builds every app's budget is checked in. */
export const VARIANTS = {
  default: { target: "react", locales: undefined },
  preact: { target: "preact", locales: undefined },
  en: { target: "react", locales: ["en"] },
} as const satisfies Record<
  string,
  { target: "react" | "preact"; locales: readonly Language[] | undefined }
>;

/** A variant's name, as the ceilings file spells it. */
export type VariantName = keyof typeof VARIANTS;

const CEILINGS_FILE = join(repo, "scripts/size-ceilings.json");

/** The fixture app's widget settings, as an app's widget.config.ts would declare them. */
const fixtureConfig = defineWidgetConfig({
  name: "fixture-shop",
  description: "The kit's neutral fixture app: products, a draft, a confirmed purchase.",
  prefersBorder: true,
  domains: { resource: [], connect: [], redirect: [] },
  contract: shop,
});

function gzipBytes(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** Builds the fixture widget as `variant` into `outDir`; returns its gzip bytes. */
async function buildFixture(variant: VariantName, outDir: string): Promise<number> {
  const { target, locales } = VARIANTS[variant];
  await build({
    configFile: false,
    root: join(repo, "scripts/size-widget"),
    logLevel: "error",
    resolve: { alias: kitAliases() },
    plugins: [react(), widgetKit({ config: fixtureConfig, target, contractLock: false, locales })],
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
  return gzipBytes(join(outDir, "widget.html"));
}

/** Builds GiftGenius as `variant` into `outDir` with its own config; returns its gzip bytes. */
async function buildGiftGenius(variant: VariantName, outDir: string): Promise<number> {
  const { target, locales } = VARIANTS[variant];
  await buildWidget(
    outDir,
    target === "preact" ? "preact" : "production",
    locales ? { WIDGET_LOCALES: locales.join(",") } : {},
    { configFile: GIFTGENIUS_VITE_CONFIG },
  );
  return gzipBytes(join(outDir, target === "preact" ? "preact" : ".", "widget.html"));
}

/** The kit's share of a build: over the hello world for React, the whole file for Preact. */
function shareOf(variant: VariantName, widgetBytes: number, helloBytes: number): number {
  return VARIANTS[variant].target === "preact" ? widgetBytes : widgetBytes - helloBytes;
}

/** One sentence per variant whose share passed its ceiling (empty when all fit). */
export function overCeiling(
  shares: Readonly<Record<VariantName, number>>,
  ceilings: SizeCeilings["ceilings"],
): string[] {
  return (Object.keys(VARIANTS) as VariantName[])
    .filter((variant) => shares[variant] > ceilings[variant])
    .map(
      (variant) =>
        `The fixture app's ${variant} widget carries ${shares[variant]} B of kit, over its ceiling of ${ceilings[variant]} B (scripts/size-ceilings.json); make something else smaller.`,
    );
}

async function main(): Promise<number> {
  const { ceilings, measured } = JSON.parse(readFileSync(CEILINGS_FILE, "utf8")) as SizeCeilings;
  mkdirSync(join(repo, ".tmp"), { recursive: true });
  // Inside the repo so the builds resolve react from the shared node_modules.
  const dir = mkdtempSync(join(repo, ".tmp", "size-"));
  try {
    const hello = await buildHelloWorld(dir);
    const fixture = {} as Record<VariantName, number>;
    const giftGenius = {} as Record<VariantName, number>;
    for (const variant of Object.keys(VARIANTS) as VariantName[]) {
      fixture[variant] = shareOf(variant, await buildFixture(variant, join(dir, variant)), hello);
      giftGenius[variant] = shareOf(
        variant,
        await buildGiftGenius(variant, join(dir, `giftgenius-${variant}`)),
        hello,
      );
    }
    console.log(`React 19 hello world: ${hello} B gzip. The kit's share (gzip -9 bytes):`);
    console.log(
      `${"variant".padEnd(9)} ${"fixture app".padStart(12)} ${"ceiling".padStart(9)} ${"GiftGenius".padStart(11)} (not capped)`,
    );
    for (const variant of Object.keys(VARIANTS) as VariantName[])
      console.log(
        `${variant.padEnd(9)} ${String(fixture[variant]).padStart(12)} ${String(ceilings[variant]).padStart(9)} ${String(giftGenius[variant]).padStart(11)}`,
      );
    console.log("(preact: the whole file, Preact included; the others: over the hello world)");
    const problems = overCeiling(fixture, ceilings);
    for (const problem of problems) console.error(problem);
    if (problems.length === 0) console.log(`Within the ceilings set on ${measured}.`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = await main();
