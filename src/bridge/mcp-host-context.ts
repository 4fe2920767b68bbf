/**
 * Maps an MCP Apps host context (whole or a partial `host-context-changed`) onto the raw
 * globals the store validates. Only keys present in the context are mapped, so a partial
 * update changes only what it names.
 */
import { isRecord } from "../core/is-record.ts";
import type { RawGlobals } from "./store.ts";

/**
 * The raw globals implied by the keys of `changed`, read from `full` (the merged context),
 * so a partial update of `deviceCapabilities` keeps the earlier `platform`.
 */
export function globalsFromHostContext(
  changed: { readonly [key: string]: unknown },
  full: { readonly [key: string]: unknown } = changed,
): RawGlobals {
  const raw: Record<string, unknown> = {};
  // `in` is enough: none of these names is on Object.prototype.
  const has = (key: string) => key in changed;
  for (const key of ["theme", "locale", "displayMode"]) if (has(key)) raw[key] = full[key];
  if (has("containerDimensions")) {
    const dims = isRecord(full.containerDimensions) ? full.containerDimensions : {};
    raw.maxHeight = dims.maxHeight ?? dims.height;
  }
  if (has("safeAreaInsets")) raw.safeArea = { insets: full.safeAreaInsets };
  if (has("platform") || has("deviceCapabilities")) {
    raw.userAgent = {
      // The spec's platforms are web, desktop and mobile; the store refuses anything else.
      device: { type: full.platform === "web" ? "desktop" : full.platform },
      capabilities: full.deviceCapabilities,
    };
  }
  if (has("styles")) raw.styleVariables = isRecord(full.styles) ? full.styles.variables : undefined;
  return raw;
}
