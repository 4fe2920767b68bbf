// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { DomState } from "../../src/contract/index.ts";
import { useReportDomState, WidgetRoot } from "../../src/components/widget-root.tsx";
import { renderWithHost, widgetRoot } from "./helpers.tsx";

function Reporter({ state }: { state: DomState | null }) {
  useReportDomState(state);
  return null;
}

/** The root with up to two reporters below it; `undefined` leaves a reporter out. */
function Tree(props: { base: DomState; outer?: DomState | null; inner?: DomState | null }) {
  return (
    <WidgetRoot state={props.base}>
      {props.outer !== undefined ? <Reporter state={props.outer} /> : null}
      {props.inner !== undefined ? <Reporter state={props.inner} /> : null}
    </WidgetRoot>
  );
}

describe("WidgetRoot owns data-state", () => {
  it("shows its own state while nothing reports", () => {
    const { container, rerender } = renderWithHost(<Tree base="results" />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "results");
    rerender(<Tree base="empty" outer={null} />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "empty");
  });

  it("shows a descendant's report, and its own state again once the reporter unmounts", () => {
    const { container, rerender } = renderWithHost(<Tree base="confirm" outer="committing" />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committing");
    rerender(<Tree base="confirm" outer="committed" />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    rerender(<Tree base="confirm" />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "confirm");
  });

  it("withdrawing one report leaves another reporter's in place", () => {
    const { container, rerender } = renderWithHost(
      <Tree base="confirm" outer="error" inner="invalid" />,
    );
    expect(widgetRoot(container)).toHaveAttribute("data-state", "invalid");
    rerender(<Tree base="confirm" outer="error" />);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
  });
});
