/**
 * Widget rebuilds as server-sent events, both ends: the stream the dev page (and a server
 * that serves the page itself) listens to, `event: widget-rebuilt` once per rebuild, and the
 * server-side reader of such a stream, which `mcp-widget-kit dev --app-page` hands to the
 * app's server in {@link WIDGET_BUILDS_ENV}.
 */
import { get, type ServerResponse } from "node:http";
import { BASE_HEADERS } from "../../server/http/node-replies.ts";
import type { DevHostOptions } from "./options.ts";
import { isLoopbackHostName } from "../../core/loopback.ts";

/** A source of "the widget was rebuilt" signals (`DevHostOptions.widgetBuilds`). */
export type WidgetBuilds = NonNullable<DevHostOptions["widgetBuilds"]>;

/** Where `mcp-widget-kit dev --app-page` tells the app's server its rebuilds are announced. */
export const WIDGET_BUILDS_ENV = "MCP_WIDGET_KIT_WIDGET_BUILDS";

const EVENT = "widget-rebuilt";
const RECONNECT_MS = 1_000;

/** Answers with the rebuilds as an event stream, for as long as the client keeps it open. */
export function serveBuildEvents(res: ServerResponse, builds: WidgetBuilds): void {
  res.writeHead(200, { ...BASE_HEADERS, "Content-Type": "text/event-stream" });
  res.write(": live reload\n\n");
  const unsubscribe = builds.subscribe(() => res.write(`event: ${EVENT}\ndata: {}\n\n`));
  // The response closes when the client goes away (the request "closes" once it is read).
  res.on("close", unsubscribe);
}

/**
 * The rebuilds announced at `url` (an `http://` loopback event stream, as
 * {@link serveBuildEvents} writes it), or `undefined` for any other address. The stream is
 * opened on the first subscriber and kept while there is one, reconnecting after a drop (the
 * dev command restarts); it never keeps the process alive by itself.
 */
export function widgetBuildsFrom(url: string | undefined): WidgetBuilds | undefined {
  let target: URL;
  try {
    target = new URL(url ?? "");
  } catch {
    return undefined;
  }
  if (target.protocol !== "http:" || !isLoopbackHostName(target.hostname)) return undefined;
  const listeners = new Set<() => void>();
  let open = false;
  const connect = () => {
    if (open || listeners.size === 0) return;
    open = true;
    const retry = () => {
      if (!open) return;
      open = false;
      setTimeout(connect, RECONNECT_MS).unref();
    };
    const request = get(target, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return retry();
      }
      response.setEncoding("utf8");
      let buffered = "";
      response.on("data", (chunk: string) => {
        buffered += chunk;
        const events = buffered.split("\n\n");
        buffered = events.pop() ?? "";
        for (const event of events)
          if (event.split("\n").includes(`event: ${EVENT}`))
            for (const listener of listeners) listener();
      });
      response.on("end", retry);
      response.on("error", retry);
    });
    request.on("socket", (socket) => socket.unref());
    request.on("error", retry);
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      connect();
      return () => listeners.delete(listener);
    },
  };
}
