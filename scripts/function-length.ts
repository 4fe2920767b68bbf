/**
 * Function length, counted the way a reader meets it: each function's OWN lines, that is the
 * lines of its body that hold code of its own, with the bodies of the functions nested in it
 * left out (each of those is counted as its own entry). A closure-heavy factory is judged by
 * the code it runs itself, not by the helpers it declares inside.
 *
 * A function's own lines are the lines its body spans (blank and comment lines included: a
 * reader reads them too) less the lines its nested functions' bodies span: the line a nested
 * body opens or closes on goes to the nested function. This is the count issue 61 quotes
 * (runIdempotent 195, ConfirmDraft 136 … at 75b14e8).
 *
 *   npx tsx scripts/function-length.ts [--limit N] [files or folders …]   (default: src, 80)
 *
 * Prints every function over the limit, longest first, and exits 1 if there is any.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export interface FunctionLength {
  /** The file, as given (relative paths stay relative). */
  readonly file: string;
  /** The name a reader would search for: `startApp`, `Store.claim`, `<arrow>` … */
  readonly name: string;
  /** 1-based line where the function starts. */
  readonly line: number;
  /** Lines of its body holding its own code, nested functions' bodies left out. */
  readonly ownLines: number;
}

export const DEFAULT_LIMIT = 80;

type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.ConciseBody };

function isMeasured(node: ts.Node): node is FunctionNode {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

function propertyName(name: ts.PropertyName | ts.BindingName, sf: ts.SourceFile): string {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)
    ? name.text
    : name.getText(sf);
}

/** The name a function is known by: its own, else what it is assigned or passed to. */
function nameOf(node: FunctionNode, sf: ts.SourceFile): string {
  const holder = node.parent;
  const className = ts.isClassLike(holder) && holder.name ? holder.name.text : "<class>";
  if (ts.isConstructorDeclaration(node)) return `${className}.constructor`;
  if (node.name) {
    const own = propertyName(node.name, sf);
    return ts.isClassLike(holder) ? `${className}.${own}` : own;
  }
  if (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder)) {
    return propertyName(holder.name, sf);
  }
  if (ts.isPropertyDeclaration(holder)) {
    const owner = holder.parent.name?.text ?? "<class>";
    return `${owner}.${propertyName(holder.name, sf)}`;
  }
  // `forwardRef(function …)`, `useCallback(() => …)`: the variable that holds the call.
  if (ts.isCallExpression(holder) && ts.isVariableDeclaration(holder.parent)) {
    return propertyName(holder.parent.name, sf);
  }
  return ts.isArrowFunction(node) ? "<arrow>" : "<function>";
}

/** Every function in one file with its own line count, in source order. */
export function measureSource(file: string, text: string): FunctionLength[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const functions: FunctionNode[] = [];
  const visit = (node: ts.Node): void => {
    if (isMeasured(node)) functions.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);

  // A function's lines: its body's span, less every line a nested function's body spans.
  // Only the nearest nested functions are subtracted (theirs lie inside them), and as a set
  // of lines, so two one-line callbacks on one line take that line once.
  const lineOf = (at: number): number => sf.getLineAndCharacterOfPosition(at).line;
  const own = functions.map((fn) => {
    const first = lineOf(fn.body.getStart(sf));
    const last = lineOf(fn.body.getEnd());
    const nested = new Set<number>();
    const subtract = (node: ts.Node): void => {
      if (!isMeasured(node)) return void ts.forEachChild(node, subtract);
      const end = lineOf(node.body.getEnd());
      for (let line = lineOf(node.body.getStart(sf)); line <= end; line++) nested.add(line);
    };
    ts.forEachChild(fn.body, subtract);
    return last - first + 1 - nested.size;
  });
  return functions.map((fn, index) => ({
    file,
    name: nameOf(fn, sf),
    line: sf.getLineAndCharacterOfPosition(fn.getStart(sf)).line + 1,
    ownLines: own[index]!,
  }));
}

/** The .ts and .tsx files under each path (declaration files and installs skipped). */
export function sourceFiles(paths: readonly string[]): string[] {
  return paths.flatMap((entry) => {
    if (!statSync(entry).isDirectory()) return [entry];
    return readdirSync(entry, { withFileTypes: true })
      .filter((child) => child.name !== "node_modules")
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((child) => {
        const full = path.join(entry, child.name);
        if (child.isDirectory()) return sourceFiles([full]);
        return /\.tsx?$/.test(child.name) && !child.name.endsWith(".d.ts") ? [full] : [];
      });
  });
}

/** Functions over `limit` own lines in the given files, longest first. */
export function overLimit(files: readonly string[], limit = DEFAULT_LIMIT): FunctionLength[] {
  return files
    .flatMap((file) => measureSource(file, readFileSync(file, "utf8")))
    .filter((entry) => entry.ownLines > limit)
    .sort((a, b) => b.ownLines - a.ownLines || a.file.localeCompare(b.file) || a.line - b.line);
}

export function formatEntry(entry: FunctionLength): string {
  return `${String(entry.ownLines).padStart(4)}  ${entry.name}  ${entry.file}:${entry.line}`;
}

function main(argv: readonly string[]): number {
  let limit = DEFAULT_LIMIT;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--limit") {
      limit = Number(argv[++i]);
      if (!Number.isInteger(limit) || limit < 1) throw new Error("--limit takes a whole number");
    } else paths.push(argv[i]!);
  }
  const found = overLimit(sourceFiles(paths.length > 0 ? paths : ["src"]), limit);
  for (const entry of found) console.log(formatEntry(entry));
  console.log(
    found.length === 0
      ? `function-length: no function over ${limit} own lines`
      : `function-length: ${found.length} function(s) over ${limit} own lines`,
  );
  return found.length === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
