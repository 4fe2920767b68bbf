/**
 * Visual snapshots of the kit's components and stylesheet as an app's widget shows them: the
 * fixture shop's widget (test/fixture-app/widget.tsx) in one recorded state after another, in
 * the light and the dark theme, in English — compared with the committed PNGs in
 * test/snapshots/visual/. The host sets its font (DejaVu, installed by .ci/run) through
 * `--font-sans`, as an MCP Apps host does, so the references do not depend on which fonts a
 * machine happens to have. GiftGenius' own pictures are its package's.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { page } from "vitest/browser";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "mcp-widget-kit/styles.css";
import { HostProvider } from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";
import { FixtureWidget } from "../fixture-app/widget.tsx";
import { STATES, THEMES } from "./states.ts";

/** The recording's clock (the draft is fresh, countdowns start from their full value). */
const NOW = Date.parse("2030-04-30T10:00:00Z");

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

async function show(output: unknown, theme: (typeof THEMES)[number]): Promise<HTMLElement> {
  const host = createMockHost({
    globals: { theme, locale: "en-US", maxHeight: 640, toolOutput: output as object },
  });
  container = document.createElement("div");
  container.style.cssText = `--font-sans: "DejaVu Sans"; --font-mono: "DejaVu Sans Mono"; padding: 8px; background: ${theme === "dark" ? "#181818" : "#ffffff"};`;
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <HostProvider host={host}>
        <FixtureWidget output={output} />
      </HostProvider>,
    ),
  );
  await document.fonts.ready;
  return container;
}

describe.each(THEMES)("%s theme", (theme) => {
  it.each(STATES)("%s", async (name, file) => {
    const shown = await show(file.structuredContent, theme);
    await expect.element(page.elementLocator(shown)).toMatchScreenshot(`${name}-${theme}`);
  });
});
