/**
 * `mcp-widget-kit create <folder> [--template <name>]`: writes a new app from a template shipped
 * in the package — `flights` (templates/flights, the default: search, prepare a booking, confirm,
 * book; money), `replies` (templates/replies: list tickets, draft a reply, confirm, send;
 * no money) or `payments` (templates/payments: contacts, quote a transfer, confirm, send it
 * through an outside provider that may fail or time out, reconcile) — with its contract,
 * widget, MCP server, recorded fixtures, a story and tests. It
 * never overwrites anything: the folder must be new or empty, and every file is created
 * exclusively.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import validatePackageName from "validate-npm-package-name";

/** The templates by name; each is the folder `templates/<name>/` beside src/ in the repository and lib/ in the package. */
export const TEMPLATES = ["flights", "replies", "payments"] as const;

/** A template's name. */
export type TemplateName = (typeof TEMPLATES)[number];

function templateDir(template: TemplateName): string {
  return fileURLToPath(new URL(`../../templates/${template}/`, import.meta.url));
}
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
   * folder (written as `file:` + its path relative to the app's folder). Default `^` + this
   * kit's version.
   */
  readonly kit?: string | undefined;
  /** Where relative paths start. Default `process.cwd()`. */
  readonly cwd?: string | undefined;
  /** Which app to write (`TEMPLATES`); default `flights`. */
  readonly template?: string | undefined;
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

/**
 * The app's dependency on the kit. A path is written relative to the app's folder (where its
 * package.json is, which npm resolves `file:` from): the app and the tarball beside it can be
 * moved or committed together, and no one's home folder ends up in the app.
 */
function kitSpec(kit: string | undefined, cwd: string, dir: string): string {
  if (kit === undefined) {
    const { version } = JSON.parse(readFileSync(KIT_PACKAGE_JSON, "utf8")) as { version: string };
    return `^${version}`;
  }
  if (kit.trim() === "") throw new UsageError("--kit needs a version range or a path.");
  const path = resolve(cwd, kit.replace(/^file:/, ""));
  if (existsSync(path)) return `file:${relative(dir, path).split(sep).join("/")}`;
  if (/^(file:|\.|\/)|\.tgz$/.test(kit)) throw new UsageError(`--kit: ${path} does not exist.`);
  return kit;
}

function checkTemplate(template: string): TemplateName {
  const known: readonly string[] = TEMPLATES;
  if (known.includes(template)) return template as TemplateName;
  throw new UsageError(
    `--template: no template "${template}"; pick one of ${TEMPLATES.join(", ")}.`,
  );
}

/** Every file of the template (relative paths), skipping build and install output. */
function templateFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? templateFiles(root, path) : [relative(root, path)];
  });
}

/** The template file's content for this app: its name and kit dependency filled in. */
function contentFor(root: string, file: string, name: string, spec: string): string | Buffer {
  const source = join(root, file);
  if (file === "package.json") {
    const pkg = JSON.parse(readFileSync(source, "utf8")) as {
      name: string;
      dependencies: { [name: string]: string };
    };
    pkg.name = name;
    pkg.dependencies["mcp-widget-kit"] = spec;
    return JSON.stringify(pkg, null, 2) + "\n";
  }
  if (file === "README.md") return readFileSync(source, "utf8").replace(NAME_TOKEN, name);
  return readFileSync(source);
}

/** Writes a new app from the template. Throws {@link UsageError} on bad input, before writing. */
export function createApp(options: CreateOptions): CreatedApp {
  const cwd = options.cwd ?? process.cwd();
  if (!options.dir?.trim())
    throw new UsageError("Name the new app's folder: mcp-widget-kit create <folder>.");
  const dir = resolve(cwd, options.dir);
  const name = options.name ?? basename(dir);
  checkName(name);
  checkFolder(dir);
  const spec = kitSpec(options.kit, cwd, dir);
  const root = templateDir(checkTemplate(options.template ?? "flights"));
  const files = templateFiles(root).sort();
  const written: string[] = [];
  for (const file of files) {
    const target = join(dir, join(file, "..", RENAMED[basename(file)] ?? basename(file)));
    mkdirSync(join(target, ".."), { recursive: true });
    // `wx`: fail rather than replace a file that appeared meanwhile.
    writeFileSync(target, contentFor(root, file, name, spec), { flag: "wx" });
    written.push(relative(dir, target));
  }
  return { dir, name, kitSpec: spec, files: written.sort() };
}

/**
 * What `create` prints once the app is written: where it is and the next commands. A range
 * (no `--kit` path) is installed from the npm registry, which answers 404 while the kit is
 * unpublished; the one sentence about it names the way out, so npm's 404 is not the last word.
 */
export function createdMessage(app: CreatedApp, where: string): string {
  const fromRegistry = !app.kitSpec.startsWith("file:");
  const registryNote = fromRegistry
    ? "\nIf npm install answers 404 for mcp-widget-kit, the kit is not on the npm registry yet: " +
      "create the app again with --kit <path to the .tgz that npm pack writes in a clone of the kit>.\n"
    : "";
  return `Created ${app.name} in ${where} (${app.files.length} files, mcp-widget-kit ${app.kitSpec}).

  cd ${where}
  npm install
  npm start     # the widget on the local host page, rebuilt on every save
  npm test      # the server against the contract, DOM snapshots of the widget
${registryNote}`;
}
