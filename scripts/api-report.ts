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
 *
 * Homes. Each name has one home entry (contract names: `mcp-widget-kit/contract`). API
 * Extractor analyses one entry at a time and sees `lib/build/*.d.ts` importing
 * `../contract/*.d.ts` as local code, so a build signature naming `Contract` is an
 * `ae-forgotten-export` unless build re-exports it. This script collects those messages
 * instead of writing them into the report, and accepts the ones whose symbol another entry
 * exports: an app imports that type from its home. The rest fail. For an accepted reference
 * API Extractor still writes the referenced declaration into the report, unexported (`interface
 * Contract { … }`); the report replaces that copy with one line naming the home, so the
 * declaration is reviewed once, in its home's report. (Accepted by name: a second, different
 * declaration of the same name would pass too. Names exported by two entries are counted
 * below, so that clash would show as a count, not as a silent pass.)
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
    return [{ name, reportName: name.replace("/", "-"), types: join(repo, target.types) }];
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
 * The report without the unexported copies of accepted references: a block (the lines between
 * two blank lines) that declares `name` without `export` becomes one line naming its home.
 */
function withHomes(report: string, homes: Map<string, string>): string {
  const blocks = report.split(/\n\n/);
  return blocks
    .map((block) => {
      const declaration =
        /^(?:\/\/[^\n]*\n)*(?:declare )?(?:interface|type|function|const|class|enum|namespace) ([A-Za-z_$][\w$]*)/.exec(
          block,
        );
      const home = declaration ? homes.get(declaration[1]!) : undefined;
      return home ? `// ${declaration![1]}: see ${home}` : block;
    })
    .join("\n\n");
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
    const home = (exporters.get(symbol) ?? []).find((entry) => entry !== name);
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
const budget = (existsSync(budgetFile) ? JSON.parse(readFileSync(budgetFile, "utf8")) : total) as
  Counts | (Counts & { target?: Counts });
const over = keys.filter((k) => total[k] > budget[k]);
for (const k of over) {
  failed += 1;
  console.error(`over budget: ${k} ${total[k]} > ${budget[k]} (api/budget.json)`);
}
if (update) {
  const lowered = Object.fromEntries(keys.map((k) => [k, Math.min(total[k], budget[k])]));
  writeFileSync(budgetFile, `${JSON.stringify(lowered, null, 2)}\n`);
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
