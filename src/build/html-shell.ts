/**
 * The widget page an app need not write: when the build's root has no `index.html`, the build
 * uses the kit's — a `#root` for `mountWidget` and the app's entry (`main.tsx`, else
 * `main.ts`) as a module script. An app that wants its own page (another entry, extra markup)
 * writes `index.html`, and the build takes it as it is. (`<meta charset>` is added either way,
 * by the outputs plugin.)
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** The entry scripts a page of the kit's loads, the first that exists. */
const ENTRIES = ["main.tsx", "main.ts"];

/** The page of a widget whose entry is `entry` (relative to the root), titled `title`. */
export function htmlShell(entry: string, title: string): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    `<head><title>${title}</title></head>`,
    `<body><div id="root"></div><script type="module" src="./${entry}"></script></body>`,
    "</html>",
    "",
  ].join("\n");
}

/** The plugin that stands the kit's page in for a missing `index.html`; `title` names it. */
export function htmlShellPlugin(name: string, title: string): Plugin {
  let page = "";
  let shell: string | null = null;
  return {
    name,
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      page = resolve(config.root, "index.html");
      if (existsSync(page)) return;
      const entry = ENTRIES.find((file) => existsSync(resolve(config.root, file)));
      if (!entry)
        throw new Error(
          `mcp-widget-kit: ${config.root} has neither index.html nor an entry (${ENTRIES.join(", ")}): write widget/main.tsx calling mountWidget`,
        );
      shell = htmlShell(entry, title);
    },
    resolveId(id) {
      return shell !== null && resolve(id) === page ? page : null;
    },
    load(id) {
      return shell !== null && id === page ? shell : null;
    },
  };
}
