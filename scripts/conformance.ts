/**
 * `npm run test:conformance`: the official MCP conformance suite
 * (`@modelcontextprotocol/conformance`, pinned) against GiftGenius as `npm start` runs it, for
 * the server scenarios that apply to a server without the suite's fixture tools (they ask for
 * tools like `test_simple_text` this app does not have). Every check must pass but those in
 * test/conformance/expected-failures.yml, each there with its reason (the suite fails the run
 * on an unexpected failure and on a listed check that passes).
 *
 * The suite needs Node ≥ 22 (`fs.globSync`); the kit supports Node 20, so it runs under the
 * pinned Bun the runtime tests install from npm (scripts/runtimes.ts). It is installed from the
 * npm registry into `.tmp/conformance` at its exact version on first use, not as a
 * devDependency: it would make `npm ci` warn EBADENGINE on Node 20 in every clone.
 *
 * `--scenario <name>` runs one; `--list` prints the ones run.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installedVersionIn, installRuntimes, npmInstallInto } from "./runtimes.ts";
import { GIFTGENIUS_DIST, spawnServer } from "./spawn-server.ts";

/** The suite's version: a prerelease, so exactly this one. */
export const CONFORMANCE_VERSION = "0.2.0-alpha.12";

/**
 * The server scenarios that need nothing but a real server: no fixture tools, prompts or
 * resources of the suite's. Each names what it checks.
 */
export const SCENARIOS = [
  "server-stateless", // 2026-07-28: no session, server/discover, per-request envelope
  "http-header-validation", // Mcp-Method / Mcp-Name / MCP-Protocol-Version against the body
  "caching", // cache hints on list results
  "sep-2164-resource-not-found", // resources/read of an unknown URI: -32002 with data.uri
  "dns-rebinding-protection", // a foreign Host or Origin is refused
  "tools-list", // tools/list answers valid tool definitions
  "resources-list", // resources/list answers valid resources
  "server-initialize", // the 2025 initialize handshake
  "ping", // ping in the 2025 era
] as const;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIR = join(ROOT, ".tmp", "conformance");
/** The checks GiftGenius cannot pass by design, each with its reason. */
const EXPECTED_FAILURES = join(ROOT, "test", "conformance", "expected-failures.yml");
const SUITE = "@modelcontextprotocol/conformance";
const CLI = join(DIR, "node_modules", SUITE, "dist", "index.js");

/** Installs the pinned suite from the registry unless it is there. */
function installSuite(): void {
  if (installedVersionIn(DIR, SUITE) !== CONFORMANCE_VERSION)
    npmInstallInto(DIR, [`${SUITE}@${CONFORMANCE_VERSION}`]);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--list")) {
    console.log(SCENARIOS.join("\n"));
    return;
  }
  const at = args.indexOf("--scenario");
  const scenarios = at >= 0 ? [args[at + 1]!] : [...SCENARIOS];
  installSuite();
  const { bun } = installRuntimes();
  // resources/read serves the built widget (the caching scenario reads it).
  if (!existsSync(join(GIFTGENIUS_DIST, "widget.manifest.json")))
    execFileSync("npm", ["run", "build", "-w", "giftgenius"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
  const dataDir = mkdtempSync(join(tmpdir(), "giftgenius-conformance-"));
  // Its own SQLite file (never a shared DATABASE_URL) and no daily limit to run into.
  const server = await spawnServer({
    DATABASE_URL: "",
    SQLITE_FILE: join(dataDir, "giftgenius.sqlite"),
    GIFTGENIUS_DAILY_LIMIT: "1000000",
    GIFTGENIUS_FAULTS: "",
  });
  const failed: string[] = [];
  try {
    for (const scenario of scenarios) {
      const run = spawnSync(
        bun,
        [
          CLI,
          "server",
          "--url",
          server.url,
          "--scenario",
          scenario,
          "--timeout",
          "20000",
          "--expected-failures",
          EXPECTED_FAILURES,
        ],
        { encoding: "utf8", timeout: 120_000, env: { ...process.env, NO_COLOR: "1" } },
      );
      const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
      const ok = run.status === 0;
      const tally = /Passed: [^\n]*/.exec(output)?.[0] ?? "";
      console.log(`${ok ? "pass" : "FAIL"}  ${scenario}  ${tally}`);
      // A SHOULD the server misses is a warning, not a failure: shown, so it is not missed.
      for (const line of output.split("\n")) if (/\bWARNING\b/.test(line)) console.log(`  ${line}`);
      if (!ok) {
        failed.push(scenario);
        console.log(output.trim());
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed.length > 0) {
    console.error(
      `conformance ${CONFORMANCE_VERSION}: ${failed.length} failed: ${failed.join(", ")}`,
    );
    process.exit(1);
  }
  console.log(`conformance ${CONFORMANCE_VERSION}: ${scenarios.length} scenarios passed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
