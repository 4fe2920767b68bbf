// @vitest-environment jsdom
import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ResultView, type ResultsOf } from "../../src/components/result-view.tsx";
import { defineContract, listKind, recordKind, text } from "../../src/contract/index.ts";
import * as v from "valibot";
import { renderWithHost, widgetRoot } from "./helpers.tsx";

const Item = v.object({ id: v.string(), name: text(100) });
const notes = defineContract({
  kinds: {
    notes: listKind({ items: "notes", item: Item, reason: "why_empty" }),
    receipt: recordKind({ state: "committed", entries: { order_id: v.string() } }),
  },
});
type View = ReturnType<typeof notes.parse>;

const ok = (items: unknown[]) => ({
  contract_version: "1.0",
  kind: "notes",
  ok: true,
  notes: items,
});
const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `n${i}`, name: `Note ${i}` }));

function renderList(view: ResultsOf<View>) {
  return (
    <ul>
      {view.items.map((item) => (
        <li key={item.id} data-item>
          {item.name}
        </li>
      ))}
    </ul>
  );
}

describe("ResultView", () => {
  it("is loading while the host has not delivered a tool output, then renders it", () => {
    const { container, host } = renderWithHost(
      <ResultView contract={notes} renderResults={renderList} />,
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "loading");
    expect(screen.getByRole("status")).toHaveAttribute("aria-busy", "true");
    act(() => host.setGlobals({ toolOutput: ok(items(2)) }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    expect(container.querySelectorAll("[data-item]")).toHaveLength(2);
  });

  it("renders every valid item (no cap) inside a focusable scrolling region within maxHeight", () => {
    const { container } = renderWithHost(
      <ResultView contract={notes} renderResults={renderList} />,
      {
        globals: { toolOutput: ok(items(250)), maxHeight: 400 },
      },
    );
    expect(container.querySelectorAll("[data-item]")).toHaveLength(250);
    const root = widgetRoot(container);
    expect(root.style.maxHeight).toBe("400px");
    const region = screen.getByRole("region", { name: "Results" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region).toHaveClass("wk-scroll");
  });

  it("mentions dropped items politely", () => {
    renderWithHost(<ResultView contract={notes} renderResults={renderList} />, {
      globals: { toolOutput: ok([...items(2), { id: 5 }, "junk"]) },
    });
    expect(screen.getByText("2 items could not be shown.")).toBeVisible();
  });

  it.each([
    [
      "empty",
      { contract_version: "1.0", kind: "notes", ok: true, notes: [], why_empty: "Nothing today." },
      "Nothing today.",
    ],
    [
      "error",
      {
        contract_version: "1.0",
        kind: "notes",
        ok: false,
        error: { code: "NOT_FOUND", message: "No note n-9.", retryable: false },
      },
      "That could not be found",
    ],
    [
      "invalid",
      { contract_version: "1.0", kind: "notes", ok: "yes" },
      "This result can't be shown",
    ],
    [
      "unsupported",
      { contract_version: "2.0", kind: "notes", ok: true, notes: [] },
      "This app needs an update",
    ],
    [
      "committed",
      { contract_version: "1.0", kind: "receipt", ok: true, order_id: "o-9" },
      "order o-9",
    ],
  ])("renders %s", (state, output, textShown) => {
    const { container } = renderWithHost(
      <ResultView
        contract={notes}
        renderResults={renderList}
        renderRecord={(view) => <p>order {String((view.data as { order_id: string }).order_id)}</p>}
      />,
      { globals: { toolOutput: output } },
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", state);
    expect(container).toHaveTextContent(textShown);
  });

  it("never shows the invalid reason or raw data", () => {
    const { container } = renderWithHost(
      <ResultView contract={notes} renderResults={renderList} />,
      {
        globals: {
          toolOutput: {
            contract_version: "1.0",
            kind: "notes",
            ok: true,
            notes: [{ id: 1, name: "SECRET_TABLE users" }],
          },
        },
      },
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "invalid");
    expect(container).not.toHaveTextContent("SECRET_TABLE");
    expect(container).not.toHaveTextContent("malformed");
  });

  it("shows a record with no renderRecord as invalid, consistently", () => {
    const { container } = renderWithHost(
      <ResultView contract={notes} renderResults={renderList} />,
      {
        globals: {
          toolOutput: { contract_version: "1.0", kind: "receipt", ok: true, order_id: "o-1" },
        },
      },
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "invalid");
  });

  it("turns a render error into the invalid state, and recovers on the next result", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container, host } = renderWithHost(
      <ResultView
        contract={notes}
        renderResults={(view) => {
          if (view.items.length === 1) throw new Error("render bug");
          return renderList(view);
        }}
      />,
      { globals: { toolOutput: ok(items(1)) } },
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "invalid");
    expect(container).toHaveTextContent("This result can't be shown");
    act(() => host.setGlobals({ toolOutput: ok(items(3)) }));
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    warn.mockRestore();
    error.mockRestore();
  });

  it("follows the host theme and locale", () => {
    const { container, host } = renderWithHost(
      <ResultView contract={notes} renderResults={renderList} />,
      {
        globals: { toolOutput: ok([]), theme: "dark", locale: "zh-CN" },
      },
    );
    const root = widgetRoot(container);
    expect(root).toHaveAttribute("data-theme", "dark");
    expect(root).toHaveAttribute("lang", "zh-CN");
    expect(root).toHaveTextContent("没有找到结果");
    act(() => host.setGlobals({ theme: "light", locale: "vi-VN" }));
    expect(root).toHaveAttribute("data-theme", "light");
    expect(root).toHaveAttribute("lang", "vi-VN");
    expect(root).toHaveTextContent("Không tìm thấy gì");
    act(() => host.setGlobals({ theme: "purple", locale: "%%%" }));
    expect(root).toHaveAttribute("data-theme", "light");
    expect(root).toHaveAttribute("lang", "en");
    expect(root).toHaveTextContent("Nothing found");
  });

  it("takes an explicit result (null = loading) instead of the host output", () => {
    const { container, rerender } = renderWithHost(
      <ResultView<View> result={null} renderResults={renderList} />,
      {
        globals: { toolOutput: ok(items(2)) },
      },
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "loading");
    rerender(<ResultView<View> result={notes.parse(ok(items(4)))} renderResults={renderList} />);
    expect(container.querySelectorAll("[data-item]")).toHaveLength(4);
  });

  it("words and classes an app's error codes, and tells a settled conflict calmly", () => {
    const failed = (code: string) => ({
      contract_version: "1.0",
      kind: "notes",
      ok: false,
      error: { code, message: "m", retryable: false, changes: "none" },
    });
    const words = {
      errorTexts: { NOTE_LOCKED: "Someone else is editing this note." },
      errorClasses: { NOTE_LOCKED: "conflict", NOTE_GONE: "not_found" },
    } as const;
    const { container, rerender } = renderWithHost(
      <ResultView<View>
        result={notes.parse(failed("NOTE_LOCKED"))}
        renderResults={renderList}
        {...words}
      />,
    );
    // Still the error state for the DOM contract; told as a notice, not as a failure.
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    expect(screen.getByRole("status")).toHaveTextContent("Someone else is editing this note.");
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(
      <ResultView<View>
        result={notes.parse(failed("NOTE_GONE"))}
        renderResults={renderList}
        {...words}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("could not be found");
  });
});
