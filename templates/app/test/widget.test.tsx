// @vitest-environment jsdom
/**
 * The widget, rendered from every recorded tool output in fixtures/ (en and ru), compared with
 * the committed HTML in test/snapshots/ (`npx vitest run -u` rewrites them; review the diff).
 * And the story renders the offers.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import * as vitest from "vitest";
import { snapshotFixtures } from "widget-kit/testing";
import { Results } from "../widget/app.stories.tsx";
import { App } from "../widget/app.tsx";

const here = (path: string) => new URL(path, import.meta.url).pathname;

await snapshotFixtures({
  vitest,
  dir: here("../fixtures"),
  snapshotDir: here("snapshots"),
  variants: [
    { locale: "en", theme: "light" },
    { locale: "ru", theme: "light" },
  ],
  render: () => <App />,
});

vitest.it("the story shows the recorded offers", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  await act(async () => root.render(Results.render()));
  vitest
    .expect(container.querySelector("[data-state]")?.getAttribute("data-state"))
    .toBe("results");
  vitest.expect(container.querySelectorAll("[data-item-id]")).toHaveLength(3);
  act(() => root.unmount());
});
