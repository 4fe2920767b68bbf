/**
 * Test support: the ways real hosts report a tool call the server refused for want of
 * sign-in, when they do not hand the widget the server's result. Each one must read as
 * "sign in", and none of their text may reach the page.
 */
import { authRequired as refusal } from "../fixture-app/payloads.ts";

/**
 * The server's 401 body, its code well past any prefix a host might keep: a long first key
 * (as a tool with a long description or a big result would put there).
 */
export const LONG_401_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 7,
  result: { note: "x".repeat(6_000), ...refusal },
});

/** Text from a host's error that must never be shown. */
export const HOST_TEXT_MARKERS = ["POSTing", "Streamable HTTP", "grant_types", "Registration"];

/** SDK v1's OAuth error for a refused registration (what mcp-use rejects with). */
export class InvalidClientMetadataError extends Error {
  override readonly name = "InvalidClientMetadataError";
  readonly errorCode = "invalid_client_metadata";
}

/** What `window.openai.callTool` (or an MCP Apps host's `tools/call`) resolves with. */
export const RESOLVED_FORMS: ReadonlyArray<readonly [string, unknown]> = [
  [
    "MCPJam's { isError, error } with the challenge in its text",
    { isError: true, error: `Streamable HTTP error: Error POSTing to endpoint: ${LONG_401_BODY}` },
  ],
];

/** What a host rejects the call with (an MCP Apps host: the message of its JSON-RPC error). */
export const REJECTED_FORMS: ReadonlyArray<readonly [string, () => Error]> = [
  [
    "SDK v1's text without a status, the code 6 KB in",
    () => new Error(`Error POSTing to endpoint: ${LONG_401_BODY}`),
  ],
  [
    "SDK v2's refused registration",
    () =>
      new Error(
        `Dynamic Client Registration rejected (HTTP 400): {"error":"invalid_client_metadata","error_description":"grant_types can only contain 'implicit' or 'authorization_code'"}`,
      ),
  ],
];

/** Rejections only a same-window host passes on whole (name and code kept): window.openai. */
export const OPENAI_ONLY_REJECTIONS: ReadonlyArray<readonly [string, () => Error]> = [
  [
    "SDK v1's InvalidClientMetadataError (mcp-use)",
    () =>
      new InvalidClientMetadataError(
        "grant_types can only contain 'implicit' or 'authorization_code'",
      ),
  ],
];
