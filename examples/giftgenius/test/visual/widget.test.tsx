/**
 * Visual snapshots of the GiftGenius widget: one recorded fixture (or sample payload) per
 * state a person can see, in the light and the dark theme, in English — compared with the
 * committed PNGs in test/snapshots/visual/ (`npm run test:visual`; after an intended change,
`npm run test:visual -- --update`). The host sets its font (DejaVu, installed by
 * .ci/run) through `--font-sans`, as an MCP Apps host does, so the references do not depend on
 * which fonts a machine happens to have.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { page } from "vitest/browser";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "mcp-widget-kit/styles.css";
import { HostProvider } from "mcp-widget-kit";
import { createMockHost } from "mcp-widget-kit/testing";
import { App } from "../../widget/app.tsx";
import { withLocalImages } from "../local-images.ts";
import { LOOKS, STATES, THEMES } from "./states.ts";

/** The recording's clock (the draft is fresh, countdowns start from their full value). */
const NOW = Date.UTC(2030, 0, 1, 10, 0, 0);

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  vi.setSystemTime(NOW);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  document.body.style.margin = "0";
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

interface Look {
  readonly theme: "light" | "dark";
  readonly displayMode?: "fullscreen";
  /** The host's `styles.variables` (the widget writes them onto <html>). */
  readonly styleVariables?: Readonly<Record<string, string>>;
  /** Variables on the page around the widget, as a loaded stylesheet would set them. */
  readonly pageVariables?: Readonly<Record<string, string>>;
}

/** `meta`: the recording's `_meta`, as the host hands it (the widget-only part: saved cards). */
async function show(output: unknown, look: Look, meta?: unknown): Promise<HTMLElement> {
  const { theme } = look;
  const host = createMockHost({
    globals: {
      theme,
      locale: "en-US",
      maxHeight: 640,
      toolOutput: output as object,
      ...(meta ? { toolResponseMetadata: meta as object } : {}),
      displayMode: look.displayMode ?? "inline",
      styleVariables: look.styleVariables ?? {},
    },
  });
  container = document.createElement("div");
  const page = Object.entries(look.pageVariables ?? {}).map(
    ([name, value]) => `${name}: ${value};`,
  );
  container.style.cssText = `--font-sans: "DejaVu Sans"; --font-mono: "DejaVu Sans Mono"; padding: 8px; background: ${theme === "dark" ? "#181818" : "#ffffff"}; ${page.join(" ")}`;
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <HostProvider host={host}>
        <App output={output} />
      </HostProvider>,
    ),
  );
  const widget = container.querySelector<HTMLElement>("[data-state]")!;
  // Every picture in view has loaded (lazy ones further along the list never start).
  await expect
    .poll(() =>
      [...widget.querySelectorAll("img")]
        .filter((img) => {
          // In view both ways: the inline carousel's later cards (lazy) never start loading.
          const box = img.getBoundingClientRect();
          return box.top < window.innerHeight && box.left < window.innerWidth;
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await document.fonts.ready;
  return container;
}

describe.each(THEMES)("%s theme", (theme) => {
  it.each(STATES)("%s", async (name, file) => {
    const shown = await show(
      withLocalImages(file.structuredContent, location.origin),
      { theme },
      file._meta,
    );
    await expect.element(page.elementLocator(shown)).toMatchScreenshot(`${name}-${theme}`);
  });
});

describe("results per display mode and under hosts' tokens", () => {
  const results = STATES.find(([name]) => name === "results")![1];
  it.each(Object.entries(LOOKS))("%s", async (name, look) => {
    const shown = await show(withLocalImages(results.structuredContent, location.origin), look);
    await expect.element(page.elementLocator(shown)).toMatchScreenshot(name);
  });
});
