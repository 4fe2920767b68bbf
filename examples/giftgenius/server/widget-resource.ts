/**
 * GiftGenius' widget resources: the kit's `widgetResources` over the build in `dist`, with the
 * server's own public origin declared as a resource domain, since it serves the gift pictures
 * itself from an origin only the deployment knows (`PUBLIC_ORIGIN`).
 */
import {
  widgetResources,
  type ResourceProvider,
  type ServerLogger,
  type WidgetUris,
} from "mcp-widget-kit/server";

export function createWidgetResources(
  dist: string,
  log: ServerLogger,
  publicOrigin: () => string,
): { uris: WidgetUris; provider: ResourceProvider } {
  return widgetResources({
    dist,
    log,
    title: "GiftGenius widget",
    fallbackName: "giftgenius",
    resourceOrigins: () => [publicOrigin()],
  });
}
