/**
 * The tool server on the SDK's low-level `Server`: `tools/list` answers the raw JSON Schemas
 * as written, `tools/call` goes to the kit's own validation, and resources are listed and
 * read through the app's provider. The same instance serves both protocol eras.
 */
import {
  Server,
  type AuthInfo,
  type CallToolResult,
  type Implementation,
  type InputRequiredResult,
  CLIENT_CAPABILITIES_META_KEY,
  type JSONRPCRequest,
  type Result,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import { isRecord } from "../../core/is-record.ts";
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from "../../core/mcp-app-mime-type.ts";
import type { ResourceProvider } from "../widget/resource-provider.ts";
import type { CallInput } from "../write/confirm-forms.ts";

/** What one `tools/call` carries besides the tool name and its arguments. */
export interface SdkCallRequest {
  /** The verified token the HTTP layer passed in (`ctx.http.authInfo`). */
  auth: AuthInfo | undefined;
  /** The request's `_meta` (host values such as `openai/subject`). */
  meta: { readonly [key: string]: unknown } | undefined;
  signal: AbortSignal;
  /** What the client can show the person and what it answered (confirmation forms). */
  input: CallInput;
}

/** The parts of a tool server the SDK `Server` needs. */
export interface SdkServerParts {
  info: Implementation;
  instructions: string | undefined;
  tools: Tool[];
  resources: ResourceProvider | undefined;
  callTool(
    name: string,
    args: unknown,
    request: SdkCallRequest,
  ): Promise<CallToolResult | InputRequiredResult>;
}

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The lists are never reused (2026-07-28 `ttlMs`/`cacheScope`): a new build's widget has a
 * new URI, and a host that kept the old list would keep asking for the old widget. Said
 * explicitly rather than left to the SDK's default. A widget read says its own (widget-resources).
 */
const LIST_CACHE_HINTS = {
  "tools/list": { ttlMs: 0, cacheScope: "private" },
  "resources/list": { ttlMs: 0, cacheScope: "private" },
  "resources/templates/list": { ttlMs: 0, cacheScope: "private" },
} as const;

/**
 * A `Server` whose `tools/call` accepts any `arguments` value. The SDK refuses a non-object
 * (`[]`, `"x"`, `null`) with a protocol error listing its own schema issues before the tool
 * is reached; the kit answers it like every other bad argument, as a VALIDATION_FAILED
 * ToolError. The request goes on with `{}` and the real value rides beside it, keyed by the
 * request's context, to the kit's handler.
 */
class ToolCallServer extends Server {
  readonly rawArguments = new WeakMap<ServerContext, unknown>();

  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== "tools/call") return wrapped;
    return (request, ctx) => {
      const params = request.params;
      if (!params || !("arguments" in params) || isRecord(params.arguments))
        return wrapped(request, ctx);
      this.rawArguments.set(ctx, params.arguments);
      return wrapped({ ...request, params: { ...params, arguments: {} } }, ctx);
    };
  }
}

/** A new SDK `Server` for one HTTP request or one stdio connection. */
export function createSdkServer(parts: SdkServerParts): Server {
  const server = new ToolCallServer(parts.info, {
    capabilities: parts.resources
      ? // A host that renders MCP Apps may show text only for a server that does not say it
        // serves them.
        {
          tools: {},
          resources: {},
          extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } },
        }
      : { tools: {} },
    ...(parts.instructions ? { instructions: parts.instructions } : {}),
    cacheHints: LIST_CACHE_HINTS,
  });
  server.setRequestHandler("tools/list", async () => ({ tools: parts.tools }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const args = server.rawArguments.has(ctx)
      ? server.rawArguments.get(ctx)
      : request.params.arguments;
    return parts.callTool(request.params.name, args, {
      auth: ctx.http?.authInfo,
      meta: request.params._meta,
      signal: ctx.mcpReq.signal,
      input: callInput(server, ctx),
    });
  });
  const resources = parts.resources;
  if (resources) {
    server.setRequestHandler("resources/list", async () => ({
      resources: await resources.list(),
    }));
    server.setRequestHandler("resources/templates/list", async () => ({ resourceTemplates: [] }));
    server.setRequestHandler("resources/read", async (request) =>
      resources.read(request.params.uri),
    );
  }
  return server;
}

/**
 * What the calling client declared it can show (the request's own capabilities on 2026-07-28,
 * the connection's `initialize` before it: none on a per-request older connection, which can
 * carry no server request) and what its retry answered.
 */
function callInput(server: Server, ctx: ServerContext): CallInput {
  const envelope = ctx.mcpReq.envelope as { [key: string]: unknown } | undefined;
  const declared = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities()) as
    | { elicitation?: { form?: unknown; url?: unknown }; extensions?: Record<string, unknown> }
    | undefined;
  const elicitation = declared?.elicitation;
  // An empty `elicitation` object is form mode (the revisions before modes named it).
  const form =
    isRecord(elicitation) && (elicitation.form !== undefined || elicitation.url === undefined);
  return {
    form,
    widgets: isRecord(declared?.extensions?.[MCP_APPS_EXTENSION]),
    responses: ctx.mcpReq.inputResponses,
    state: ctx.mcpReq.requestState(),
  };
}
