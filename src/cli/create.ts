/**
 * `widget-kit create <folder>`: writes a new app from the template shipped in the package
 * (templates/app): contract, widget, MCP server, a recorded fixture, a story and tests. It
 * never overwrites anything: the folder must be new or empty, and every file is created
 * exclusively.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import validatePackageName from "validate-npm-package-name";

/** The template, beside src/ in the repository and beside lib/ in the package. */
const TEMPLATE_DIR = fileURLToPath(new URL("../../templates/app/", import.meta.url));
const KIT_PACKAGE_JSON = fileURLToPath(new URL("../../package.json", import.meta.url));
/** What the template holds but an app must not get (a build, an install or its database, inside the repo). */
const SKIPPED = new Set(["node_modules", "dist", "data"]);
/** npm drops `.gitignore` from packages, so the template ships it under another name. */
const RENAMED: { readonly [name: string]: string } = { _gitignore: ".gitignore" };
/** The README's stand-in for the app's name. */
const NAME_TOKEN = /\{\{app-name\}\}/g;

/** Options of {@link createApp}. */
export interface CreateOptions {
  /** The new app's folder (relative to `cwd`). Must not exist, or be empty. */
  readonly dir: string;
  /** The package name; default the folder's name. */
  readonly name?: string | undefined;
  /**
   * How the app depends on the kit: a version range, or a path to a packed tarball or a
   * folder (written as `file:` + its absolute path). Default `^` + this kit's version.
   */
  readonly kit?: string | undefined;
  /** Where relative paths start. Default `process.cwd()`. */
  readonly cwd?: string | undefined;
}

/** A mistake in what the person asked for; the CLI prints its message alone. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The app written by {@link createApp}. */
export interface CreatedApp {
  readonly dir: string;
  readonly name: string;
  readonly kitSpec: string;
  /** Paths relative to `dir`, sorted. */
  readonly files: readonly string[];
}

function checkName(name: string): void {
  const result = validatePackageName(name);
  if (result.validForNewPackages) return;
  const problems = [...(result.errors ?? []), ...(result.warnings ?? [])];
  throw new UsageError(
    `"${name}" is not a valid npm package name: ${problems.join("; ")}. ` +
      "Pass another folder name, or --name <package-name>.",
  );
}

function checkFolder(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory())
    throw new UsageError(`${dir} exists and is not a folder; pick a new folder for the app.`);
  if (readdirSync(dir).length > 0)
    throw new UsageError(
      `${dir} is not empty; create the app in a new or empty folder (nothing was written).`,
    );
}

function kitSpec(kit: string | undefined, cwd: string): string {
  if (kit === undefined) {
    const { version } = JSON.parse(readFileSync(KIT_PACKAGE_JSON, "utf8")) as { version: string };
    return `^${version}`;
  }
  if (kit.trim() === "") throw new UsageError("--kit needs a version range or a path.");
  const path = resolve(cwd, kit.replace(/^file:/, ""));
  if (existsSync(path)) return `file:${path}`;
  if (/^(file:|\.|\/)|\.tgz$/.test(kit)) throw new UsageError(`--kit: ${path} does not exist.`);
  return kit;
}

/** Every file of the template (relative paths), skipping build and install output. */
function templateFiles(dir = TEMPLATE_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? templateFiles(path) : [relative(TEMPLATE_DIR, path)];
  });
}

/** The template file's content for this app: its name and kit dependency filled in. */
function contentFor(file: string, name: string, spec: string): string | Buffer {
  const source = join(TEMPLATE_DIR, file);
  if (file === "package.json") {
    const pkg = JSON.parse(readFileSync(source, "utf8")) as {
      name: string;
      dependencies: { [name: string]: string };
    };
    pkg.name = name;
    pkg.dependencies["widget-kit"] = spec;
    return JSON.stringify(pkg, null, 2) + "\n";
  }
  if (file === "README.md") return readFileSync(source, "utf8").replace(NAME_TOKEN, name);
  return readFileSync(source);
}

/** Writes a new app from the template. Throws {@link UsageError} on bad input, before writing. */
export function createApp(options: CreateOptions): CreatedApp {
  const cwd = options.cwd ?? process.cwd();
  if (!options.dir?.trim())
    throw new UsageError("Name the new app's folder: widget-kit create <folder>.");
  const dir = resolve(cwd, options.dir);
  const name = options.name ?? basename(dir);
  checkName(name);
  checkFolder(dir);
  const spec = kitSpec(options.kit, cwd);
  const files = templateFiles().sort();
  const written: string[] = [];
  for (const file of files) {
    const target = join(dir, join(file, "..", RENAMED[basename(file)] ?? basename(file)));
    mkdirSync(join(target, ".."), { recursive: true });
    // `wx`: fail rather than replace a file that appeared meanwhile.
    writeFileSync(target, contentFor(file, name, spec), { flag: "wx" });
    written.push(relative(dir, target));
  }
  return { dir, name, kitSpec: spec, files: written.sort() };
}
