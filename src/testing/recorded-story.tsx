/**
 * `recordedStory()`: a story (Component Story Format) of a widget showing one recorded tool
 * result on a mock host — the story an app made with `create` ships, and its widget test
 * renders, so it cannot go stale unnoticed.
 */
import type { ReactElement } from "react";
import { HostProvider } from "../hooks/host-context.tsx";
import { createMockHost } from "./mock-host.ts";

/**
 * A story rendering `element` on a mock host whose tool output is `recorded`'s
 * `structuredContent` (a fixture file, as `npm run record` wrote it).
 *
 * @example
 * ```tsx
 * // recorded: the JSON of fixtures/results--search-flights.json, imported
 * export const Results = recordedStory(<App />, recorded);
 * ```
 */
export function recordedStory(
  element: ReactElement,
  recorded: { readonly structuredContent?: unknown },
): { render(): ReactElement } {
  return {
    render: () => (
      <HostProvider host={createMockHost({ globals: { toolOutput: recorded.structuredContent } })}>
        {element}
      </HostProvider>
    ),
  };
}
