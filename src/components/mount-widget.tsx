/**
 * The widget entry every app writes, owned by the kit: render the app in strict mode inside
 * the detected host (ChatGPT, MCP Apps, or none), into the page's root element.
 */
import { StrictMode, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { AppInfo, Host } from "../bridge/types.ts";
import { HostProvider } from "../hooks/host-context.tsx";
import { IS_DEV } from "./dev.ts";

/**
 * Renders `app` into the widget page: `<HostProvider>{app}</HostProvider>` in `#root`, inside
 * `<StrictMode>` in development (its double renders and effects find impure code there; in a
 * production build it does nothing, so it is left out). Import `mcp-widget-kit/styles.css` once beside it. Throws when the page has no such
 * element, rather than leaving the frame blank without a word.
 *
 * @example
 * import "mcp-widget-kit/styles.css";
 * mountWidget(<App />, { appInfo: { name: "Flights", version: "1.0.0" } });
 */
export function mountWidget(
  app: ReactNode,
  options: {
    /** The app's name and version, told to an MCP Apps host when the bridge connects. */
    readonly appInfo?: AppInfo;
    /** The element to render into, or its id; default: the element with id `root`. */
    readonly container?: Element | string;
    /** A host to use instead of the detected one (tests, the mock host). */
    readonly host?: Host;
  } = {},
): Root {
  const { container = "root", appInfo, host } = options;
  const element = typeof container === "string" ? document.getElementById(container) : container;
  if (!element)
    throw new Error(
      IS_DEV
        ? `mountWidget: the widget page has no element with id "${String(container)}" (add <div id="${String(container)}"></div> to index.html)`
        : `mountWidget: no #${String(container)}`,
    );
  const root = createRoot(element);
  const tree = (
    <HostProvider host={host} appInfo={appInfo}>
      {app}
    </HostProvider>
  );
  root.render(IS_DEV ? <StrictMode>{tree}</StrictMode> : tree);
  return root;
}
