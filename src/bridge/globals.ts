/**
 * The one place host globals are validated. Every adapter (openai, mcp-apps, mock, none)
 * feeds raw values through `normalizeGlobal`, so a host that sends `theme: "purple"`,
 * `locale: 42` or `maxHeight: "-1"` yields the defaults instead of crashing a component.
 */
import { fromStructuredState } from "./private-state.ts";
import type {
  DisplayMode,
  GlobalKey,
  HostGlobals,
  HostView,
  SafeArea,
  Theme,
  UserAgent,
} from "./types.ts";
import { isRecord } from "../core/is-record.ts";
import { dropUnreadablePairs } from "./style-contrast.ts";

const freeze = Object.freeze;

/** What every global reads as when the host gives nothing usable. Frozen. */
export const DEFAULT_GLOBALS: HostGlobals = freeze({
  theme: "light",
  userAgent: freeze({
    device: freeze({ type: "unknown" }),
    capabilities: freeze({ hover: true, touch: false }),
  }),
  locale: "en",
  maxHeight: undefined,
  displayMode: "inline",
  safeArea: freeze({ insets: freeze({ top: 0, bottom: 0, left: 0, right: 0 }) }),
  view: freeze({ mode: "inline" }),
  toolInput: null,
  toolOutput: null,
  toolResponseMetadata: null,
  widgetState: null,
  styleVariables: freeze({}),
  toolCancelled: false,
}) as HostGlobals;

/** Every key of `HostGlobals`, in a fixed order (adapters iterate it to read a snapshot). */
// Annotated pure so a bundle that never reads the list drops the call.
export const GLOBAL_KEYS = /* @__PURE__ */ Object.keys(DEFAULT_GLOBALS) as readonly GlobalKey[];

const DEVICE_TYPES = ["mobile", "tablet", "desktop", "unknown"] as const;
/** Every display mode, for the adapters too (the modes a host may grant or list). */
export const DISPLAY_MODES: readonly DisplayMode[] = ["inline", "pip", "fullscreen"];

/** True for one of the display modes; anything else a host sends is not one. */
export function isDisplayMode(value: unknown): value is DisplayMode {
  return DISPLAY_MODES.includes(value as DisplayMode);
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/** A finite, non-negative number of px; anything else is 0 (an inset the host did not give). */
function inset(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

function theme(value: unknown): Theme {
  return value === "dark" ? "dark" : "light";
}

/**
 * A BCP 47 tag in canonical form (`en-us` → `en-US`; a POSIX-style `zh_CN` → `zh-CN`, which
 * hosts built on OS locales send), or `en`. Shared with i18n's `intlLocale`.
 */
export function canonicalLocale(value: unknown): string {
  try {
    if (typeof value === "string" && value.length > 0 && value.length <= 64)
      return Intl.getCanonicalLocales(value.replaceAll("_", "-"))[0] ?? "en";
  } catch {
    // not a BCP 47 tag: the default
  }
  return "en";
}

function maxHeight(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

function userAgent(value: unknown): UserAgent {
  if (!isRecord(value)) return DEFAULT_GLOBALS.userAgent;
  const device = isRecord(value.device) ? value.device : {};
  const caps = isRecord(value.capabilities) ? value.capabilities : {};
  // The defaults' hover and touch (DEFAULT_GLOBALS.userAgent), for what a host leaves out.
  return {
    device: { type: pick(device.type, DEVICE_TYPES, "unknown") },
    capabilities: { hover: bool(caps.hover, true), touch: bool(caps.touch, false) },
  };
}

function safeArea(value: unknown): SafeArea {
  if (!isRecord(value) || !isRecord(value.insets)) return DEFAULT_GLOBALS.safeArea;
  const { top, bottom, left, right } = value.insets;
  return {
    insets: { top: inset(top), bottom: inset(bottom), left: inset(left), right: inset(right) },
  };
}

function view(value: unknown): HostView {
  if (!isRecord(value)) return DEFAULT_GLOBALS.view;
  const mode = value.mode === "modal" ? "modal" : "inline";
  return isRecord(value.params) ? { mode, params: value.params } : { mode };
}

/**
 * `toolResponseMetadata` arrives flat (`{ "openai/widgetSessionId": ... }`) or wrapped in
 * the tool result it came from: `{ _meta }`, `{ mcp_tool_result: { _meta } }`,
 * `{ call_tool_result: { _meta } }`, or a lone `{ meta }`. All read the same.
 */
export function responseMetadata(value: unknown): { readonly [key: string]: unknown } | null {
  if (!isRecord(value)) return null;
  for (const wrapper of ["mcp_tool_result", "call_tool_result"]) {
    const inner = value[wrapper];
    if (isRecord(inner) && isRecord(inner._meta)) return inner._meta;
  }
  const keys = Object.keys(value);
  const envelope = keys.includes("_meta")
    ? value._meta
    : keys.length === 1 && keys[0] === "meta"
      ? value.meta
      : undefined;
  if (envelope !== undefined) return isRecord(envelope) ? envelope : null;
  return value;
}

/** `undefined` (not delivered yet) reads as `null`; anything else is untrusted data as is. */
function orNull(value: unknown): unknown {
  return value === undefined ? null : value;
}

const CSS_VARIABLE_NAME = /^--[a-zA-Z0-9-]{1,80}$/;
/** Characters that could end a declaration or a block, open a URL or escape: never in a value. */
const UNSAFE_CSS_VALUE = /[;{}<>\\@]|url\(|expression\(|\/\*/i;
/** How many of a host's variables are looked at (a bound on work, not a count of kept ones). */
const MAX_STYLE_VARIABLES = 200;

/**
 * Host design tokens: only `--name: value` pairs whose value cannot break out of a declaration,
 * and no text/background pair the kit draws that fails contrast (`dropUnreadablePairs`).
 */
function styleVariables(value: unknown): HostGlobals["styleVariables"] {
  if (!isRecord(value)) return DEFAULT_GLOBALS.styleVariables;
  const kept: Record<string, string> = {};
  for (const [name, css] of Object.entries(value).slice(0, MAX_STYLE_VARIABLES))
    if (
      CSS_VARIABLE_NAME.test(name) &&
      typeof css === "string" &&
      css.length <= 300 &&
      !UNSAFE_CSS_VALUE.test(css)
    )
      kept[name] = css;
  return dropUnreadablePairs(kept);
}

const NORMALIZERS: { readonly [K in GlobalKey]: (raw: unknown) => HostGlobals[K] } = {
  theme,
  userAgent,
  locale: canonicalLocale,
  maxHeight,
  displayMode: (raw) => pick(raw, DISPLAY_MODES, "inline"),
  safeArea,
  view,
  toolInput: (raw) => (isRecord(raw) ? raw : DEFAULT_GLOBALS.toolInput),
  toolOutput: orNull,
  toolResponseMetadata: responseMetadata,
  // ChatGPT's structured shape (the openai adapter writes it) read back as the kit's state.
  widgetState: fromStructuredState,
  styleVariables,
  toolCancelled: (raw) => raw === true,
};

/**
 * Validates one raw global. Never throws: a hostile object whose getters throw reads as
 * the default.
 */
export function normalizeGlobal<K extends GlobalKey>(key: K, raw: unknown): HostGlobals[K] {
  try {
    return NORMALIZERS[key](raw);
  } catch {
    return DEFAULT_GLOBALS[key];
  }
}

/** True for a known global key (hosts may send keys we do not know; those are ignored). */
export function isGlobalKey(key: string): key is GlobalKey {
  return Object.prototype.hasOwnProperty.call(NORMALIZERS, key);
}

const MAX_DEPTH = 64;

/**
 * Structural equality for JSON-like data, so a host that re-sends an equal object keeps the
 * old identity (no re-render). Cycles and very deep values compare unequal, never hang.
 */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (
    depth > MAX_DEPTH ||
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null
  )
    return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recA = a as { readonly [key: string]: unknown };
  const recB = b as { readonly [key: string]: unknown };
  for (const key of keysA) {
    if (
      !Object.prototype.hasOwnProperty.call(b, key) ||
      !deepEqual(recA[key], recB[key], depth + 1)
    )
      return false;
  }
  return true;
}
