/**
 * The MIME type of the MCP Apps twin resource: the build names it in the manifest and the
 * server serves the resource under it, so both read it from here.
 */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";
