// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mountWidget } from "../../src/components/mount-widget.tsx";
import { useHost, useToolOutput } from "../../src/hooks/index.ts";
import { createMockHost } from "../../src/testing/index.ts";

/** Shows what the host hands the widget, so a test sees which host the app got. */
function Probe() {
  const host = useHost();
  const output = useToolOutput();
  return <p data-host={host.kind}>{JSON.stringify(output)}</p>;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("mountWidget", () => {
  it("renders the app inside the given host, into #root", async () => {
    document.body.innerHTML = `<div id="root"></div>`;
    const host = createMockHost({ globals: { toolOutput: { hello: "world" } } });
    const root = await act(() => mountWidget(<Probe />, { host }));
    const shown = document.querySelector("#root p");
    expect(shown?.textContent).toBe('{"hello":"world"}');
    expect(shown?.getAttribute("data-host")).toBe(host.kind);
    act(() => root.unmount());
    expect(document.querySelector("#root")?.childElementCount).toBe(0);
  });

  it("detects the host when none is given, and takes another container", async () => {
    document.body.innerHTML = `<main id="app"></main>`;
    const root = await act(() =>
      mountWidget(<Probe />, { container: "app", appInfo: { name: "Test", version: "1.0.0" } }),
    );
    // No window.openai and no parent frame in jsdom: the no-host mode, no output.
    expect(document.querySelector("#app p")?.getAttribute("data-host")).toBe("none");
    act(() => root.unmount());
  });

  it("says which element is missing instead of leaving the frame blank", () => {
    expect(() => mountWidget(<Probe />)).toThrow(/no element with id "root"/);
  });
});
