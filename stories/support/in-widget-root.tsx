/** A decorator that puts a state component inside a WidgetRoot, where it reports `data-state`. */
import type { Decorator } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { WidgetRoot } from "../../src/components/widget-root.tsx";
import type { DomState } from "../../src/contract/index.ts";

/** Renders the story inside `<WidgetRoot state={state}>`. */
export function inWidgetRoot(state: DomState): Decorator {
  const InWidgetRoot: Decorator = (Story) => (
    <WidgetRoot state={state}>
      <Story />
    </WidgetRoot>
  );
  return InWidgetRoot;
}

/** The widget root element of a story's canvas. */
export function widgetRootOf(canvasElement: HTMLElement): HTMLElement {
  const root = canvasElement.querySelector<HTMLElement>("[data-state]");
  if (!root) throw new Error("No element with data-state in the story.");
  return root;
}

/**
 * Waits until the widget root shows `state`. Over MCP Apps the tool output arrives after the
 * handshake, so a story is `loading` first under that protocol.
 */
export async function waitForState(canvasElement: HTMLElement, state: string): Promise<void> {
  await waitFor(() => expect(widgetRootOf(canvasElement)).toHaveAttribute("data-state", state));
}
