/**
 * How a story describes its host. Stories set `parameters.host`; the toolbar globals (theme,
 * locale, display mode, max height, protocol) are layered on top by the decorator.
 */
import type { HostCapabilities } from "../../src/bridge/types.ts";
import type { MockHostOptions } from "../../src/testing/mock-host.ts";

/** Raw host globals as a host would send them (validated by the mock like a real host). */
export type RawHostGlobals = { readonly [key: string]: unknown };

/** `parameters.host` of a story. */
export interface StoryHostParameters {
  /** Initial globals: `toolOutput`, `toolInput`, `widgetState`, `toolResponseMetadata`, ... */
  readonly globals?: RawHostGlobals;
  /** Globals computed from the story's args; re-applied (as a host update) when args change. */
  readonly globalsFromArgs?: (args: { readonly [key: string]: unknown }) => RawHostGlobals;
  /** Tool handlers by name (return a CallToolResult or a bare structuredContent; throw to fail). */
  readonly tools?: MockHostOptions["tools"];
  /** Delay of every host answer, in ms. */
  readonly latencyMs?: number;
  /** Capabilities to switch off. */
  readonly capabilities?: Partial<HostCapabilities>;
  /** Deliver `globals.toolOutput` only after this many ms (the `loading` state first). */
  readonly toolOutputDelayMs?: number;
}

/** The host protocol a story is rendered through (the `protocol` toolbar global). */
export type StoryProtocol = "mock" | "openai" | "mcp-apps";

/** The toolbar globals the decorator reads. */
export interface HostToolbarGlobals {
  readonly theme?: unknown;
  readonly locale?: unknown;
  readonly displayMode?: unknown;
  readonly maxHeight?: unknown;
  readonly protocol?: unknown;
}

/** The host globals a toolbar selection stands for (unknown values are left to the host's validation). */
export function globalsFromToolbar(toolbar: HostToolbarGlobals): RawHostGlobals {
  // `null` (not `undefined`) so that "no limit" survives JSON and clears an earlier limit.
  const maxHeight =
    toolbar.maxHeight === "none" || toolbar.maxHeight === undefined
      ? null
      : Number(toolbar.maxHeight);
  return {
    theme: toolbar.theme ?? "light",
    locale: toolbar.locale ?? "en-US",
    displayMode: toolbar.displayMode ?? "inline",
    maxHeight,
  };
}

/** The protocol named by the toolbar; the plain mock for anything else. */
export function protocolFromToolbar(value: unknown): StoryProtocol {
  return value === "openai" || value === "mcp-apps" ? value : "mock";
}
