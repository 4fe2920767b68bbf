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

function installedVersion(name: FetchRuntime): string | undefined {
  const manifest = join(DIR, "node_modules", name, "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}

/** Installs what is missing (or at another version) and gives each runtime's binary. */
export function installRuntimes(): Record<FetchRuntime, string> {
  const names = Object.keys(RUNTIME_VERSIONS) as FetchRuntime[];
  const missing = names.filter((name) => installedVersion(name) !== RUNTIME_VERSIONS[name]);
  if (missing.length > 0) {
    mkdirSync(DIR, { recursive: true });
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        DIR,
        "--no-audit",
        "--no-fund",
        "--no-save",
        ...missing.map((name) => `${name}@${RUNTIME_VERSIONS[name]}`),
      ],
      // Their postinstall links the platform binary; npm's allowScripts note is expected here.
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  }
  const bin = (name: string) => join(DIR, "node_modules", ".bin", name);
  return { bun: bin("bun"), deno: bin("deno") };
}
