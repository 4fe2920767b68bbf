/**
 * `mcp-widget-kit/contract`: the framework-free contract an app declares and both sides read —
 * `defineContract`, its kinds and field schemas, the envelope, `ToolError`, `Money`, the views a
 * parsed result turns into, the DOM states, and every error code the kit writes (`ERROR_CODES`).
 * This entry is the home of these names; the other entries name them in their signatures and
 * an app imports them from here. Text clipping, version negotiation and HTTP status mapping are
 * the kit's own (imported from their `src/contract/*` files).
 */
export { CONTRACT_VERSION, type ContractVersion } from "./version.ts";
export { MAX_RETRY_AFTER_SECONDS } from "./limits.ts";
export { isHttpsUrl, isHttpsOrLoopbackUrl } from "./text.ts";
export { text, id, httpsUrl, resourceUrl, tolerant, textList, isoDateTime } from "./fields.ts";
export {
  MoneySchema,
  FieldErrorSchema,
  ToolErrorSchema,
  CHANGES,
  type Money,
  type FieldError,
  type ToolError,
} from "./schemas.ts";
export {
  DOM_STATES,
  NON_RECORD_STATES,
  RECORD_STATES,
  type DomState,
  type NonRecordState,
  type RecordState,
} from "./states.ts";
export type { Envelope } from "./envelope.ts";
export { envelopeSchema } from "./envelope-schema.ts";
export { defineContract, type Contract, type KindEnvelope } from "./define-contract.ts";
export {
  listKind,
  recordKind,
  type KindDefinition,
  type ListKind,
  type RecordKind,
  type KindData,
} from "./kinds.ts";
export {
  toolRefs,
  type ToolInputOf,
  type ToolRef,
  type ToolRefs,
  type ToolKinds,
  type ToolSignature,
  type ToolSignatures,
  type ToolView,
  type ToolViewOf,
} from "./tools.ts";
export type {
  AnyParsedResult,
  KindView,
  ParsedKindResult,
  ViewBase,
  KindDefinitions,
  ParsedResult,
  ResultsView,
  EmptyView,
  RecordView,
  ErrorView,
  InvalidView,
  UnsupportedView,
} from "./views.ts";
export { fromProblem } from "./problem.ts";
export { ERROR_CODES } from "./error-codes.ts";
export { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "./confirmation.ts";
