/**
 * The public API, reviewed: one API report per package entry (`api/*.api.md`), written by
 * API Extractor from the shipped declarations (`lib/`, `npm run build:lib`).
 *
 *   npm run api          fails when an entry's surface differs from its committed report, or
 *                        when a public signature names a type its entry does not export
 *   npm run api:update   rewrites the reports (commit them with the change they describe)
 */
import { mkdirSync, readFileSync } from "node:fs";
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

interface PackageJson {
  exports: Record<string, string | { types?: string }>;
}

/** Every entry of package.json `exports` that has declarations: `.` → `mcp-widget-kit`, … */
function entries(): Array<{ name: string; reportName: string; types: string }> {
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
      reportFolder: join(repo, "api"),
      reportTempFolder: join(repo, ".tmp/api"),
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // One package, no release stages: every export is public.
      extractorMessageReporting: {
        "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None },
        default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
}

mkdirSync(join(repo, ".tmp/api"), { recursive: true });
let failed = 0;
for (const { name, reportName, types } of entries()) {
  const config = ExtractorConfig.prepare({
    configObject: configFor(reportName, types),
    configObjectFullPath: undefined,
    packageJsonFullPath: join(repo, "package.json"),
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    showVerboseMessages: false,
    messageCallback(message) {
      // Only what changes the verdict is printed; warnings are in the report file.
      if (message.logLevel !== ExtractorLogLevel.Error) message.handled = true;
    },
  });
  // A public signature naming a type its entry does not export: an app cannot name that type.
  const report = readFileSync(join(repo, ".tmp/api", `${reportName}.api.md`), "utf8");
  const forgotten = [...report.matchAll(/ae-forgotten-export\) The symbol "([^"]+)"/g)];
  if (forgotten.length > 0) {
    failed += 1;
    console.error(
      `${name}: forgotten exports (export them from the entry): ${forgotten.map((m) => m[1]).join(", ")}`,
    );
  }
  if (result.apiReportChanged && !update) {
    failed += 1;
    console.error(
      `${name}: the public API differs from api/${reportName}.api.md. ` +
        `Review the change, then run \`npm run api:update\` and commit the report.`,
    );
  } else if (!result.succeeded) {
    failed += 1;
    console.error(`${name}: API Extractor failed (${result.errorCount} errors)`);
  } else {
    console.log(`${name}: ${result.apiReportChanged ? "report updated" : "unchanged"}`);
  }
}
// Every entry lists what it exports by name: `export *` would pass on whatever a module adds,
// unreviewed (the report above would show it, but only once someone runs api:update).
for (const { name, types } of entries()) {
  const source = types.replace(/\/lib\//, "/src/").replace(/\.d\.ts$/, ".ts");
  const starred = /^export (?:type )?\* from/m.exec(readFileSync(source, "utf8"));
  if (starred) {
    failed += 1;
    console.error(`${name}: ${source} re-exports with \`${starred[0]}\`: list the names instead`);
  }
}
if (failed > 0) process.exit(1);
