/**
 * `mcp-widget-kit/server`: what an app author builds an MCP server with — `serveApp` (or
 * `createFetchHandler` for Bun, Deno and Workers, `serveHttp` for a test or a script),
 * `defineTool` on `createToolServer`, structured tool failures, idempotent commits on an
 * SQLite or PostgreSQL store, drafts, rate limits, retention, the reconciler and sign-in.
 * Node only — widget code never imports this. Contract names (`Contract`, `ToolError`,
 * `Money`, the views, `CONFIRMATION_META`, the error codes …) have their home in
 * `mcp-widget-kit/contract`; the kit's internals are imported from their `src/server/*` files
 * by its own tests and scripts.
 */
export { createJsonLogger, silentLogger, type ServerLogger } from "./runtime/log.ts";
export { NEXT_ACTIONS } from "./model-text/next-action.ts";
export { explainEmpty } from "./model-text/empty-reason.ts";
export type { SearchCondition } from "./model-text/search-condition.ts";
export { ToolFailure, UpstreamProblem, toToolError, type ToolErrorBody } from "./tool-failure.ts";
export { callerScope } from "./auth/caller.ts";
export type { ArgumentSpec } from "./validate-arguments/index.ts";
export { StartupRefusal } from "./runtime/mode.ts";
export {
  type AuthorizationSettings,
  createResourceServer,
  type Principal,
  type ToolAuth,
} from "./auth/index.ts";
export {
  createToolServer,
  type ToolServer,
  type ToolDefinition,
  type ToolContext,
  type ToolOutcome,
  type ResourceProvider,
  type CallOrigin,
} from "./tool-server.ts";
export { idempotentResult } from "./write/idempotent-result.ts";
export { commitArguments, runCommit } from "./write/commit-arguments.ts";
export { peekCommit } from "./write/commit-status.ts";
export {
  defineWrite,
  type Write,
  type WriteCapture,
  type WriteDrafts,
  type WriteEffect,
  type WriteResult,
  type WriteSpec,
} from "./write/define-write.ts";
export type { RefusalOptions, WriteValue } from "./write/write-refusals.ts";
export { createConfirmationSigner, type ConfirmationOptions } from "./write/confirmation.ts";
export { widgetToolMeta, type WidgetUris } from "./widget/widget-tool-meta.ts";
export { widgetResources } from "./widget/widget-resources.ts";
export { defineTool, type ToolsOf } from "./define-tool.ts";
export { FileInput } from "./validate-arguments/file-input.ts";
export { serveHttp } from "./http/serve-http.ts";
export { serveApp, type OpenedApp } from "./app/serve-app.ts";
export { appReconciliation } from "./app/app-reconciliation.ts";
export { appToolServer, type AppServerOptions } from "./app/app-tool-server.ts";
export { readSettings, type AppSettings } from "./app/app-settings.ts";
export {
  createFetchHandler,
  type FetchHandlerOptions,
  type HttpAuthenticate,
} from "./http/fetch-handler.ts";
export {
  type Attempt,
  type IdempotentOutcome,
  type InDoubtRecord,
  createPostgresStore,
  type PostgresStoreOptions,
  createSqliteStore,
  guardStore,
  type EffectContext,
  type IdempotencyStore,
  startReconciler,
  type ReconcileOptions,
} from "./idempotency/index.ts";
export {
  createDraftStore,
  createRateLimiter,
  type DraftStore,
  localDatabase,
  type LocalDatabase,
  type SqlQueries,
  type RateLimiter,
  rateLimitFailure,
  startRetention,
} from "./stores/index.ts";
export { MissingPeerError } from "../peer-deps/optional-peer.ts";
export { contractJsonSchema, type ContractJsonSchema } from "../contract/json-schema.ts";
