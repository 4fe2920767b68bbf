/**
 * The kit's styles under every story, as widget/main.tsx loads them in the widget, and one mock
 * host per story (`createMockHost` from `mcp-widget-kit/testing`), made by a loader from
 * `parameters.host` and given to the widget through `HostProvider`. A `play` function reads the
 * host's recorded calls from `loaded.host`.
 */
import type { Preview } from "@storybook/react-vite";
import { HostProvider } from "mcp-widget-kit";
import { createMockHost, type MockHost } from "mcp-widget-kit/testing";
import "mcp-widget-kit/styles.css";

type Json = { readonly [key: string]: unknown };

/** `parameters.host` of a story: the mock host's options, and globals taken from its args. */
export type HostParameters = NonNullable<Parameters<typeof createMockHost>[0]> & {
  readonly globalsFromArgs?: (args: Json) => Json;
};

/** What the loader gives each story (`context.loaded`). */
export interface Loaded {
  readonly host: MockHost;
}

const preview: Preview = {
  loaders: [
    ({ parameters, args }): Loaded => {
      const { globalsFromArgs, ...options } = (parameters.host ?? {}) as HostParameters;
      return {
        host: createMockHost({
          ...options,
          globals: { ...options.globals, ...globalsFromArgs?.(args) },
        }),
      };
    },
  ],
  decorators: [
    (Story, { loaded }) => (
      <HostProvider host={(loaded as Loaded).host}>
        <Story />
      </HostProvider>
    ),
  ],
  parameters: { layout: "fullscreen" },
};

export default preview;
