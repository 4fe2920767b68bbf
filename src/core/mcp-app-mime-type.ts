/**
 * The MCP Apps extension's identifiers: the MIME type of the twin resource (the build names it
 * in the manifest and the server serves the resource under it) and the extension's id, under
 * which the server declares it serves such resources (`capabilities.extensions`). Both sides
 * read them from here.
 */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

/** The MCP Apps extension's id in `capabilities.extensions` (SEP-1865). */
export const MCP_APPS_EXTENSION = "io.modelcontextprotocol/ui";
