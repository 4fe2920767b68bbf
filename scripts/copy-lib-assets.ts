/**
 * Part of `npm run build:lib`: tsc emits only JS and declarations, so the stylesheets that
 * src/ ships (design tokens, kit styles), and the declaration that lets TypeScript resolve
 * `mcp-widget-kit/styles.css`, are copied to the same place under lib/.
 */
import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const src = join(repo, "src");
const lib = join(repo, "lib");
// Not part of the package (tsconfig.build.json excludes it too): the example server's dev page.
const skipped = new Set([join(src, "devhost")]);

function copyAssets(dir: string): number {
  let copied = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (skipped.has(path)) continue;
    if (statSync(path).isDirectory()) copied += copyAssets(path);
    else if (name.endsWith(".css") || name.endsWith(".css.d.ts")) {
      cpSync(path, join(lib, relative(src, path)));
      copied += 1;
    }
  }
  return copied;
}

if (!existsSync(lib)) throw new Error("lib/ does not exist: run tsc -p tsconfig.build.json first");
console.log(`copied ${copyAssets(src)} stylesheet(s) to lib/`);
