/**
 * Visual snapshots of the GiftGenius widget: one recorded fixture (or sample payload) per
 * state a person can see, in the light and the dark theme, in English — compared with the
 * committed PNGs in test/snapshots/visual/. The host sets its font (DejaVu, installed by
 * .ci/run) through `--font-sans`, as an MCP Apps host does, so the references do not depend on
 * which fonts a machine happens to have.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { page } from "vitest/browser";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "widget-kit/styles.css";
import { App } from "../../examples/giftgenius/widget/app.tsx";
import { HostProvider } from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";
import { STATES, THEMES } from "./states.ts";
import { withLocalImages } from "../../stories/support/local-images.ts";

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

async function show(output: unknown, theme: "light" | "dark"): Promise<HTMLElement> {
  const host = createMockHost({
    globals: { theme, locale: "en-US", maxHeight: 640, toolOutput: output as object },
  });
  container = document.createElement("div");
  container.style.cssText = `--font-sans: "DejaVu Sans"; --font-mono: "DejaVu Sans Mono"; padding: 8px; background: ${theme === "dark" ? "#181818" : "#ffffff"}`;
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
  // Every picture in view has loaded (lazy ones further down the list never start).
  await expect
    .poll(() =>
      [...widget.querySelectorAll("img")]
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .every((img) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await document.fonts.ready;
  return container;
}

describe.each(THEMES)("%s theme", (theme) => {
  it.each(STATES)("%s", async (name, file) => {
    const shown = await show(withLocalImages(file.structuredContent, location.origin), theme);
    await expect.element(page.elementLocator(shown)).toMatchScreenshot(`${name}-${theme}`);
  });
});
