/**
 * Server helpers (package entry `./server`): structured tool errors, argument validation
 * with examples, a tool server on the MCP SDK, Streamable HTTP, idempotency stores.
 * Node only — widget code never imports this.
 */
export {
  createJsonLogger,
  silentLogger,
  errorFields,
  type ServerLogger,
  type LogFields,
} from "./log.ts";
export { NEXT_ACTIONS, type KitNextAction } from "./next-action.ts";
export { newRequestId } from "./request-id.ts";
export { ToolFailure, UpstreamProblem, toToolError, type ToolErrorBody } from "./tool-failure.ts";
export { boundToolError, MAX_TOOL_ERROR_CHARS } from "./bound-error.ts";
export {
  validateArguments,
  formatPath,
  type PathKey,
  type ArgumentSpec,
  type RuleProblem,
  type ValidationOutcome,
} from "./validate-arguments.ts";
export { successResult, failureResult, errorText } from "./results.ts";
export { callerScope, ANONYMOUS_CALLER } from "./caller.ts";
export {
  isDevelopment,
  requireProductionSettings,
  requireIdempotencySettings,
  IDEMPOTENCY_TIMING_BOUNDS,
  StartupRefusal,
  type IdempotencySettingNames,
  type ModeEnvironment,
} from "./mode.ts";
export {
  type AccessDenial,
  type AuthenticatedRequest,
  authenticateRequest,
  type Authorization,
  AUTHORIZATION_SETTINGS,
  type AuthorizationOptions,
  type AuthorizationSettings,
  authorizationSettingsFrom,
  bearerAuthentication,
  type BearerAuthenticationOptions,
  type ChallengeOptions,
  createProtectedResource,
  createResourceServer,
  createTokenVerifier,
  decideAccess,
  DEV_TEST_USERS,
  type DevAuthorizationServer,
  type DevAuthorizationServerOptions,
  type DevTestUser,
  effectiveToolAuth,
  hasScopes,
  type JsonWebKeySet,
  type Principal,
  principalOf,
  principalScope,
  type ProtectedResource,
  type ProtectedResourceOptions,
  type RequestAuth,
  type ResourceServer,
  type SecurityScheme,
  securitySchemes,
  startAuthorization,
  startDevAuthorizationServer,
  type TokenVerifier,
  type TokenVerifierOptions,
  type ToolAuth,
  type Verification,
  WWW_AUTHENTICATE_META,
} from "./auth/index.ts";
export {
  createToolServer,
  type ToolServer,
  type ToolServerOptions,
  type ToolDefinition,
  type ToolContext,
  type ToolOutcome,
  type ToolFailureOutcome,
  type ResourceProvider,
  type CallOrigin,
  type RefusedCall,
  type ConnectionIdentity,
} from "./tool-server.ts";
export { idempotentResult } from "./idempotent-result.ts";
export {
  commitArguments,
  IDEMPOTENCY_KEY_PATTERN,
  idempotencyKeySchema,
  runCommit,
  type CommitArguments,
  type RunCommitOptions,
} from "./commit-arguments.ts";
export {
  createConfirmationSigner,
  CONFIRMATION_SECRET_ENV,
  DEFAULT_CONFIRMATION_TTL_MS,
  type ConfirmationOptions,
  type ConfirmationSigner,
  type ConfirmRule,
} from "./confirmation.ts";
export { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "../contract/confirmation.ts";
export { CONFIRMATION_REQUIRED } from "../contract/error-codes.ts";
export { FIELD_CODES, IDEMPOTENCY_CODES } from "../contract/error-codes.ts";
export { widgetToolMeta, type WidgetUris, type ToolStatusTexts } from "./widget-tool-meta.ts";
export {
  widgetResources,
  mcpAppUriFor,
  SKYBRIDGE_MIME_TYPE,
  type WidgetResourcesOptions,
} from "./widget-resources.ts";
export { MCP_APP_MIME_TYPE } from "../core/mcp-app-mime-type.ts";
export { withResourceOrigins } from "../core/widget-csp.ts";
export {
  defineTool,
  type TypedTool,
  type ToolsOf,
  type TypedToolOutcome,
  type TypedToolSpec,
} from "./define-tool.ts";
export type { ToolSignature } from "../contract/tools.ts";
export { serveHttp, type HttpOptions, type HttpEndpoint } from "./http.ts";
export {
  serveApp,
  startApp,
  type AppContext,
  type OpenedApp,
  type RunningApp,
  type ServeAppOptions,
} from "./app/serve-app.ts";
export { originSetting, SERVE_APP_SETTINGS, type AppSettings } from "./app/app-settings.ts";
export { createHealthRoute, HEALTH_PATH } from "./app/health-route.ts";
export {
  createFetchHandler,
  type FetchHandler,
  type FetchHandlerOptions,
  type HttpAuthOutcome,
  type HttpAuthenticate,
} from "./http/fetch-handler.ts";
export { DEFAULT_JSON_LIMITS, type JsonLimits } from "./http/json-limits.ts";
export {
  type Attempt,
  type ClaimHandle,
  type ClaimRequest,
  type ClaimResult,
  createPostgresStore,
  createSqliteStore,
  DEFAULT_IDEMPOTENCY_TIMING,
  type EffectContext,
  fingerprint,
  type IdempotencyStore,
  type IdempotencyTiming,
  type IdempotentOutcome,
  type IdempotentRequest,
  type LocalWrite,
  type PostgresStoreOptions,
  runIdempotent,
  type StoredResponse,
  type InDoubtClaim,
  type InDoubtRequest,
  type InDoubtRecord,
  reconcileInDoubt,
  startReconciler,
  type ReconcileAction,
  type ReconcileCounts,
  type ReconcileOptions,
  type Reconciler,
  type ReconcilerOptions,
} from "./idempotency/index.ts";
export {
  createDraftStore,
  createRateLimiter,
  type DraftLookup,
  type DraftUse,
  localDatabase,
  type LocalDatabase,
  type SqlParams,
  type SqlQueries,
  type DraftStore,
  type DraftStoreOptions,
  type RateDecision,
  type RateLimiter,
  type RateLimiterOptions,
  rateLimitFailure,
  purgeInBatches,
  startRetention,
  type Purge,
  type RetentionOptions,
} from "./stores/index.ts";
export { MissingPeerError } from "../peer-deps/optional-peer.ts";
export {
  contractJsonSchema,
  kindJsonSchema,
  type ContractJsonSchema,
  type JsonSchema,
} from "../contract/json-schema.ts";
export type { Contract } from "../contract/define-contract.ts";
export type { ContractVersion } from "../contract/version.ts";
export type { KindData, KindDefinition, ListKind, RecordKind } from "../contract/kinds.ts";
export type {
  KindDefinitions,
  ParsedResult,
  KindView,
  ResultsView,
  EmptyView,
  RecordView,
  ErrorView,
  InvalidView,
  UnsupportedView,
  ViewBase,
} from "../contract/views.ts";
export { RECORD_STATES, type RecordState } from "../contract/states.ts";
export {
  FieldErrorSchema,
  MoneySchema,
  ToolErrorSchema,
  type ToolError,
  type FieldError,
  type Money,
} from "../contract/schemas.ts";
