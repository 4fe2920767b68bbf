/**
 * Which mock host serves which story canvas, so a `play` function (or a jsdom test) can read
 * what the widget asked of its host: `mockHostOf(canvasElement).toolCalls("commit_order")`.
 */
import type { MockHost } from "../../src/testing/index.ts";

const hosts = new WeakMap<Element, MockHost>();

/** Records the mock host of a canvas (the decorator does this). */
export function registerMockHost(canvasElement: Element, host: MockHost): void {
  hosts.set(canvasElement, host);
}

/** The mock host behind the story rendered in `canvasElement`; throws when there is none. */
export function mockHostOf(canvasElement: Element): MockHost {
  const host = hosts.get(canvasElement);
  if (!host)
    throw new Error("No mock host for this canvas: is the withMockHost decorator applied?");
  return host;
}
