/** The framework-free contract: envelope, ToolError, Money, defineContract(), parse(). */
export { CONTRACT_VERSION, parseVersion, isCompatible, type ContractVersion } from "./version.ts";
export { MAX_RETRY_AFTER_SECONDS } from "./limits.ts";
export { clipText, isHttpsUrl, isHttpsOrLoopbackUrl, DEFAULT_MAX_TEXT } from "./text.ts";
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
export { fromProblem, isRetryableStatus } from "./problem.ts";
export { CONFIRMATION_REQUIRED, UPSTREAM_BAD_RESPONSE } from "./error-codes.ts";
export { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "./confirmation.ts";
