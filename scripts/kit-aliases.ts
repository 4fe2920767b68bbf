/**
 * The kit's package names (`mcp-widget-kit`, `mcp-widget-kit/server`, …) resolved to its sources, for
 * Vite, Vitest and Storybook. The map is tsconfig.json's `paths`, so TypeScript, tsx and the
 * bundlers read one list; each name matches exactly (`mcp-widget-kit` does not catch
 * `mcp-widget-kit/server`).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** One Vite alias: an exact package name and the source file it stands for. */
export interface KitAlias {
  find: RegExp;
  replacement: string;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** `resolve.alias` entries for every `mcp-widget-kit*` path in tsconfig.json. */
export function kitAliases(): KitAlias[] {
  const tsconfig = JSON.parse(
    readFileSync(resolve(repo, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  ) as { compilerOptions: { paths: Record<string, string[]> } };
  return Object.entries(tsconfig.compilerOptions.paths)
    .filter(([name]) => name === "mcp-widget-kit" || name.startsWith("mcp-widget-kit/"))
    .map(([name, [target]]) => ({
      find: new RegExp(`^${escapeRegExp(name)}$`),
      replacement: resolve(repo, target!),
    }));
}
