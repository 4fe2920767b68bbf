// Shared by the component tests: render under a mock host, and find the widget root.
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
// The kit by its package name: an app's tests (GiftGenius') resolve it to the kit's build and
// must render under that copy's HostProvider, the kit's own tests resolve it to the sources.
import { HostProvider, type ConfirmDraftProps } from "mcp-widget-kit";
import { createMockHost, type MockHost } from "mcp-widget-kit/testing";

type MockHostOptions = NonNullable<Parameters<typeof createMockHost>[0]>;

export interface HostRender extends RenderResult {
  readonly host: MockHost;
}

/** Renders `ui` inside a HostProvider with a fresh mock host. */
export function renderWithHost(ui: ReactElement, options: MockHostOptions = {}): HostRender {
  const host = createMockHost(options);
  const wrap = (element: ReactNode) => <HostProvider host={host}>{element}</HostProvider>;
  const result = render(wrap(ui));
  // rerender keeps the same host around the new element
  return { ...result, rerender: (element: ReactNode) => result.rerender(wrap(element)), host };
}

/** A purchase draft the dialog tests confirm: two mugs, still valid. */
export const MUG_DRAFT: ConfirmDraftProps["draft"] = {
  id: "d-1",
  title: "Trail mug",
  lines: [{ label: "Trail mug", value: "× 2" }],
  total: { amount: "23.98", currency: "USD" },
  expiresAt: "2031-01-01T00:00:00Z",
};

/** The element carrying `data-state`. Fails the test when there is not exactly one. */
export function widgetRoot(container: HTMLElement): HTMLElement {
  const roots = container.querySelectorAll<HTMLElement>("[data-state]");
  if (roots.length !== 1)
    throw new Error(`expected one [data-state] element, found ${roots.length}`);
  return roots[0]!;
}
