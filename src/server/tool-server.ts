/**
 * An MCP server from tool definitions: tools advertise raw JSON Schema (`inputSchema` from
 * valibot, `outputSchema` from the contract) and validate their own arguments, so every
 * problem comes back at once as a ToolError. `sdk-server.ts` puts it on the SDK's `Server`.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  type AuthInfo,
  type CallToolResult,
  type McpRequestContext,
  type Server,
  type Tool,
  type ToolAnnotations,
} from "@modelcontextprotocol/server";
import { toJsonSchema } from "@valibot/to-json-schema";
import type { FieldError, ToolError } from "../contract/index.ts";
import { boundToolError } from "./bound-error.ts";
import { callerScope, type CallerPolicy } from "./caller.ts";
import type { ServerLogger } from "./log.ts";
import { NEXT_ACTIONS } from "./next-action.ts";
import { newRequestId } from "./request-id.ts";
import { failureResult, successResult } from "./results.ts";
import type { ResourceProvider } from "./resource-provider.ts";
import { createSdkServer } from "./sdk-server.ts";
import { toToolError, type ToolErrorBody } from "./tool-failure.ts";
import { validateArguments, type ArgumentSpec } from "./validate-arguments.ts";

/** What a handler gets besides its validated arguments. */
export interface ToolContext {
  /** Ties the result to the server log. */
  readonly requestId: string;
  /** The caller scope (see `callerScope`). */
  readonly caller: string;
  readonly log: ServerLogger;
  /** Aborted when the client cancels the request. */
  readonly signal: AbortSignal;
  /**
   * The verified access token of an HTTP request, as the HTTP layer's `authenticate` hook
   * returned it; absent when anonymous and on stdio.
   */
  readonly auth?: AuthInfo | undefined;
}

/** Who is calling, as the transport knows it (see `callerScope`). */
export interface CallOrigin {
  /** The caller scope; default `local`. */
  caller?: string;
  /** The verified access token, if any. */
  auth?: AuthInfo | undefined;
  signal?: AbortSignal;
}

/** A handler's answer: success data, or a failure (e.g. a replayed stored failure). */
export type ToolOutcome =
  | { ok: true; data: { [key: string]: unknown }; text: string }
  | {
      ok: false;
      error: ToolErrorBody & { request_id?: string };
      extra?: { [key: string]: unknown };
    };

/** One tool: its MCP description, its arguments, its result kind and its handler. */
export interface ToolDefinition<T = unknown> {
  name: string;
  title?: string;
  description: string;
  annotations: ToolAnnotations;
  /** Tool `_meta` (output template, widget access, invocation texts, ...). */
  meta?: { [key: string]: unknown };
  /** The contract kind of its `structuredContent`. */
  kind: string;
  /** JSON Schema of the result (`kindJsonSchema(contract, kind)`). */
  outputSchema: { [key: string]: unknown };
  arguments: ArgumentSpec<T>;
  /** A write tool: every failure says whether anything changed (`changes`). */
  writes?: boolean;
  handler(args: T, context: ToolContext): Promise<ToolOutcome>;
}

// Its own file, so the SDK wiring can name it without importing this module back.
export type { ResourceProvider } from "./resource-provider.ts";

/** Options of `createToolServer`. */
export interface ToolServerOptions {
  info: { name: string; version: string; title?: string };
  /** The contract version every result carries. */
  contractVersion: string;
  /** Each handler only ever receives arguments its own schema produced. */
  tools: ReadonlyArray<ToolDefinition<unknown>>;
  resources?: ResourceProvider;
  log: ServerLogger;
  caller?: CallerPolicy;
  instructions?: string;
  /** Makes request ids (default: random); recordings pass a counter so fixtures are stable. */
  requestId?: () => string;
}

/** A tool server: makes SDK `Server`s (one per request or connection) and runs calls without MCP too. */
export interface ToolServer {
  /**
   * A new SDK `Server`: the factory `createMcpHandler` (HTTP, one per request) and
   * `serveStdio` (one per connection) call with the request's context.
   */
  createServer(context?: McpRequestContext): Server;
  /** Runs one call as `tools/call` would (benchmarks, tests). */
  callTool(name: string, args: unknown, origin?: CallOrigin): Promise<CallToolResult>;
  /** The `tools/list` entries. */
  listTools(): Tool[];
}

function inputJsonSchema(spec: ArgumentSpec<unknown>): Tool["inputSchema"] {
  const schema = toJsonSchema(spec.schema, { errorMode: "ignore" }) as { [key: string]: unknown };
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: "object" } as Tool["inputSchema"];
}

/**
 * One sentence for both readers that names what to change. Only argument names the tool
 * declares are listed: an unknown key is the caller's input, so it is counted, never echoed.
 */
export function validationMessage(
  fieldErrors: readonly FieldError[],
  declared: ReadonlySet<string>,
): string {
  const names = new Set<string>();
  let unknown = 0;
  for (const error of fieldErrors) {
    const top = error.field.split(/[.[]/)[0] ?? "";
    if (declared.has(top)) names.add(top);
    else if (error.code === "UNKNOWN_FIELD" || error.code === "UNKNOWN_FIELDS") unknown += 1;
  }
  const listed = [...names];
  const parts: string[] = [];
  if (listed.length > 0)
    parts.push(
      `${listed.length === 1 ? "This argument is" : "These arguments are"} not valid: ${listed.join(", ")}.`,
    );
  if (unknown > 0) parts.push(`Unknown arguments were sent; remove them.`);
  return parts.join(" ") || "The arguments are not valid.";
}

/** Builds a tool server. */
export function createToolServer(options: ToolServerOptions): ToolServer {
  const { log, contractVersion } = options;
  const policy: CallerPolicy = options.caller ?? { trustSubjectMeta: false };
  const byName = new Map<string, ToolDefinition<unknown>>();
  for (const tool of options.tools) {
    if (byName.has(tool.name)) throw new TypeError(`Duplicate tool "${tool.name}"`);
    byName.set(tool.name, tool);
  }
  // The argument names each tool declares (its strictObject's keys), for validationMessage.
  const declaredByTool = new Map<string, ReadonlySet<string>>();
  for (const tool of byName.values()) {
    const entries = (tool.arguments.schema as { entries?: { [key: string]: unknown } }).entries;
    declaredByTool.set(tool.name, new Set(entries ? Object.keys(entries) : []));
  }
  const listed: Tool[] = [...byName.values()].map((tool) => ({
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: inputJsonSchema(tool.arguments),
    outputSchema: tool.outputSchema as Tool["outputSchema"],
    annotations: tool.annotations,
    ...(tool.meta ? { _meta: tool.meta } : {}),
  }));

  function fail(
    tool: ToolDefinition<unknown>,
    error: ToolError,
    extra?: { [key: string]: unknown },
  ): CallToolResult {
    return failureResult(contractVersion, tool.kind, boundToolError(error), extra);
  }

  async function run(name: string, args: unknown, origin: CallOrigin): Promise<CallToolResult> {
    const tool = byName.get(name);
    if (!tool)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool: ${name.length <= 64 ? name : "(name too long)"}`,
      );
    const caller = origin.caller ?? "local";
    const signal = origin.signal ?? new AbortController().signal;
    const requestId = (options.requestId ?? newRequestId)();
    const started = performance.now();
    const validated = validateArguments(tool.arguments, args ?? {});
    if (!validated.ok) {
      log.info("tool_invalid_arguments", {
        request_id: requestId,
        tool: name,
        fields: validated.fieldErrors.map((e) => e.field).slice(0, 20),
      });
      return fail(tool, {
        code: "VALIDATION_FAILED",
        message: validationMessage(validated.fieldErrors, declaredByTool.get(name) ?? new Set()),
        retryable: false,
        next_action: NEXT_ACTIONS.fixFields,
        request_id: requestId,
        field_errors: validated.fieldErrors,
        ...(tool.writes ? { changes: "none" as const } : {}),
      });
    }
    try {
      const outcome = await tool.handler(validated.value, {
        requestId,
        caller,
        log,
        signal,
        auth: origin.auth,
      });
      log.info("tool_call", {
        request_id: requestId,
        tool: name,
        ok: outcome.ok,
        ms: Math.round(performance.now() - started),
      });
      if (outcome.ok) return successResult(contractVersion, tool.kind, outcome.data, outcome.text);
      return fail(
        tool,
        { ...outcome.error, request_id: outcome.error.request_id ?? requestId },
        outcome.extra,
      );
    } catch (thrown) {
      // A crash in a write tool may have happened after the side effect.
      return fail(
        tool,
        toToolError(thrown, {
          requestId,
          log,
          tool: name,
          ...(tool.writes ? { changes: "unknown" as const } : {}),
        }),
      );
    }
  }

  return {
    createServer: () =>
      createSdkServer({
        info: options.info,
        instructions: options.instructions,
        tools: listed,
        resources: options.resources,
        callTool: (name, args, request) =>
          run(name, args, {
            caller: callerScope(
              { authSubject: request.auth?.clientId, meta: request.meta },
              policy,
            ),
            auth: request.auth,
            signal: request.signal,
          }),
      }),
    listTools: () => listed,
    callTool: (name, args, origin) => run(name, args, origin ?? {}),
  };
}
