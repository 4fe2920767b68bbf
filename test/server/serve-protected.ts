/**
 * A tool server behind the kit's HTTP layer and resource server, trusting a test issuer's
 * tokens — how the tests serve the templates' tool servers as an app's `serveApp` would.
 */
import {
  createResourceServer,
  serveHttp,
  silentLogger,
  type ToolServer,
} from "../../src/server/index.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

/** Serves `tools` on a free loopback port; `close` stops the server and the issuer. */
export async function serveProtected(
  tools: ToolServer,
  scope: string,
  resourceName: string,
): Promise<{ url: string; issuer: TestIssuer; close: () => Promise<void> }> {
  const issuer = await createTestIssuer();
  const resourceServer = createResourceServer({
    settings: { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks },
    scopes: [scope],
    resourceName,
    log: silentLogger,
  });
  const endpoint = await serveHttp({
    createServer: (context) => tools.createServer(context),
    log: silentLogger,
    port: 0,
    authenticate: resourceServer.authenticate(tools),
    routes: async (request) => resourceServer.respond(request),
  });
  return {
    url: endpoint.url,
    issuer,
    close: async () => {
      await endpoint.close();
      await issuer.close();
    },
  };
}
