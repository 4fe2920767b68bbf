/**
 * What the visual suite shows: each state by the file that shows it, in each theme. Shared by
 * the suite (./widget.test.tsx) and the Node check that every reference PNG in
 * test/snapshots/visual/ is still one of these (test/snapshots/visual-references.test.ts).
 */
import committed from "../fixtures/committed--commit.json";
import confirm from "../fixtures/confirm--prepare-order.json";
import empty from "../fixtures/empty--no-match.json";
import rateLimited from "../fixtures/error--rate-limited.json";
import validation from "../fixtures/error--validation-failed.json";
import results from "../fixtures/results--suggest-gifts.json";
import unsupported from "../payloads/major-2.json";

/** The states, each by the file that shows it. */
export const STATES: ReadonlyArray<
  readonly [name: string, file: { structuredContent: unknown; _meta?: unknown }]
> = [
  ["results", results],
  ["empty", empty],
  ["error-validation", validation],
  ["error-rate-limited", rateLimited],
  ["confirm", confirm],
  ["committed", committed],
  ["unsupported", unsupported],
];

/** The themes every state is shown in. */
export const THEMES = ["light", "dark"] as const;

/**
 * The results once more: fullscreen (a grid, not the inline carousel) in each theme, and
 * inline under two hosts' design tokens — an MCP Apps host's `styles.variables` and the
 * semantic variables `@openai/apps-sdk-ui` defines in ChatGPT (values of its light theme).
 */
export const LOOKS = {
  "results-fullscreen-light": { theme: "light", displayMode: "fullscreen" },
  "results-fullscreen-dark": { theme: "dark", displayMode: "fullscreen" },
  "results-host-mcp-apps-light": {
    theme: "light",
    styleVariables: {
      "--color-text-primary": "#1f2a44",
      "--color-background-primary": "#fbf8f1",
      "--color-background-secondary": "#f1ead9",
      "--color-border-primary": "#d9ccaa",
      "--color-background-info": "#7a4b00",
      "--border-radius-md": "4px",
    },
  },
  "results-host-chatgpt-light": {
    theme: "light",
    pageVariables: {
      "--color-text": "#0d0d0d",
      "--color-text-secondary": "#5d5d5d",
      "--color-surface": "#ffffff",
      "--color-surface-secondary": "#f9f9f9",
      "--color-border": "rgb(13 13 13 / 10%)",
      "--color-background-primary-solid": "#181818",
      "--color-text-inverse": "#ffffff",
      "--color-ring": "#0169cc",
      "--radius-md": "8px",
    },
  },
} as const satisfies Record<
  string,
  {
    theme: (typeof THEMES)[number];
    displayMode?: "fullscreen";
    styleVariables?: Record<string, string>;
    pageVariables?: Record<string, string>;
  }
>;

/** The reference image names the suite compares against (`<state>-<theme>`, then LOOKS). */
export const REFERENCE_NAMES: readonly string[] = [
  ...THEMES.flatMap((theme) => STATES.map(([name]) => `${name}-${theme}`)),
  ...Object.keys(LOOKS),
];
