/**
 * The GiftGenius side of the dev host (`mcp-widget-kit/devhost`): the page at `GET /` prefilled for
 * `suggest_gifts`, and the dev-only fault switch bound to `setFaults` (the same syntax as
 * `GIFTGENIUS_FAULTS`). `main.ts` passes the handler to `serveHttp` as `otherRoutes`.
 */
import { createDevHostHandler } from "mcp-widget-kit/devhost";
import { setFaults } from "./faults.ts";

/**
 * The dev host handler for GiftGenius, starting from the faults the process started with; the
 * page signs in with `issuer` (the development authorization server or `AUTH_ISSUER`).
 */
export function giftGeniusDevHost(
  initialFaults: string | undefined,
  issuer?: string,
): ReturnType<typeof createDevHostHandler> {
  let spec = initialFaults ?? "";
  return createDevHostHandler({
    appName: "GiftGenius",
    ...(issuer ? { authorizationServers: [issuer] } : {}),
    exampleArgs: {
      suggest_gifts: {
        interests: ["books", "coffee"],
        budget_min: 10,
        budget_max: 60,
        currency: "USD",
        age: 34,
        relationship_type: "friend",
      },
      prepare_order: { gift_id: "", quantity: 1 },
      commit_order: { draft_id: "", idempotency_key: "" },
    },
    faults: {
      get: () => spec,
      set(next) {
        setFaults(next); // throws on an unknown entry: the page shows the refusal
        spec = next;
      },
      known: ["catalog=503", "catalog=timeout", "payments=503", "payments=timeout", "db=down"],
    },
  });
}
