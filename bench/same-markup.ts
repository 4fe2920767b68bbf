/**
 * The render bench's third anchor: the widget's own first results, drawn by plain React with
 * no kit and no app code. The widget is loaded once, its `#root` is read back as a tree (tags,
 * attributes, text), and a one-file React page (same toolchain as the hello world) renders that
 * tree with `createElement` under the widget's own styles. So this page pays what the person
 * sees — React creating the same elements, the same style and layout — and nothing of what the
 * kit and the app do to get there (host bridge, parsing, i18n, hooks, their bytes). The widget
 * against it is the kit + app cost; it against the hello world is the cost of the markup.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { withBenchPage } from "./bench-page.ts";
import { buildOneFilePage } from "./build.ts";

/** One element of the captured markup; text children are strings. */
interface MarkupNode {
  readonly t: string;
  readonly a: Record<string, string>;
  readonly c: ReadonlyArray<MarkupNode | string>;
}

/** Page code that stores `#root`'s children as a tree in `window.__markup`. */
const CAPTURE = `{
  const walk = (node) => {
    if (node.nodeType === 3) return node.textContent;
    const a = {};
    for (const name of node.getAttributeNames()) a[name] = node.getAttribute(name);
    const c = [...node.childNodes].filter((n) => n.nodeType === 1 || n.nodeType === 3);
    return { t: node.localName, a, c: c.map(walk) };
  };
  window.__markup = [...document.getElementById("root").children].map(walk);
}`;

/**
 * Loads `html` and returns its `#root` children as a tree, read in the same observer callback
 * that stamps the first results (`script(onRendered)` is the render bench's `initScript`), so
 * what an effect or a failed image changes afterwards is not in it. Page code is a string:
 * tsx's name helper does not exist in the page.
 */
export async function captureMarkup(
  browser: Browser,
  html: string,
  origin: string,
  script: (onRendered: string) => string,
): Promise<MarkupNode[]> {
  return withBenchPage(browser, { throttle: 1, origin, body: () => html }, async (page) => {
    await page.addInitScript({ content: script(CAPTURE) });
    await page.goto(`${origin}/widget.html`);
    await page.evaluate("window.__rendered");
    return (await page.evaluate("window.__markup")) as MarkupNode[];
  });
}

/**
 * The page's script: the tree arrives as a JSON string (as a tool output does, rather than as
 * code to compile), and each element's attributes become React props (the DOM names React
 * renames, boolean attributes, inline style).
 */
const RENDERER = `import { createElement } from "react";
import { createRoot } from "react-dom/client";
const RENAMED = { class: "className", for: "htmlFor", tabindex: "tabIndex", referrerpolicy: "referrerPolicy", srcset: "srcSet", crossorigin: "crossOrigin" };
const BOOLEAN = new Set(["disabled", "hidden", "checked", "open", "readonly", "required"]);
const camel = (name) => (name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()));
function props(attributes, key) {
  const result = { key };
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "style")
      result.style = Object.fromEntries(value.split(";").filter((d) => d.includes(":")).map((d) => {
        const colon = d.indexOf(":");
        return [camel(d.slice(0, colon).trim()), d.slice(colon + 1).trim()];
      }));
    else if (BOOLEAN.has(name)) result[name] = true;
    else result[RENAMED[name] || name] = value;
  }
  return result;
}
const element = (node, key) =>
  typeof node === "string" ? node : createElement(node.t, props(node.a, key), ...node.c.map(element));
createRoot(document.getElementById("root")).render(JSON.parse(MARKUP).map(element));
`;

/**
 * Builds the plain-React page for `markup` with the styles of `widgetHtml`, into
 * `dir/same-markup-dist/index.html`; returns its HTML.
 */
export async function buildSameMarkup(
  dir: string,
  markup: readonly MarkupNode[],
  widgetHtml: string,
): Promise<string> {
  const root = join(dir, "same-markup");
  mkdirSync(root, { recursive: true });
  const css = [...widgetHtml.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1])
    .join("\n");
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Same markup</title><style>${css}</style></head><body><main id="root"></main><script type="module" src="./main.jsx"></script></body></html>`,
  );
  writeFileSync(
    join(root, "main.jsx"),
    `const MARKUP = ${JSON.stringify(JSON.stringify(markup))};\n${RENDERER}`,
  );
  await buildOneFilePage(root, join(dir, "same-markup-dist"));
  return readFileSync(join(dir, "same-markup-dist", "index.html"), "utf8");
}
