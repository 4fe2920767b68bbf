/**
 * The kit's Vite plugin: builds a widget into one self-contained HTML file (through
 * vite-plugin-singlefile), checks it, and writes its manifest and contract schema beside it.
 */
import { resolve } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";
import { viteSingleFile } from "vite-plugin-singlefile";
import { contractJsonSchema } from "../contract/json-schema.ts";
import { checkContract } from "./contract-check.ts";
import { readContractLock, serializeContract } from "./contract-lock.ts";
import { buildCsp } from "../core/widget-csp.ts";
import { inlineElements } from "../core/inline-elements.ts";
import { selfContainedProblems } from "./inline-audit.ts";
import { buildManifest, assertWidgetName } from "./manifest.ts";
import { checkDeclaredOrigins } from "./origins.ts";
import { findUndeclaredOrigins } from "./scan-origins.ts";
import type { WidgetConfig } from "./widget-config.ts";
import type { KindDefinition } from "../contract/kinds.ts";
import type { Language } from "../i18n/locale.ts";
import type { AppMessages } from "../i18n/app-messages.ts";
import { declaredPartsPlugin } from "./declared-parts.ts";
import { widgetOnlyPlugin } from "./widget-only.ts";
import { htmlShellPlugin } from "./html-shell.ts";

/** Every plugin this module returns has a name starting with this (so Storybook can drop them). */
export const WIDGET_KIT_PLUGIN_PREFIX = "mcp-widget-kit:";

/** Options of {@link widgetKit}. */
export interface WidgetKitOptions<
  Kinds extends Record<string, KindDefinition> = Record<string, KindDefinition>,
> {
  /** The widget's config (usually the default export of `widget.config.ts`). */
  config: WidgetConfig<Kinds>;
  /** `react` (default) or `preact`, which aliases `react`/`react-dom` to `preact/compat`. */
  target?: "react" | "preact";
  /** Path of the contract lock (relative to the working directory), or `false` to skip the check. */
  contractLock?: string | false;
  /** Name of the HTML file in the output directory. Default `widget.html`. */
  htmlFileName?: string;
  /**
   * The kit catalogs to ship (default all: en, ru, zh, vi); the first is the fallback for a
   * host locale with no catalog. Undeclared catalogs are left out of the bundle.
   */
  locales?: readonly Language[];
  /**
   * The host protocols to ship an adapter for (default both: `openai`, `mcp-apps`). In a
   * host whose adapter was left out the widget runs in the no-host mode.
   */
  hosts?: readonly ("openai" | "mcp-apps")[];
  /**
   * The app's messages (`defineMessages`) that a `MessagesProvider` around the whole widget
   * gives every kit component. A kit text these messages re-word in every one of their
   * catalogs can never show, so the build leaves it out of the kit's catalogs. Leave this
   * unset if any kit component renders outside that provider.
   */
  messages?: AppMessages<unknown>;
}

const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

// eval and the Function constructor are forbidden by the widget CSP (no 'unsafe-eval').
const EVAL_USE = /(?<![\w$.])eval\s*\(|\bnew\s+Function\s*\(/;

function withBaseName(path: string, name: string): string {
  return `${path.replace(/[^/]*$/, "")}${name}`;
}

/**
 * The inlined widget without what only the build needed: Vite's CSS hash marker
 * (`/*$vite$:1*\/`; Vite strips one per CSS asset, so the kit's and the app's sheets in one
 * file left one behind), and the attributes vite-plugin-singlefile copies from the tags it
 * inlined — `crossorigin` (it governs a fetch; an inline script or style has none) and a
 * style's `rel` (a `<link>` attribute). A tag is rewritten only where it occurs once, so
 * the same text inside a script can never be the one changed.
 */
function lean(html: string): string {
  const once = (text: string, tag: string, to: string) =>
    text.split(tag).length === 2 ? text.replace(tag, to) : text;
  const unmarked = html.replace(/\/\*\$vite\$:\d+\*\//g, "");
  return once(
    once(unmarked, '<script type="module" crossorigin>', '<script type="module">'),
    '<style rel="stylesheet" crossorigin>',
    "<style>",
  );
}

/**
 * The widget build plugins: single-file inlining, then the outputs plugin that checks the
 * HTML (self-contained, declared origins only, no eval), the contract against its lock, and
 * emits `widget.html`, `widget.manifest.json` and `contract.json`. Build only; dev and
 * Storybook are left alone.
 */
export function widgetKit<Kinds extends Record<string, KindDefinition>>(
  options: WidgetKitOptions<Kinds>,
): Plugin[] {
  const { config, target = "react", htmlFileName = "widget.html" } = options;
  const lockPath = options.contractLock === undefined ? "contract.lock.json" : options.contractLock;
  let resolved: ResolvedConfig | undefined;

  const singleFile: Plugin = {
    ...viteSingleFile({ removeViteModuleLoader: true }),
    name: `${WIDGET_KIT_PLUGIN_PREFIX}single-file`,
    apply: "build",
  };

  const outputs: Plugin = {
    name: `${WIDGET_KIT_PLUGIN_PREFIX}outputs`,
    apply: "build",
    enforce: "post",
    config() {
      return {
        publicDir: false,
        build: { modulePreload: { polyfill: false } },
        ...(target === "preact" ? { resolve: { alias: PREACT_ALIASES, dedupe: ["preact"] } } : {}),
      };
    },
    configResolved(value) {
      resolved = value;
    },
    transformIndexHtml(html) {
      if (/<meta\s+charset=/i.test(html)) return html;
      return [{ tag: "meta", attrs: { charset: "utf-8" }, injectTo: "head-prepend" }];
    },
    buildStart() {
      try {
        assertWidgetName(config.name);
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
      const originProblems = checkDeclaredOrigins(config.domains);
      if (originProblems.length) {
        this.error(
          `declared domains are not exact https origins:\n${originProblems.map((p) => `  - domains.${p.list}: "${p.value}" — ${p.reason}`).join("\n")}`,
        );
      }
      if (lockPath === false) return;
      const absoluteLock = resolve(process.cwd(), lockPath);
      const lock = readContractLock(absoluteLock);
      if (!lock)
        this.error(
          `no contract lock at ${absoluteLock}; write one with \`npm run contract:lock\` (writeContractLock) when you release`,
        );
      const result = checkContract(lock, contractJsonSchema(config.contract));
      if (!result.ok)
        this.error(`contract check failed against ${lockPath}:\n${result.errors.join("\n")}`);
    },
    generateBundle: {
      order: "post",
      handler(_output, bundle) {
        const htmlNames = Object.keys(bundle).filter((name) => name.endsWith(".html"));
        const others = Object.keys(bundle).filter((name) => !name.endsWith(".html"));
        if (htmlNames.length !== 1)
          this.error(
            `expected exactly one HTML entry, found ${htmlNames.length}: ${htmlNames.join(", ")}`,
          );
        if (others.length)
          this.error(`files not inlined into the widget HTML: ${others.join(", ")}`);
        const htmlName = htmlNames[0] as string;
        const asset = bundle[htmlName];
        if (!asset || asset.type !== "asset") return this.error(`${htmlName} is not an HTML asset`);
        const html = lean(
          typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source),
        );
        asset.source = html;

        const problems = selfContainedProblems(html);
        const elements = inlineElements(html);
        if (elements.some((e) => e.tag === "script" && EVAL_USE.test(e.content))) {
          problems.push("the bundle calls eval or new Function, which the widget CSP forbids");
        }
        const { connect = [], resource = [], frame = [] } = config.domains;
        for (const u of findUndeclaredOrigins(html, { connect, resource })) {
          problems.push(`${u.reason}: ${u.found.url} (in …${u.found.context}…)`);
        }
        if (problems.length)
          this.error(`widget HTML check failed:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

        const csp = buildCsp({
          scriptHashes: elements.filter((e) => e.tag === "script").map((e) => e.hash),
          styleHashes: elements.filter((e) => e.tag === "style").map((e) => e.hash),
          connect,
          resource,
          frame,
        });
        const fileName = withBaseName(htmlName, htmlFileName);
        const manifest = buildManifest({ config, html, file: htmlFileName, csp });
        if (fileName !== htmlName) {
          delete bundle[htmlName];
          this.emitFile({ type: "asset", fileName, source: html });
        }
        this.emitFile({
          type: "asset",
          fileName: withBaseName(htmlName, "widget.manifest.json"),
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        });
        this.emitFile({
          type: "asset",
          fileName: withBaseName(htmlName, "contract.json"),
          source: serializeContract(contractJsonSchema(config.contract)),
        });
        if (resolved?.logger)
          resolved.logger.info(
            `mcp-widget-kit: ${fileName} ${manifest.bytes} B (${manifest.gzip_bytes} B gzip) → ${manifest.uri}`,
          );
      },
    },
  };

  const declared = declaredPartsPlugin(`${WIDGET_KIT_PLUGIN_PREFIX}declared-parts`, options);
  const widgetOnly = widgetOnlyPlugin(`${WIDGET_KIT_PLUGIN_PREFIX}widget-only`, options);
  const shell = htmlShellPlugin(`${WIDGET_KIT_PLUGIN_PREFIX}html-shell`, config.name);
  const built = [shell, widgetOnly, singleFile, outputs];
  return declared ? [declared, ...built] : built;
}
