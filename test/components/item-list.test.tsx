// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ItemList } from "../../src/index.ts";
import { WidgetRoot } from "../../src/components/widget-root.tsx";
import { renderWithHost } from "./helpers.tsx";

const items = Array.from({ length: 100 }, (_, i) => ({ id: `n${i}`, text: `Note ${i}` }));

function Notes() {
  return (
    <ItemList
      items={items}
      itemId={(item) => item.id}
      renderItem={(item) => item.text}
      label="Notes"
    />
  );
}

describe("ItemList per display mode", () => {
  it("inline: every item in a focusable, labelled carousel, and Show all asks for fullscreen", async () => {
    const { container, host } = renderWithHost(<Notes />, { globals: { displayMode: "inline" } });
    const carousel = screen.getByRole("group", { name: "Notes" });
    expect(carousel).toHaveClass("wk-carousel");
    expect(carousel).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("list", { name: "Notes" })).toHaveClass("wk-list--carousel");
    expect(container.querySelectorAll("[data-item-id]")).toHaveLength(100);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show all" })));
    expect(host.callsOf("requestDisplayMode")).toEqual([
      { method: "requestDisplayMode", args: ["fullscreen"] },
    ]);
    expect(host.get("displayMode")).toBe("fullscreen");
    expect(screen.queryByRole("region", { name: "Notes" })).toBeNull();
    expect(screen.getByRole("list", { name: "Notes" })).not.toHaveClass("wk-list--carousel");
    expect(container.querySelectorAll("[data-item-id]")).toHaveLength(100);
    expect(screen.queryByRole("button", { name: "Show all" })).toBeNull();
  });

  it("offers no expand action where the host cannot change the display mode", () => {
    renderWithHost(<Notes />, { capabilities: { requestDisplayMode: false } });
    expect(screen.getByRole("group", { name: "Notes" })).toHaveClass("wk-carousel");
    expect(screen.queryByRole("button", { name: "Show all" })).toBeNull();
  });
});

describe("host style variables", () => {
  it("are written onto <html> while the root is mounted, and follow the host", () => {
    const style = document.documentElement.style;
    const { host, unmount } = renderWithHost(<WidgetRoot state="results" />, {
      globals: { styleVariables: { "--color-text-primary": "#123456", "--bad": "x;}" } },
    });
    expect(style.getPropertyValue("--color-text-primary")).toBe("#123456");
    expect(style.getPropertyValue("--bad")).toBe("");
    act(() => host.setGlobals({ styleVariables: { "--font-sans": "Georgia" } }));
    expect(style.getPropertyValue("--color-text-primary")).toBe("");
    expect(style.getPropertyValue("--font-sans")).toBe("Georgia");
    unmount();
    expect(style.getPropertyValue("--font-sans")).toBe("");
  });
});
