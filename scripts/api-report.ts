/**
 * The public API, reviewed: one API report per package entry (`api/*.api.md`), written by
 * API Extractor from the shipped declarations (`lib/`, `npm run build:lib`), and one doc model
 * per entry (`.tmp/api/model/*.api.json`, the input of the API reference, scripts/api-docs.ts).
 *
 *   npm run api          fails when an entry's surface differs from its committed report, when
 *                        a public signature names a type no entry exports, or when a count
 *                        exceeds api/budget.json
 *   npm run api:update   rewrites the reports (commit them with the change they describe) and
 *                        lowers the budget to the new counts (it never raises it)
 *   --model-only         writes the doc models only (scripts/api-docs.ts runs it)
 *
 * Homes. Each name has one home entry (contract names: `mcp-widget-kit/contract`). API
 * Extractor analyses one entry at a time and sees `lib/build/*.d.ts` importing
 * `../contract/*.d.ts` as local code, so a build signature naming `Contract` is an
 * `ae-forgotten-export` unless build re-exports it. This script collects those messages
 * instead of writing them into the report, and accepts the ones whose symbol another entry
 * exports: an app imports that type from its home. The rest fail. API Extractor writes no
 * declaration for such a reference (the signature keeps the bare name, e.g. `Contract<Kinds>`),
 * so each report starts with `// From <home>: <names>` lines, and the declaration is reviewed
 * once, in its home's report. (Accepted by name: a different declaration with the same name in
 * another entry would pass too; names exported by two entries are counted below, so such a
 * clash shows up as a count.)
 *
 * Counts, per entry and in total: public declarations (exported names), undocumented
 * (`ae-undocumented`), forgotten (references no entry exports) and names exported by two
 * entries. The budget holds the totals; it may only go down.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type IConfigFile,
} from "@microsoft/api-extractor";

const repo = fileURLToPath(new URL("..", import.meta.url));
const update = process.argv.includes("--update");
/** Only write the doc models (for the API reference); judge nothing. */
const modelOnly = process.argv.includes("--model-only");
const temp = join(repo, ".tmp/api");
/** Where API Extractor writes its own copy of each report; the committed one is compared here. */
const scratch = join(temp, "extractor");
const modelFolder = join(temp, "model");
const budgetFile = join(repo, "api/budget.json");

interface PackageJson {
  exports: Record<string, string | { types?: string }>;
}

interface Entry {
  name: string;
  reportName: string;
  types: string;
}

/** Every entry of package.json `exports` that has declarations: `.` → `mcp-widget-kit`, … */
function entries(): Entry[] {
  const pkg = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as PackageJson;
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    // A stylesheet's declaration only says the import resolves: it has no API to report.
    if (typeof target === "string" || !target.types || subpath.endsWith(".css")) return [];
    const name = subpath === "." ? "mcp-widget-kit" : `mcp-widget-kit/${subpath.slice(2)}`;
    return [{ name, reportName: name.replaceAll("/", "-"), types: join(repo, target.types) }];
  });
}

function configFor(reportName: string, types: string): IConfigFile {
  return {
    projectFolder: repo,
    mainEntryPointFilePath: types,
    compiler: { tsconfigFilePath: join(repo, "tsconfig.build.json") },
    apiReport: {
      enabled: true,
      reportFileName: `${reportName}.api.md`,
      reportFolder: scratch,
      reportTempFolder: join(temp, "report"),
    },
    docModel: { enabled: true, apiJsonFilePath: join(modelFolder, `${reportName}.api.json`) },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      extractorMessageReporting: {
        // One package, no release stages: every export is public.
        "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None },
        // Collected by the callback below and judged against the other entries' exports.
        "ae-forgotten-export": { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false },
        default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
}

interface DocItem {
  kind: string;
  name?: string;
  members?: DocItem[];
}

/** The names an entry exports, read from its doc model (overloads and merged declarations once). */
function exportedNames(reportName: string): Set<string> {
  const model = JSON.parse(
    readFileSync(join(modelFolder, `${reportName}.api.json`), "utf8"),
  ) as DocItem;
  const entryPoint = model.members?.find((m) => m.kind === "EntryPoint");
  return new Set((entryPoint?.members ?? []).flatMap((m) => (m.name ? [m.name] : [])));
}

/**
 * The report with one comment line per home entry, above the declarations, naming the types its
 * signatures take from there: API Extractor leaves an accepted reference as a bare name (it
 * writes no declaration for it), so the reader learns here where to look it up.
 */
function withHomes(report: string, homes: Map<string, string>): string {
  const byHome = new Map<string, string[]>();
  for (const [symbol, home] of homes) byHome.set(home, [...(byHome.get(home) ?? []), symbol]);
  const lines = [...byHome]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([home, symbols]) => `// From ${home}: ${symbols.sort().join(", ")}\r\n`);
  // API Extractor writes CRLF line ends; the added lines follow them.
  return lines.length === 0
    ? report
    : report.replace(/```ts\r?\n/, (fence) => `${fence}\r\n${lines.join("")}`);
}

interface Counts {
  declarations: number;
  undocumented: number;
  forgotten: number;
  shared: number;
}

const list = entries();
mkdirSync(scratch, { recursive: true });
mkdirSync(modelFolder, { recursive: true });
let failed = 0;
const forgottenBy = new Map<string, Set<string>>();
for (const { name, reportName, types } of list) {
  const forgotten = new Set<string>();
  forgottenBy.set(name, forgotten);
  const config = ExtractorConfig.prepare({
    configObject: configFor(reportName, types),
    configObjectFullPath: undefined,
    packageJsonFullPath: join(repo, "package.json"),
  });
  const result = Extractor.invoke(config, {
    // Always write the scratch copy: the committed report is compared below, after homes.
    localBuild: true,
    showVerboseMessages: false,
    messageCallback(message) {
      if (message.messageId === "ae-forgotten-export") {
        const symbol = /The symbol "([^"]+)"/.exec(message.text)?.[1];
        if (symbol) forgotten.add(symbol);
        message.handled = true;
      } else if (message.logLevel !== ExtractorLogLevel.Error) {
        // Only what changes the verdict is printed; warnings are in the report file.
        message.handled = true;
      }
    },
  });
  if (!result.succeeded) {
    failed += 1;
    console.error(`${name}: API Extractor failed (${result.errorCount} errors)`);
  }
}

if (modelOnly) process.exit(failed > 0 ? 1 : 0);

const names = new Map(list.map((entry) => [entry.name, exportedNames(entry.reportName)]));
/** For each exported name, the entries that export it. */
const exporters = new Map<string, string[]>();
for (const [entry, set] of names) {
  for (const n of set) exporters.set(n, [...(exporters.get(n) ?? []), entry]);
}

const counts = new Map<string, Counts>();
for (const { name, reportName } of list) {
  const homes = new Map<string, string>();
  const missing: string[] = [];
  for (const symbol of forgottenBy.get(name)!) {
    // A subpath entry (contract, server, …) is a more specific home than the root's catch-all.
    const others = (exporters.get(symbol) ?? []).filter((entry) => entry !== name);
    const home = others.find((entry) => entry !== "mcp-widget-kit") ?? others[0];
    if (home) homes.set(symbol, home);
    else missing.push(symbol);
  }
  const report = withHomes(readFileSync(join(scratch, `${reportName}.api.md`), "utf8"), homes);
  const committed = join(repo, "api", `${reportName}.api.md`);
  const own = names.get(name)!;
  counts.set(name, {
    declarations: own.size,
    undocumented: report.match(/\(ae-undocumented\)/g)?.length ?? 0,
    forgotten: missing.length,
    shared: [...own].filter((n) => exporters.get(n)!.length > 1).length,
  });
  if (missing.length > 0) {
    failed += 1;
    console.error(
      `${name}: forgotten exports (no entry exports them; export each from its home): ${missing.join(", ")}`,
    );
  }
  const same = existsSync(committed) && readFileSync(committed, "utf8") === report;
  if (update) {
    if (!same) writeFileSync(committed, report);
    console.log(`${name}: ${same ? "unchanged" : "report updated"}`);
  } else if (!same) {
    failed += 1;
    console.error(
      `${name}: the public API differs from api/${reportName}.api.md. ` +
        `Review the change, then run \`npm run api:update\` and commit the report.`,
    );
  } else {
    console.log(`${name}: unchanged`);
  }
}

const total: Counts = {
  declarations: [...counts.values()].reduce((sum, c) => sum + c.declarations, 0),
  undocumented: [...counts.values()].reduce((sum, c) => sum + c.undocumented, 0),
  forgotten: [...counts.values()].reduce((sum, c) => sum + c.forgotten, 0),
  shared: [...exporters.values()].filter((entries) => entries.length > 1).length,
};
const keys = ["declarations", "undocumented", "forgotten", "shared"] as const;
console.log(`\n${"entry".padEnd(26)}${keys.map((k) => k.padStart(14)).join("")}`);
for (const [name, c] of [...counts, ["total (shared: names)", total] as const]) {
  console.log(`${name.padEnd(26)}${keys.map((k) => String(c[k]).padStart(14)).join("")}`);
}

// The budget: totals that may only go down. `--update` lowers it to what was counted; raising
// it is an edit to api/budget.json, made on purpose and seen in review.
// `target` (where 1.0 is headed) is printed, not enforced.
const budget = (
  existsSync(budgetFile) ? JSON.parse(readFileSync(budgetFile, "utf8")) : total
) as Counts & { target?: Counts };
if (budget.target) {
  console.log(`${"budget".padEnd(26)}${keys.map((k) => String(budget[k]).padStart(14)).join("")}`);
  console.log(
    `${"target".padEnd(26)}${keys.map((k) => String(budget.target![k]).padStart(14)).join("")}`,
  );
}
const over = keys.filter((k) => total[k] > budget[k]);
for (const k of over) {
  failed += 1;
  console.error(`over budget: ${k} ${total[k]} > ${budget[k]} (api/budget.json)`);
}
if (update) {
  const lowered = Object.fromEntries(keys.map((k) => [k, Math.min(total[k], budget[k])]));
  const next = budget.target ? { ...lowered, target: budget.target } : lowered;
  writeFileSync(budgetFile, `${JSON.stringify(next, null, 2)}\n`);
}

// Every entry lists what it exports by name: `export *` would pass on whatever a module adds,
// unreviewed (the report above would show it, but only once someone runs api:update).
for (const { name, types } of list) {
  const source = types.replace(/\/lib\//, "/src/").replace(/\.d\.ts$/, ".ts");
  const starred = /^export (?:type )?\* from/m.exec(readFileSync(source, "utf8"));
  if (starred) {
    failed += 1;
    console.error(`${name}: ${source} re-exports with \`${starred[0]}\`: list the names instead`);
  }
}
if (failed > 0) process.exit(1);
