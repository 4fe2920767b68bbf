/**
 * What an app declares about its widget: its name, how the host should frame it, and every
 * origin the widget may reach. The build turns this into the resource `_meta` and the CSP.
 */
import type { Contract } from "../contract/define-contract.ts";
import type { KindDefinition } from "../contract/kinds.ts";

/** The origins a widget may reach, by what it does with them. Exact `https://` origins only. */
export interface WidgetDomains {
  /** `fetch`/XHR/WebSocket/EventSource targets (CSP `connect-src`). */
  connect?: readonly string[];
  /** Images, fonts and media the widget loads (CSP `img-src`, `font-src`, `media-src`). */
  resource?: readonly string[];
  /** Nested iframes (CSP `frame-src`). */
  frame?: readonly string[];
  /** Where `openExternal` may send the person (ChatGPT `redirect_domains`). */
  redirect?: readonly string[];
}

/** Everything the build needs to know about one widget. */
export interface WidgetConfig<
  Kinds extends Record<string, KindDefinition> = Record<string, KindDefinition>,
> {
  /** Lower-case slug used in the `ui://widget/<name>-<hash>.html` URI. */
  name: string;
  /** What the widget shows, for the model (`openai/widgetDescription`). */
  description: string;
  /** Whether the host should draw a border and background around the widget. */
  prefersBorder: boolean;
  /** The app's dedicated `https://` origin (`openai/widgetDomain`); omitted when not set. */
  domain?: string;
  /**
   * The MCP Apps sandbox domain (`ui.domain`), which ChatGPT's review requires; default `domain`.
   * Its format is host-specific, so it is passed as is.
   */
  uiDomain?: string;
  /** Declared origins. Anything the bundle loads from elsewhere fails the build. */
  domains: WidgetDomains;
  /** The contract whose JSON Schema ships as `contract.json` and is checked against the lock. */
  contract: Contract<Kinds>;
}

/** The parts of a config that do not depend on the contract's kinds. */
export type WidgetConfigBase = Omit<WidgetConfig, "contract">;

/** Identity function that types a widget config (so `widget.config.ts` gets completion). */
export function defineWidgetConfig<Kinds extends Record<string, KindDefinition>>(
  config: WidgetConfig<Kinds>,
): WidgetConfig<Kinds> {
  return config;
}
