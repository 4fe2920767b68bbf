/**
 * An MCP server from tool definitions: tools advertise raw JSON Schema (`inputSchema` from
 * valibot, `outputSchema` from the contract) and validate their own arguments, so every
 * problem comes back at once as a ToolError. `http/sdk-server.ts` puts it on the SDK's `Server`.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
  type McpRequestContext,
  type Server,
  type Tool,
} from "@modelcontextprotocol/server";
import { toJsonSchema } from "@valibot/to-json-schema";
import { modelInstructions } from "./model-text/model-instructions.ts";
import {
  AWAITING_CONFIRMATION,
  awaitingConfirmation,
  type ConfirmedBy,
} from "./write/awaiting-confirmation.ts";
import { createConfirmationForms, formApplies } from "./write/confirmation-form.ts";
import type { Contract } from "../contract/define-contract.ts";
import { VALIDATION_FAILED } from "../contract/error-codes.ts";
import { WIDGET_ONLY_META } from "../contract/kinds.ts";
import type { FieldError, ToolError } from "../contract/index.ts";
import type { KindDefinitions } from "../contract/views.ts";
import { boundToolError } from "./model-text/bound-error.ts";
import type { Principal } from "./auth/principal.ts";
import type { ProtectedResource } from "./auth/protected-resource.ts";
import { principalOf } from "./auth/request-auth.ts";
import {
  decideAccess,
  describedForModel,
  effectiveToolAuth,
  securitySchemes,
  WWW_AUTHENTICATE_META,
  type RequestAuth,
  type ToolAuth,
} from "./auth/tool-access.ts";
import { ANONYMOUS_CALLER, callerScope } from "./auth/caller.ts";
import { isRecord } from "../core/is-record.ts";
import { CONFIRMATION_ARGUMENT, CONFIRMATION_META, SHEET_META } from "../contract/confirmation.ts";
import {
  appOnlyMeta,
  confirmationRequired,
  runUnconfirmed,
  createConfirmationSigner,
  type UnconfirmedCall,
  draftIdOf,
  planConfirmations,
  withConfirmationArgument,
  type ConfirmationOptions,
} from "./write/confirmation.ts";
import type { ReconcileOptions } from "./idempotency/reconcile.ts";
import type { ServerLogger } from "./runtime/log.ts";
import { serverReconciler } from "./write/write-reconcilers.ts";
import { NEXT_ACTIONS } from "./model-text/next-action.ts";
import { newRequestId } from "./runtime/request-id.ts";
import { failureResult, successResult } from "./results.ts";
import type { ResourceProvider } from "./widget/resource-provider.ts";
import { createSdkServer } from "./http/sdk-server.ts";
import { checkoutTools, type CheckoutTool } from "./checkout/checkout-tools.ts";
import { kitPaymentSheet, type PaymentSheet } from "./checkout/payment-sheet.ts";
import { toToolError } from "./tool-failure.ts";
import type { CallOrigin, ToolDefinition, ToolOutcome } from "./tool-definition.ts";
import { confirmFormOf, type CallInput, type ConfirmForm } from "./write/confirm-forms.ts";
import { ruleFormOf } from "./write/write-form.ts";
import { validateArguments, type ArgumentSpec } from "./validate-arguments/index.ts";
import { validationMessage } from "./validate-arguments/validation-message.ts";

// Their own file, so the modules the tool server calls (confirmation, access) can name a
// tool without importing this module back.
export type { CallOrigin, ToolContext, ToolDefinition, ToolOutcome } from "./tool-definition.ts";

/**
 * A call's answer: its result, or (a confirmed commit in a client that shows forms) the input
 * request of its confirmation form (MCP 2026-07-28 `input_required`).
 */
export type CallResult = CallToolResult | InputRequiredResult;

/** A call's origin as the SDK wiring knows it: who calls, and what their client can show. */
export type RunOrigin = CallOrigin & { readonly input?: CallInput | undefined };

// Its own file, so the SDK wiring can name it without importing this module back.
export type { ResourceProvider } from "./widget/resource-provider.ts";

/** A refused call as the HTTP layer answers it: status, `WWW-Authenticate`, and the tool result. */
export interface RefusedCall {
  /**
   * 401: sign in (again); 403: more scope — the status an MCP-spec client gets (a caller that
   * reads results, ChatGPT, gets 200: docs/server.md, "Sign-in challenges").
   */
  status: 401 | 403;
  /** The `WWW-Authenticate` header's value (empty without a protected resource). */
  challenge: string;
  /**
   * The tool result: a ToolError with `_meta["mcp/www_authenticate"]` — the same challenge
   * plus `error` and `error_description`, as the Apps SDK asks of a tool result.
   */
  result: CallToolResult;
}

/** A tool server: makes SDK `Server`s (one per request or connection) and runs calls without MCP too. */
export interface ToolServer {
  /**
   * A new SDK `Server`: the factory `createMcpHandler` (HTTP, one per request) and
   * `serveStdio` (one per connection) call with the request's context; `connection` names the
   * caller of every tool on a connection that carries no token (stdio, a recording script).
   */
  createServer(
    context?: McpRequestContext,
    connection?: {
      /** The caller of every tool on this connection. */
      principal?: Principal;
    },
  ): Server;
  /** Runs one call as `tools/call` would (benchmarks, tests), for a client without forms. */
  callTool(name: string, args: unknown, origin?: CallOrigin): Promise<CallToolResult>;
  /** The `tools/list` entries. */
  listTools(): Tool[];
  /**
   * The reconciler's work for every write this server serves — each `defineWrite` commit
   * among its tools and its payment sheet — with the longest lease and lifetime they ask for:
   * `startReconciler({ store, ...tools.reconciler })`, and the same in the module the
   * `reconcile` command runs. Each in-doubt record goes to the write that captured it; one
   * none of them owns is left in doubt (`unowned`). See docs/server.md, "Whose record".
   */
  readonly reconciler: Pick<
    ReconcileOptions<unknown, unknown>,
    "complete" | "compensate" | "owns" | "leaseMs" | "ttlMs"
  >;
}

/** Whether a commit's `confirmation` argument carries a proof at all (valid or not). */
function carriesProof(value: unknown): boolean {
  return typeof value === "string" && value.length > 0;
}

/**
 * The kit's side of a tool server: the refusal HTTP answers before a call runs. Not public:
 * the sign-in's HTTP guard uses it.
 */
export interface KitToolServer extends ToolServer {
  /**
   * How a `tools/call` of `name` with `args` is refused before it runs (HTTP answers 401/403
   * with it), or `undefined` when it may run. Unknown tools are left to the call itself, and so
   * is a confirmed commit called without a proof: its one answer is CONFIRMATION_REQUIRED,
   * whoever calls, never a sign-in that would lead nowhere.
   */
  refusal(name: string, auth: RequestAuth, args?: unknown): RefusedCall | undefined;
  /**
   * Names the protected resource this server is: refused calls then carry
   * `_meta["mcp/www_authenticate"]` pointing at its metadata, so the host starts sign-in. The
   * resource server that authenticates the server's HTTP requests calls it (its
   * `authenticate(tools)`), so an app never hands the metadata over itself.
   */
  useResource(resource: ProtectedResource): void;
  /**
   * Runs one call as a client that declared `input` would send it (a client showing forms, a
   * retry carrying the person's answer): its result, or its form's input request. The SDK
   * wiring does this for `tools/call`; `checkWrite` calls it in process.
   */
  callWithInput(
    name: string,
    args: unknown,
    origin: CallOrigin | undefined,
    input: CallInput,
  ): Promise<CallResult>;
}

/** What one call knows once its tool is found: who calls, under which request id. */
interface Call {
  readonly tool: ToolDefinition<unknown>;
  readonly origin: RunOrigin;
  readonly requestId: string;
  readonly caller: string;
  readonly principal: Principal | undefined;
}

/** The tools by name: no name twice, each of a kind the contract declares. */
function toolsByName(
  tools: ReadonlyArray<ToolDefinition<unknown>>,
  kinds: KindDefinitions,
): Map<string, ToolDefinition<unknown>> {
  const byName = new Map<string, ToolDefinition<unknown>>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new TypeError(`Duplicate tool "${tool.name}"`);
    // A result of a kind the contract does not declare would be `invalid` in every widget.
    if (!Object.hasOwn(kinds, tool.kind))
      throw new TypeError(`Tool "${tool.name}": the contract declares no kind "${tool.kind}"`);
    byName.set(tool.name, tool);
  }
  return byName;
}

/** The argument names each tool declares (its strictObject's keys), for validationMessage. */
function declaredArguments(
  byName: ReadonlyMap<string, ToolDefinition<unknown>>,
): Map<string, ReadonlySet<string>> {
  const declared = new Map<string, ReadonlySet<string>>();
  for (const tool of byName.values()) {
    const entries = (tool.arguments.schema as { entries?: { [key: string]: unknown } }).entries;
    declared.set(tool.name, new Set(entries ? Object.keys(entries) : []));
  }
  return declared;
}

/** The session tool is confirmed as a commit is: its prepare tool's results carry the proof. */
function confirmedCheckout(checkout: ReadonlyMap<string, CheckoutTool>) {
  return [...checkout.values()].flatMap((tool) =>
    tool.prepare === undefined
      ? []
      : [
          {
            name: tool.listed.name,
            kind: "",
            writes: true,
            confirm: { prepare: tool.prepare },
            arguments: { schema: { entries: { draft_id: true } } },
          },
        ],
  );
}

/** The `tools/list` entries: the app's tools (a commit app-only, with its proof argument), then the sheet's. */
function listedTools(
  byName: ReadonlyMap<string, ToolDefinition<unknown>>,
  plan: ReturnType<typeof planConfirmations>,
  checkout: ReadonlyMap<string, CheckoutTool>,
  checkoutAuth: ToolAuth,
): Tool[] {
  const listed: Tool[] = [...byName.values()].map((tool) => ({
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: describedForModel(tool.description, effectiveToolAuth(tool.auth, tool.writes)),
    inputSchema: plan.commits.has(tool.name)
      ? withConfirmationArgument(
          inputJsonSchema(tool.arguments),
          !(confirmFormOf(tool) ?? ruleFormOf(tool)),
        )
      : inputJsonSchema(tool.arguments),
    outputSchema: tool.outputSchema as Tool["outputSchema"],
    annotations: tool.annotations,
    // ChatGPT reads `securitySchemes` on the descriptor; `_meta` mirrors it for MCP Apps hosts
    // and clients whose tool schema drops fields it does not know.
    securitySchemes: securitySchemes(effectiveToolAuth(tool.auth, tool.writes)),
    _meta: {
      ...(plan.commits.has(tool.name) ? appOnlyMeta(tool.meta) : tool.meta),
      securitySchemes: securitySchemes(effectiveToolAuth(tool.auth, tool.writes)),
    },
  }));
  for (const tool of checkout.values()) {
    const entry = {
      ...tool.listed,
      securitySchemes: securitySchemes(checkoutAuth),
      _meta: { ...tool.listed._meta, securitySchemes: securitySchemes(checkoutAuth) },
    };
    listed.push(entry);
  }
  return listed;
}

/** `tools`' kit side; a TypeError for a tool server `createToolServer` did not make. */
export function kitToolServer(tools: ToolServer): KitToolServer {
  const kit = tools as Partial<KitToolServer>;
  if (typeof kit.refusal !== "function" || typeof kit.useResource !== "function")
    throw new TypeError("a tool server from createToolServer is needed");
  return tools as KitToolServer;
}

function inputJsonSchema(spec: ArgumentSpec<unknown>): Tool["inputSchema"] {
  const schema = toJsonSchema(spec.schema, { errorMode: "ignore" }) as { [key: string]: unknown };
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: "object" } as Tool["inputSchema"];
}

/** Builds a tool server. */
export function createToolServer(options: {
  /** The server's MCP identity. */
  info: { name: string; version: string; title?: string };
  /**
   * The app's contract: every result carries its `version` (so a contract at another version
   * than the kit's stamps its own), and every tool's `kind` must be one it declares.
   */
  contract: Pick<Contract<KindDefinitions>, "version" | "kinds">;
  /** Each handler only ever receives arguments its own schema produced. */
  tools: ReadonlyArray<ToolDefinition<unknown>>;
  /** The widget resources (`widgetResources`' provider). */
  resources?: ResourceProvider;
  /** Where the server logs (every failure's internal detail goes here). */
  log: ServerLogger;
  /**
   * Instructions for the model, sent on initialize: the app's text first, then the kit's
   * sentence on drafts when the server has commits the person confirms.
   */
  instructions?: string;
  /** Makes request ids (default: random); recordings pass a counter so fixtures are stable. */
  requestId?: () => string;
  /**
   * The confirmation proof of commits declared `confirm: { prepare }`: the app's secret
   * (default `CONFIRMATION_SECRET`; production refuses to start without one), its lifetime
   * and clock.
   */
  confirmation?: ConfirmationOptions;
  /**
   * The app's payment sheet (`createPaymentSheet`): the server registers its session tool and
   * `complete_checkout`, both hidden from the model, for a verified caller only, the session
   * tool with the person's confirmation of the draft. See docs/checkout.md.
   */
  checkout?: PaymentSheet;
}): ToolServer {
  const served = servedTools(options);
  const calls = callAnswers(options, served);
  // Its kit side (`refusal`, `useResource`) is reached through `kitToolServer`.
  const server: KitToolServer = {
    createServer: (_context, connection = {}) =>
      createSdkServer({
        info: options.info,
        instructions: served.instructions,
        tools: served.listed,
        resources: options.resources,
        // Only the HTTP layer's verified token (or the connection's configured principal)
        // names the caller; the request's `_meta` is never read for identity.
        callTool: (name, args, request) =>
          calls.run(name, args, {
            principal: principalOf(request.auth) ?? connection.principal,
            auth: request.auth,
            signal: request.signal,
            input: request.input,
          }),
      }),
    listTools: () => served.listed,
    // Without `input` no form is asked for: the answer is always a tool result.
    callTool: (name, args, origin) =>
      calls.run(name, args, { ...origin, input: undefined }) as Promise<CallToolResult>,
    callWithInput: (name, args, origin, input) => calls.run(name, args, { ...origin, input }),
    reconciler: serverReconciler(options.tools, served.sheet),
    refusal: calls.refusal,
    useResource: calls.useResource,
  };
  return server;
}

/** `createToolServer`'s options. */
type ToolServerOptions = Parameters<typeof createToolServer>[0];

/**
 * What a tool server serves, settled once from its options: the app's tools by name (no name
 * twice, each of a declared kind), the payment sheet's tools beside them, which commits are
 * confirmed and with what proof, and the `tools/list` entries and instructions the model reads.
 */
function servedTools(options: ToolServerOptions) {
  const byName = toolsByName(options.tools, options.contract.kinds);
  // The checkout kind: tools the kit answers itself, in the sheet's shapes, not the envelope.
  const sheet = options.checkout ? kitPaymentSheet(options.checkout) : undefined;
  const checkout: ReadonlyMap<string, CheckoutTool> = sheet ? checkoutTools(sheet) : new Map();
  // Who may call them: a verified caller with the sheet's scopes (the session is bound to them).
  const checkoutAccess = { writes: true, auth: { scopes: sheet?.scopes ?? [] } } as const;
  for (const name of checkout.keys())
    if (byName.has(name))
      throw new TypeError(`Duplicate tool "${name}": the payment sheet registers it`);
  const declaredByTool = declaredArguments(byName);
  const plan = planConfirmations(
    [...byName.values(), ...confirmedCheckout(checkout)],
    options.contract.kinds,
  );
  // Only a server with a confirmed commit needs the secret (and refuses to start without it).
  const proofs = plan.commits.size > 0 ? createConfirmationSigner(options.confirmation) : undefined;
  const forms = plan.commits.size > 0 ? createConfirmationForms(options.confirmation) : undefined;
  // Each prepare tool's commit, for what its result tells the model about confirming.
  const commitOf = new Map(
    [...byName.values()].flatMap((tool) =>
      typeof tool.confirm === "object" ? [[tool.confirm.prepare, tool] as const] : [],
    ),
  );
  const instructions = modelInstructions(options.instructions, new Set(plan.prepares.keys()));
  const listed = listedTools(byName, plan, checkout, checkoutAccess.auth);
  return {
    byName,
    sheet,
    checkout,
    checkoutAccess,
    declaredByTool,
    plan,
    proofs,
    forms,
    commitOf,
    instructions,
    listed,
  };
}

/**
 * How the server answers each call (`run`), and how HTTP refuses one before it runs
 * (`refusal`): unknown tool, access, the confirmation gate, argument validation, the handler,
 * and the shape of its result.
 */
function callAnswers(options: ToolServerOptions, served: ReturnType<typeof servedTools>) {
  const { log } = options;
  const contractVersion = options.contract.version;
  const { byName, sheet, checkout, checkoutAccess, declaredByTool, plan, proofs, forms, commitOf } =
    served;
  // Set by the resource server wired in front of this server (`useResource`); none over stdio.
  let resource: ProtectedResource | undefined;

  function fail(
    tool: ToolDefinition<unknown>,
    error: ToolError,
    extra?: { [key: string]: unknown },
  ): CallToolResult {
    return failureResult(contractVersion, tool.kind, boundToolError(error), extra);
  }

  function refuse(
    tool: Pick<ToolDefinition<unknown>, "auth" | "writes">,
    auth: RequestAuth,
    answer: (error: ToolError) => CallToolResult,
    requestId?: string,
  ): RefusedCall | undefined {
    const denial = decideAccess(effectiveToolAuth(tool.auth, tool.writes), auth, tool.writes);
    if (!denial) return undefined;
    // The header's challenge follows RFC 6750 §3.1: no `error` when no token was sent.
    const challenge = resource?.challenge(denial.challenge) ?? "";
    const result = answer({ ...denial.error, ...(requestId ? { request_id: requestId } : {}) });
    // The tool-level challenge, from which ChatGPT starts (or steps up) sign-in: the Apps SDK
    // wants "both an `error` and `error_description` parameter" in it.
    if (resource) {
      const inResult = resource.challenge({
        ...denial.challenge,
        error: denial.challenge.error ?? "invalid_request",
        description: denial.error.message,
      });
      result._meta = { ...result._meta, [WWW_AUTHENTICATE_META]: [inResult] };
    }
    return { status: denial.status, challenge, result };
  }

  /**
   * A confirmed commit called with no proof at all: what a model's own call looks like. It is
   * answered CONFIRMATION_REQUIRED before anything else (sign-in, arguments), so every caller
   * gets the same one piece of advice. A `recordFirst` commit from a verified caller still
   * reaches its record (a replay, the finish of an in-doubt write), as with a stale proof —
   * when its arguments can name one: otherwise `run` refuses it before their validation.
   */
  function unproven(name: string, args: unknown, auth: RequestAuth): boolean {
    if (!plan.commits.has(name)) return false;
    const rule = byName.get(name)?.confirm;
    if (typeof rule === "object" && rule.recordFirst === true && auth.state === "verified")
      return false;
    return !carriesProof(isRecord(args) ? args[CONFIRMATION_ARGUMENT] : undefined);
  }

  function requestAuth(origin: CallOrigin): RequestAuth {
    if (origin.refused) return { state: "refused" };
    return origin.principal
      ? { state: "verified", principal: origin.principal }
      : { state: "anonymous" };
  }

  /**
   * A call of a checkout tool: refused without the person's proof (the session tool) or a
   * verified caller, in the sheet's answer shape; else the kit's tool runs.
   */
  async function runCheckout(
    tool: CheckoutTool,
    args: unknown,
    origin: CallOrigin,
  ): Promise<CallToolResult> {
    const name = tool.listed.name;
    const requestId = (options.requestId ?? newRequestId)();
    if (unproven(name, args, requestAuth(origin))) {
      log.info("tool_confirmation_refused", { request_id: requestId, tool: name });
      return tool.failure(confirmationRequired(requestId), requestId);
    }
    const refused = refuse(
      checkoutAccess,
      requestAuth(origin),
      (error) => tool.failure(error, requestId),
      requestId,
    );
    if (refused) {
      log.info("tool_refused", { request_id: requestId, tool: name, status: refused.status });
      return refused.result;
    }
    const principal = origin.refused ? undefined : origin.principal;
    const caller = callerScope(principal);
    const proof = isRecord(args) ? args[CONFIRMATION_ARGUMENT] : undefined;
    // As for a commit: a draft prepared before the person signed in carries the anonymous
    // scope's proof.
    const genuine = (draftId: string) =>
      proofs !== undefined &&
      (proofs.verify(proof, draftId, caller) || proofs.verify(proof, draftId, ANONYMOUS_CALLER));
    const signal = origin.signal ?? new AbortController().signal;
    const context = { requestId, caller, principal, log, signal, auth: origin.auth };
    return tool.run(args, context, genuine);
  }

  /** The CONFIRMATION_REQUIRED refusal of a call, logged. */
  function confirmationRefusal(call: Pick<Call, "tool" | "requestId">): CallToolResult {
    log.info("tool_confirmation_refused", { request_id: call.requestId, tool: call.tool.name });
    return fail(call.tool, confirmationRequired(call.requestId));
  }

  /** The commit's confirmation form, when this call's client can show it. */
  function formOf(tool: ToolDefinition<unknown>, origin: RunOrigin): ConfirmForm | undefined {
    const form = confirmFormOf(tool) ?? ruleFormOf(tool);
    return forms && plan.commits.has(tool.name) && formApplies(form, origin.input)
      ? form
      : undefined;
  }

  async function run(name: string, args: unknown, origin: RunOrigin): Promise<CallResult> {
    const kitTool = checkout.get(name);
    if (kitTool) return runCheckout(kitTool, args, origin);
    const tool = byName.get(name);
    if (!tool)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Unknown tool: this server has no tool of that name; call one of the tools you were given.",
      );
    const requestId = (options.requestId ?? newRequestId)();
    // A client that shows the confirmation form gets it only once it is signed in: the
    // sign-in comes first then, as for any write.
    const form = formOf(tool, origin);
    if (!form && unproven(name, args, requestAuth(origin)))
      return confirmationRefusal({ tool, requestId });
    const refused = refuse(tool, requestAuth(origin), (error) => fail(tool, error), requestId);
    if (refused) {
      log.info("tool_refused", { request_id: requestId, tool: name, status: refused.status });
      return refused.result;
    }
    const principal = origin.refused ? undefined : origin.principal;
    const call: Call = { tool, origin, requestId, caller: callerScope(principal), principal };
    // The proof is the kit's, not the app's: taken out before the app's schema sees the
    // arguments, so it is never validated, fingerprinted or handed to the handler.
    const confirmed = plan.commits.has(name);
    let proof: unknown;
    let appArgs: unknown = args ?? {};
    if (confirmed && isRecord(appArgs))
      ({ [CONFIRMATION_ARGUMENT]: proof, ...appArgs } = appArgs as { [key: string]: unknown });
    const validated = validateArguments(tool.arguments, appArgs);
    if (!validated.ok) {
      // No proof, and arguments no record can be of: a `recordFirst` commit's record cannot
      // answer, so the confirmation comes first for the signed-in caller too — never a request
      // for an `idempotency_key` that would lead to the refusal anyway.
      if (confirmed && !carriesProof(proof) && !form) return confirmationRefusal(call);
      return invalid(call, validated.fieldErrors);
    }
    if (!confirmed) return execute(call, validated.value, undefined);
    return confirm(call, validated.value, proof, form);
  }

  /** The VALIDATION_FAILED answer of a call's arguments, logged by field. */
  function invalid(call: Call, fieldErrors: FieldError[]): CallToolResult {
    const { tool, requestId } = call;
    log.info("tool_invalid_arguments", {
      request_id: requestId,
      tool: tool.name,
      fields: fieldErrors.map((e) => e.field).slice(0, 20),
    });
    return fail(tool, {
      code: VALIDATION_FAILED,
      message: validationMessage(fieldErrors, declaredByTool.get(tool.name) ?? new Set()),
      retryable: false,
      next_action: NEXT_ACTIONS.fixFields,
      request_id: requestId,
      field_errors: fieldErrors,
      ...(tool.writes ? { changes: "none" as const } : {}),
    });
  }

  /**
   * A confirmed commit's gate: the widget's proof, else the client's confirmation form, else
   * (a `recordFirst` commit) only its record's answer, else the refusal.
   */
  async function confirm(
    call: Call,
    args: unknown,
    proof: unknown,
    form: ConfirmForm | undefined,
  ): Promise<CallResult> {
    const draftId = (args as { draft_id?: unknown }).draft_id;
    // A draft prepared before the person signed in carries the anonymous scope's proof: the
    // sign-in the commit asks for must not strand it. A signed-in person's proof is theirs.
    const genuine =
      typeof draftId === "string" &&
      proofs !== undefined &&
      (proofs.verify(proof, draftId, call.caller) ||
        proofs.verify(proof, draftId, ANONYMOUS_CALLER));
    if (genuine) return execute(call, args, undefined);
    if (form && forms && typeof draftId === "string" && !carriesProof(proof)) {
      const formCall = { caller: call.caller, tool: call.tool.name, draftId, args };
      const step = await forms
        .step(form, formCall, call.origin.input!, call.requestId)
        // The draft's read or the state's spend failed (a store outage): nothing ran yet.
        .catch((thrown: unknown) => ({
          step: "refused" as const,
          error: toToolError(thrown, {
            requestId: call.requestId,
            log,
            tool: call.tool.name,
            changes: "none",
          }),
        }));
      log.info("tool_confirmation_form", {
        request_id: call.requestId,
        tool: call.tool.name,
        step: step.step === "refused" ? step.error.code : step.step,
      });
      if (step.step === "ask") return step.result;
      if (step.step === "refused") return fail(call.tool, step.error);
      return execute(call, args, undefined);
    }
    // Without a valid proof, a `recordFirst` commit's record may still answer (a replay, the
    // finish of an in-doubt record): its handler runs under that rule, and any other answer
    // is the refusal. Every other commit is refused here, before its handler.
    const rule = call.tool.confirm;
    if (typeof rule === "object" && rule.recordFirst === true)
      return execute(call, args, { admitted: false });
    return confirmationRefusal(call);
  }

  /** Runs the handler (under `unconfirmed`'s rule when given) and answers its outcome. */
  async function execute(
    call: Call,
    args: unknown,
    unconfirmed: UnconfirmedCall | undefined,
  ): Promise<CallToolResult> {
    const { tool, requestId, caller, principal, origin } = call;
    const started = performance.now();
    const signal = origin.signal ?? new AbortController().signal;
    try {
      const context = { requestId, caller, principal, log, signal, auth: origin.auth };
      const outcome = unconfirmed
        ? await runUnconfirmed(unconfirmed, () => tool.handler(args, context))
        : await tool.handler(args, context);
      if (unconfirmed && !unconfirmed.admitted) return confirmationRefusal(call);
      log.info("tool_call", {
        request_id: requestId,
        tool: tool.name,
        ok: outcome.ok,
        ms: Math.round(performance.now() - started),
      });
      if (outcome.ok) return succeed(call, outcome);
      return fail(
        tool,
        { ...outcome.error, request_id: outcome.error.request_id ?? requestId },
        outcome.extra,
      );
    } catch (thrown) {
      if (unconfirmed && !unconfirmed.admitted) return confirmationRefusal(call);
      // A crash in a write tool may have happened after the side effect.
      return fail(
        tool,
        toToolError(thrown, {
          requestId,
          log,
          tool: tool.name,
          ...(tool.writes ? { changes: "unknown" as const } : {}),
        }),
      );
    }
  }

  /**
   * A success result: a prepare tool's carries the widget's proof in `_meta` and tells the
   * model, in what it reads, that nothing happened yet, until when, and how the person
   * confirms in this client.
   */
  function succeed(call: Call, outcome: Extract<ToolOutcome, { ok: true }>): CallToolResult {
    const draftEntry = plan.prepares.get(call.tool.name);
    const drafted = draftEntry === undefined ? undefined : draftIdOf(outcome.data, draftEntry);
    const proof = drafted !== undefined && proofs ? proofs.issue(drafted, call.caller) : undefined;
    const status =
      proof && draftEntry !== undefined
        ? awaitingConfirmation(outcome.data, outcome.data[draftEntry], confirmedHere(call))
        : undefined;
    const data = status ? { ...outcome.data, [AWAITING_CONFIRMATION]: status } : outcome.data;
    const result = successResult(contractVersion, call.tool.kind, data, outcome.text);
    // The widget-only lane: hosts hand a result's `_meta` to the widget, not the model.
    const widgetOnly = outcome.widgetOnly;
    if (proof || widgetOnly)
      result._meta = {
        ...(proof ? { [CONFIRMATION_META]: proof } : {}),
        ...(widgetOnly ? { [WIDGET_ONLY_META]: widgetOnly } : {}),
      };
    // With a payment sheet, every result names its session tool there: the widget pays on
    // the sheet because the server has one, never because some other call failed.
    if (sheet) result._meta = { ...result._meta, [SHEET_META]: sheet.sessionTool.name };
    return result;
  }

  /**
   * How the person confirms a prepare tool's draft in this call's client: in the form, when
   * the client shows forms and not the widget and the commit has one; else in the widget.
   */
  function confirmedHere(call: Call): ConfirmedBy {
    const commit = commitOf.get(call.tool.name);
    const input = call.origin.input;
    if (!commit || input?.widgets === true || !formOf(commit, call.origin)) return { by: "widget" };
    return { by: "form", commit: commit.name };
  }

  return {
    run,
    refusal(name: string, auth: RequestAuth, args?: unknown): RefusedCall | undefined {
      if (unproven(name, args, auth)) return undefined;
      const kitTool = checkout.get(name);
      if (kitTool) return refuse(checkoutAccess, auth, (error) => kitTool.failure(error, ""));
      const tool = byName.get(name);
      return tool ? refuse(tool, auth, (error) => fail(tool, error)) : undefined;
    },
    useResource(named: ProtectedResource) {
      resource = named;
    },
  };
}
