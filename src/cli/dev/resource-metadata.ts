/**
 * What `mcp-widget-kit dev` learns from the app's protected-resource metadata (RFC 9728): the
 * authorization servers the page must be allowed to reach to sign in, and where the metadata
 * of the endpoint lives.
 */

/** The path the page's MCP client uses (DevHostOptions.mcpPath's default). */
export const MCP_PATH = "/mcp";
/** RFC 9728: the protected-resource metadata of the endpoint at `/mcp` (and the bare one). */
export const METADATA_PATHS = new Set([
  "/.well-known/oauth-protected-resource",
  `/.well-known/oauth-protected-resource${MCP_PATH}`,
]);

/**
 * The authorization servers the endpoint's protected-resource metadata names (none when it
 * has no metadata: a server without sign-in).
 */
export async function authorizationServers(endpoint: URL): Promise<string[]> {
  const metadata = new URL(`/.well-known/oauth-protected-resource${endpoint.pathname}`, endpoint);
  try {
    const answer = await fetch(metadata, { signal: AbortSignal.timeout(5_000) });
    if (!answer.ok) return [];
    const { authorization_servers: servers } = (await answer.json()) as {
      authorization_servers?: unknown;
    };
    return Array.isArray(servers) ? servers.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/** Where the metadata asked for at `path` on the page lives on the app's server at `target`. */
export function metadataTarget(path: string, target: URL): URL {
  return new URL(
    `/.well-known/oauth-protected-resource${path.endsWith(MCP_PATH) ? target.pathname : ""}`,
    target,
  );
}
