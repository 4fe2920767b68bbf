/**
 * The decorator every story runs under: a fresh mock host per story (from
 * `parameters.host`), reached through the toolbar's protocol, inside a frame that looks like
 * the host's surface. Toolbar and args changes reach the widget as host global updates (the
 * widget stays mounted, as in a real host), not as a remount.
 */
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import type { Decorator } from "@storybook/react-vite";
import { HostProvider } from "../../src/hooks/host-context.tsx";
import { createMockHost } from "../../src/testing/index.ts";
import {
  globalsFromToolbar,
  protocolFromToolbar,
  type RawHostGlobals,
  type StoryHostParameters,
  type StoryProtocol,
} from "./parameters.ts";
import { connect } from "./protocols.ts";
import { registerMockHost } from "./registry.ts";

interface StoryHostProps {
  readonly parameters: StoryHostParameters;
  /** Globals from the toolbar and the args: applied at creation, then pushed as updates. */
  readonly live: RawHostGlobals;
  readonly protocol: StoryProtocol;
  readonly canvasElement: Element;
  readonly children: ReactNode;
}

function StoryHost({ parameters, live, protocol, canvasElement, children }: StoryHostProps) {
  const [mock] = useState(() =>
    createMockHost({
      globals: { ...parameters.globals, ...live },
      tools: parameters.tools,
      latencyMs: parameters.latencyMs,
      capabilities: parameters.capabilities,
      toolOutputDelayMs: parameters.toolOutputDelayMs,
    }),
  );
  registerMockHost(canvasElement, mock);
  useEffect(() => () => mock.dispose(), [mock]);

  const liveKey = JSON.stringify(live);
  useLayoutEffect(() => {
    mock.setGlobals(JSON.parse(liveKey) as RawHostGlobals); // only changed keys notify
  }, [mock, liveKey]);

  // Creating the connection during render lets the first paint already use the adapter.
  const connection = useMemo(() => connect(protocol, mock), [protocol, mock]);
  useEffect(() => () => connection.close(), [connection]);

  return (
    <HostProvider key={protocol} host={connection.host}>
      <HostSurface theme={live.theme} displayMode={live.displayMode} protocol={protocol}>
        {children}
      </HostSurface>
    </HostProvider>
  );
}

const SURFACE_WIDTH: { readonly [mode: string]: string } = {
  inline: "760px",
  pip: "360px",
  fullscreen: "none",
};

/** The host's chat surface around the widget: its background and the width of the display mode. */
function HostSurface(props: {
  theme: unknown;
  displayMode: unknown;
  protocol: StoryProtocol;
  children: ReactNode;
}) {
  const dark = props.theme === "dark";
  const mode = typeof props.displayMode === "string" ? props.displayMode : "inline";
  return (
    <div
      data-host-surface=""
      data-protocol={props.protocol}
      style={{
        background: dark ? "#212121" : "#ffffff",
        color: dark ? "#ececec" : "#18181b",
        fontFamily: "system-ui, sans-serif",
        colorScheme: dark ? "dark" : "light",
        padding: 16,
        maxWidth: SURFACE_WIDTH[mode] ?? SURFACE_WIDTH.inline,
        minHeight: mode === "fullscreen" ? "100vh" : undefined,
        boxSizing: "border-box",
      }}
    >
      {props.children}
    </div>
  );
}

/** Gives the story its mock host (see `StoryHostParameters`); `mockHostOf(canvasElement)` reads it. */
export const withMockHost: Decorator = (Story, context) => {
  const parameters = (context.parameters.host ?? {}) as StoryHostParameters;
  const live = {
    ...globalsFromToolbar(context.globals),
    ...parameters.globalsFromArgs?.(context.args),
  };
  return (
    <StoryHost
      parameters={parameters}
      live={live}
      protocol={protocolFromToolbar(context.globals.protocol)}
      canvasElement={context.canvasElement}
    >
      <Story />
    </StoryHost>
  );
};
