/**
 * A widget rendered into the test's DOM (jsdom, happy-dom or a browser), under a mock host or
 * as it is, with the few moves a widget test makes — read the state, click, type, remount as a
 * host reloads it — each inside React's `act`, so a test reads the screen after every update.
 */
import { act, type ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { Host } from "../bridge/types.ts";
import { HostProvider } from "../hooks/host-context.tsx";

/** A rendered widget. */
export interface RenderedWidget {
  /** The element the widget is rendered into (attached to `document.body`). */
  readonly container: HTMLElement;
  /** The first `data-state` on screen (`results`, `confirm`, `committed`, …). */
  state(): string | null | undefined;
  /** The first element matching `selector`; throws naming the selector when there is none. */
  find<E extends Element = HTMLElement>(selector: string): E;
  /** Clicks the first element matching `selector`, and waits for what it set off. */
  click(selector: string): Promise<void>;
  /** Types `value` into the input or textarea matching `selector`, as a person's typing does. */
  type(selector: string, value: string): Promise<void>;
  /** Runs `action` inside `act` (a burst of clicks, say). */
  act(action: () => void | Promise<void>): Promise<void>;
  /** Unmounts and mounts again, as a host that reloads the widget does (widget state stays). */
  remount(): Promise<void>;
  /** Unmounts and removes the container. */
  unmount(): void;
}

/**
 * Renders `element` (under `options.host`, when given) and waits for its first updates.
 *
 * @param options - `host`: the host the widget talks to (`createMockHost()`'s), given through
 *   a `HostProvider`; without one, `element` brings its own.
 */
export async function renderWidget(
  element: ReactElement,
  options: {
    /** The host the widget talks to (`createMockHost`); without one, `element` brings its own. */
    readonly host?: Host;
  } = {},
): Promise<RenderedWidget> {
  // React warns about updates outside act unless the environment says it is a test.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.body.appendChild(document.createElement("div"));
  const tree = options.host ? <HostProvider host={options.host}>{element}</HostProvider> : element;
  let root: Root = createRoot(container);
  const mount = () =>
    act(async () => {
      root.render(tree);
    });
  await mount();
  const find = <E extends Element = HTMLElement>(selector: string): E => {
    const found = container.querySelector<E>(selector);
    if (!found) throw new Error(`renderWidget: nothing on screen matches ${selector}`);
    return found;
  };
  return {
    container,
    state: () => container.querySelector("[data-state]")?.getAttribute("data-state"),
    find,
    click: (selector) =>
      act(async () => {
        find<HTMLElement>(selector).click();
      }),
    type: (selector, value) =>
      act(async () => {
        const field = find<HTMLInputElement | HTMLTextAreaElement>(selector);
        // React listens for the native input event; set the value the way typing does.
        const prototype = Object.getPrototypeOf(field) as object;
        Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }),
    act: (action) =>
      act(async () => {
        await action();
      }),
    async remount() {
      act(() => root.unmount());
      root = createRoot(container);
      await mount();
    },
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}
