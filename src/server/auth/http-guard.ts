/**
 * The resource server at the HTTP edge of the MCP endpoint, as the `authenticate` hook of
 * `createFetchHandler` / `serveHttp`: verifies the bearer token of every request, refuses a
 * protected tool's call before it runs, and otherwise passes the verified `AuthInfo` on to the
 * tool handlers. Anonymous requests pass: tools that allow them (and `tools/list`,
 * `server/discover`, `initialize`) still work.
 *
 * A refused `tools/call` always carries the `WWW-Authenticate` challenge and, as its JSON-RPC
 * body, the tool result — a ToolError whose text tells the model to ask the person to sign in,
 * and `_meta["mcp/www_authenticate"]`. Its status depends on who asks (`challengeFormOf`,
 * docs/server.md "Sign-in challenges"): 200 for ChatGPT, which starts a tool's sign-in from
 * that result; 401 (no or a refused token) or 403 (more scope) for every MCP-spec client,
 * whose OAuth support starts from the status (the MCP authorization spec).
 */
import type { HttpAuthenticate, HttpAuthOutcome } from "../http/fetch-handler.ts";
import type { ServerLogger } from "../runtime/log.ts";
import type { RefusedCall } from "../tool-server.ts";
import type { ProtectedResource } from "./protected-resource.ts";
import { challengeFormOf } from "./challenge-form.ts";
import { authenticateRequest } from "./request-auth.ts";
import type { RequestAuth } from "./tool-access.ts";
import type { TokenVerifier } from "./token-verifier.ts";

/** Options of `bearerAuthentication`. */
export interface BearerAuthenticationOptions {
  /** Checks each bearer token (`createTokenVerifier`). */
  verifier: TokenVerifier;
  /** Names the metadata in every `WWW-Authenticate` challenge (`createProtectedResource`). */
  resource: ProtectedResource;
  /** How a `tools/call` of `name` with `args` is refused: the tool server's `refusal`. */
  refusal(name: string, auth: RequestAuth, args: unknown): RefusedCall | undefined;
  /** Gets why a token was refused (`auth_refused`), which the answer never says. */
  log: ServerLogger;
}

interface ToolCall {
  id: unknown;
  name: string;
  args: unknown;
  message: unknown;
}

function toolCallOf(message: unknown): ToolCall | undefined {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const m = message as {
    method?: unknown;
    id?: unknown;
    params?: { name?: unknown; arguments?: unknown };
  };
  if (m.method !== "tools/call" || typeof m.params?.name !== "string") return undefined;
  return { id: m.id ?? null, name: m.params.name, args: m.params.arguments, message };
}

function answer(
  status: number,
  challenge: string,
  body: { [key: string]: unknown },
): HttpAuthOutcome {
  const headers = {
    "content-type": "application/json",
    ...(challenge ? { "www-authenticate": challenge } : {}),
  };
  return { response: new Response(JSON.stringify(body), { status, headers }) };
}

/**
 * The `authenticate` hook of `createFetchHandler` and `serveHttp` for an OAuth 2.1 resource
 * server: gets the parsed JSON-RPC body, so it can refuse exactly the tool calls that need
 * more than the request has.
 */
export function bearerAuthentication(options: BearerAuthenticationOptions): HttpAuthenticate {
  const { verifier, resource, log } = options;
  return async (request, body) => {
    const header = request.headers.get("authorization") ?? undefined;
    const { auth, authInfo } = await authenticateRequest(header, verifier, log);
    const messages = Array.isArray(body) ? (body as unknown[]) : [body];
    for (const call of messages.map(toolCallOf)) {
      if (!call) continue;
      const refused = options.refusal(call.name, auth, call.args);
      if (!refused) continue;
      // ChatGPT reads the refusal from the result (a 401's body never reaches it as one).
      const status = challengeFormOf(call.message) === "result" ? 200 : refused.status;
      log.info("tool_refused", { tool: call.name.slice(0, 64), status });
      // Revision 2026-07-28 clients refuse a result without `resultType`; older ones ignore it.
      const revision = request.headers.get("mcp-protocol-version") ?? "";
      const result =
        revision >= "2026-07-28" ? { ...refused.result, resultType: "complete" } : refused.result;
      return answer(status, refused.challenge, { jsonrpc: "2.0", id: call.id, result });
    }
    if (auth.state === "refused") {
      // Not a tool call (tools/list, server/discover, a stream): the client must still learn
      // that its token is refused, whatever it asked.
      return answer(401, resource.challenge({ error: "invalid_token" }), {
        jsonrpc: "2.0",
        error: { code: -32001, message: "Unauthorized: sign in again" },
        id: null,
      });
    }
    return authInfo ? { auth: authInfo } : {};
  };
}
