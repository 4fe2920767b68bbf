/**
 * What the person sets in the host controls: protocol (or a text-only client), theme, locale,
 * display mode, max height, write approval, a known host's quirk to play, and how the text-only
 * client answers a form. Kept in localStorage (and overridable from the URL) so a reload or a shared link
 * shows the same thing.
 */
import { isRecord } from "../../core/is-record.ts";
import { RESULT_METAS, type ResultMeta } from "./host-quirks.ts";

/** How the page hosts the app: as ChatGPT, as an MCP Apps host, or as a client without widgets. */
export type Protocol = "openai" | "mcp-apps" | "text";
export type Theme = "light" | "dark";
export type DisplayMode = "inline" | "pip" | "fullscreen";
/** ChatGPT's approval of write tools: `ask` holds a non-read-only tool's input until approved. */
export type Approval = "off" | "ask";
/** ChatGPT's payment sheet (`window.openai.requestCheckout`): a beta, so off by default. */
export type Checkout = "off" | "sheet";
/**
 * How a text-only client answers a server's form (input-form.ts): as the person does, or a
 * fault — it declines without asking, its retry with the answer is lost, or it is sent twice.
 */
export type FormAnswer = "person" | "decline" | "drop-retry" | "retry-twice";

/** The host settings every widget frame sees. */
export interface HostSettings {
  readonly protocol: Protocol;
  readonly theme: Theme;
  readonly locale: string;
  readonly displayMode: DisplayMode;
  readonly maxHeight: number;
  readonly approval: Approval;
  /** A widget call's result `_meta`: passed on, or dropped as MCPJam's inspector does. */
  readonly resultMeta: ResultMeta;
  /** Whether ChatGPT-style frames offer the payment sheet (payment-sheet.ts plays it). */
  readonly checkout: Checkout;
  /** The text-only client's answer to a server's form. */
  readonly formAnswer: FormAnswer;
}

/** The locales the page offers (the kit's message catalogues). */
export const LOCALES = ["en", "ru", "zh", "vi"] as const;
export const PROTOCOLS: readonly Protocol[] = ["openai", "mcp-apps", "text"];
export const THEMES: readonly Theme[] = ["light", "dark"];
export const DISPLAY_MODES: readonly DisplayMode[] = ["inline", "pip", "fullscreen"];
export const APPROVALS: readonly Approval[] = ["off", "ask"];
export const CHECKOUTS: readonly Checkout[] = ["off", "sheet"];
export const FORM_ANSWERS: readonly FormAnswer[] = [
  "person",
  "decline",
  "drop-retry",
  "retry-twice",
];

const STORAGE_KEY = "devhost:settings";

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function clampHeight(value: unknown, fallback: number): number {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number)
    ? Math.min(2000, Math.max(120, Math.round(number)))
    : fallback;
}

/** Validates anything into settings; unknown or malformed values fall back to `base`. */
export function normalizeSettings(
  input: Record<string, unknown>,
  base: HostSettings,
): HostSettings {
  return {
    protocol: pick(input.protocol, PROTOCOLS, base.protocol),
    theme: pick(input.theme, THEMES, base.theme),
    locale: pick(input.locale, LOCALES, base.locale as (typeof LOCALES)[number]),
    displayMode: pick(input.displayMode, DISPLAY_MODES, base.displayMode),
    maxHeight: clampHeight(input.maxHeight, base.maxHeight),
    approval: pick(input.approval, APPROVALS, base.approval),
    resultMeta: pick(input.resultMeta, RESULT_METAS, base.resultMeta),
    checkout: pick(input.checkout, CHECKOUTS, base.checkout),
    formAnswer: pick(input.formAnswer, FORM_ANSWERS, base.formAnswer),
  };
}

/** Defaults, then what was saved, then what the URL says. */
export function loadSettings(search: URLSearchParams): HostSettings {
  const prefersDark = window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
  let settings: HostSettings = {
    protocol: "openai",
    theme: prefersDark ? "dark" : "light",
    locale: "en",
    displayMode: "inline",
    maxHeight: 640,
    approval: "off",
    resultMeta: "keep",
    checkout: "off",
    formAnswer: "person",
  };
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as unknown;
    if (isRecord(saved)) settings = normalizeSettings(saved, settings);
  } catch {
    // A corrupt entry is ignored; the next save replaces it.
  }
  return normalizeSettings(Object.fromEntries(search), settings);
}

/** Remembers settings for the next visit. */
export function saveSettings(settings: HostSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: settings just do not survive the reload.
  }
}

/**
 * The height the widget may take: the control's value inline; in PiP, that value up to the
 * PiP window's cap (the frame is never taller, so a widget told more would be cut off); in
 * fullscreen, the space under the top bar, as a host gives a fullscreen widget the whole view.
 */
export function effectiveMaxHeight(settings: HostSettings): number {
  if (settings.displayMode === "fullscreen")
    return Math.max(120, window.innerHeight - FULLSCREEN_TOP);
  if (settings.displayMode === "pip") return Math.min(settings.maxHeight, PIP_MAX_HEIGHT);
  return settings.maxHeight;
}

/** The tallest the floating PiP frame gets, whatever the max-height control says. */
export const PIP_MAX_HEIGHT = 420;

/** Pixels the page's top bar keeps above a fullscreen widget (matches styles.css). */
export const FULLSCREEN_TOP = 48;
