/**
 * Bun and Deno from their npm packages (each ships its binary as a registry package), installed
 * once into `.tmp/runtimes/` for the runtime tests and the bench. Not devDependencies: both
 * have a postinstall step that `npm ci` would warn about (or ask to approve) in every clone,
 * and most work on the kit never needs them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The pinned versions. */
export const RUNTIME_VERSIONS = { bun: "1.4.4", deno: "2.9.6" } as const;

/** A runtime that runs the fetch entry. */
export type FetchRuntime = keyof typeof RUNTIME_VERSIONS;

const DIR = fileURLToPath(new URL("../.tmp/runtimes", import.meta.url));

/**
 * The exact `packages` (`name@version`) from the npm registry into `dir`'s own node_modules,
 * outside the project's lockfile. Their install scripts run (Bun and Deno link their platform
 * binary that way; npm's allowScripts note is expected here).
 */
export function npmInstallInto(dir: string, packages: readonly string[]): void {
  mkdirSync(dir, { recursive: true });
  execFileSync(
    "npm",
    ["install", "--prefix", dir, "--no-audit", "--no-fund", "--no-save", ...packages],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

/** The version of `name` installed in `dir`, if any. */
export function installedVersionIn(dir: string, name: string): string | undefined {
  const manifest = join(dir, "node_modules", name, "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}

/** Installs what is missing (or at another version) and gives each runtime's binary. */
export function installRuntimes(): Record<FetchRuntime, string> {
  const names = Object.keys(RUNTIME_VERSIONS) as FetchRuntime[];
  const missing = names.filter((name) => installedVersionIn(DIR, name) !== RUNTIME_VERSIONS[name]);
  if (missing.length > 0)
    npmInstallInto(
      DIR,
      missing.map((name) => `${name}@${RUNTIME_VERSIONS[name]}`),
    );
  const bin = (name: string) => join(DIR, "node_modules", ".bin", name);
  return { bun: bin("bun"), deno: bin("deno") };
}
