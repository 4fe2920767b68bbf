/**
 * Which form a refused `tools/call` takes over HTTP (docs/server.md, "Sign-in challenges"). Two
 * kinds of caller read two different signals, and neither reads the other's:
 *
 * - ChatGPT starts a tool's sign-in from a **tool result** — `isError` with
 *   `_meta["mcp/www_authenticate"]` (the Apps SDK's "Triggering authentication UI"; OpenAI's
 *   authenticated example answers exactly that, over HTTP 200).
 * - MCP-spec clients (the SDK clients, the Inspector, MCP Apps hosts) start OAuth from the
 *   **HTTP status**: 401 (no or a refused token) or 403 (`insufficient_scope`); they drop a 401's
 *   body, so the model behind them never reads the result.
 *
 * ChatGPT marks its requests: "Operation-phase requests can include extra hints under
 * `_meta.openai/*`" (`openai/userAgent`, `openai/locale`, `openai/userLocation`, … — the Apps
 * SDK's "Build your MCP server", "Inspect client context hints"). That marker chooses only the
 * *form* of a refusal — a spoofed one gets the same refusal as a 200 — never whether a call
 * runs, which the token alone decides (the Apps SDK: "never rely on them for authorization").
 * A ChatGPT request without hints ("Clients may omit either field at any time") gets the
 * 401/403, whose body still holds the same result.
 */

/** How a refused tool call is answered: in the result (HTTP 200), or by the HTTP status. */
export type ChallengeForm = "result" | "status";

/** The `_meta` prefix of the client hints ChatGPT sends with every operation. */
const CHATGPT_HINT = "openai/";

/**
 * The form for one JSON-RPC request (untrusted): `"result"` when its `params._meta` carries any
 * of ChatGPT's `openai/…` hints, `"status"` otherwise (every MCP-spec client).
 */
export function challengeFormOf(message: unknown): ChallengeForm {
  if (typeof message !== "object" || message === null) return "status";
  const params = (message as { params?: unknown }).params;
  if (typeof params !== "object" || params === null) return "status";
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) return "status";
  return Object.keys(meta).some((key) => key.startsWith(CHATGPT_HINT)) ? "result" : "status";
}
