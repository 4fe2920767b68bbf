/**
 * `mcp-widget-kit/contract`: the framework-free contract an app declares and both sides read —
 * `defineContract`, its kinds and field schemas, the envelope, `ToolError`, `Money`, the views a
 * parsed result turns into, and the DOM states.
 * This entry is the home of these names; the other entries name them in their signatures and
 * an app imports them from here. Text clipping, version negotiation, HTTP status mapping, the
 * wire schemas of `ToolError` and of a whole envelope, the run-time lists of the DOM states and
 * the limits both sides agree on are the kit's own (imported from their `src/contract/*` files).
 */
// Evaluated first, as when this entry exported their constants: the widget bundle keeps its
// module order, and with it its gzip size (bench/build.ts). Nothing of them is exported here.
import "./version.ts";
import "./limits.ts";
export { text, id, httpsUrl, resourceUrl, tolerant, textList, isoDateTime } from "./fields.ts";
export { MoneySchema, type Money, type FieldError, type ToolError } from "./schemas.ts";
export type { DomState, NonRecordState, RecordState } from "./states.ts";
export { defineContract, type Contract, type KindEnvelope } from "./define-contract.ts";
export { listKind, recordKind, type KindDefinition, type KindData } from "./kinds.ts";
export { toolRefs, type ToolInputOf, type ToolRef, type ToolSignature } from "./tools.ts";
export type {
  AnyParsedResult,
  KindView,
  KindDefinitions,
  ParsedResult,
  ResultsView,
  EmptyView,
  RecordView,
  ErrorView,
  InvalidView,
  UnsupportedView,
} from "./views.ts";
// Where ERROR_CODES was exported (no longer public): the module keeps its place in the widget
// bundle's order; without it the en-only widget is 11 B larger (npm run size).
import "./error-codes.ts";
export { CONFIRMATION_META } from "./confirmation.ts";
