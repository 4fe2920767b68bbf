/**
 * The forgiving reader behind `contract.parse()`. Tool outputs are untrusted: this never
 * throws, reads only the keys the contract names (so `__proto__`, getters on unknown keys and
 * deep nesting elsewhere are never touched), and builds fresh objects for the view model.
 */
import * as v from "valibot";
import { ToolErrorSchema } from "./schemas.ts";
import { isCompatible, parseVersion, type ContractVersion } from "./version.ts";
import { clipText } from "./text.ts";
import { tolerant } from "./fields.ts";
import { isRecord } from "../core/is-record.ts";
import { IS_DEV } from "../core/is-dev.ts";
import { WIDGET_ONLY_META, type KindDefinition, type ListKind, type RecordKind } from "./kinds.ts";
import type {
  AnyParsedResult,
  EmptyView,
  InvalidView,
  KindDefinitions,
  ParsedResult,
  ResultsView,
} from "./views.ts";

type Record_ = { readonly [key: string]: unknown };

/*
 * `reason` is for logs, never for the screen. In development it is a sentence naming what is
 * wrong and where; in a production build — the only build a host ever runs — it is only the
 * where: the envelope member or field path (`contract_version`, `kind`, `ok`, `error.code`,
 * `items.price.amount`, `result`), so the widget ships no sentences nobody reads there. Parse
 * the same output in a test (or any Node process not in production) to read the sentence.
 */
function invalid(reason: string, kind?: string): InvalidView {
  return kind === undefined ? { state: "invalid", reason } : { state: "invalid", reason, kind };
}

/** The first valibot issue as `path: message` (production: the path). Values are never included. */
function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "malformed";
  const path = (issue.path ?? []).map((item) => String(item.key)).join(".") || "(root)";
  return IS_DEV ? `${path}: ${issue.expected ? `expected ${issue.expected}` : issue.kind}` : path;
}

// Compiled schemas are cached per kind definition: building them per call would dominate
// the cost of parsing a small result.
type RecordSchema = v.ObjectSchema<v.ObjectEntries, undefined>;
const recordSchemas = new WeakMap<KindDefinition, RecordSchema>();

function recordSchema(definition: RecordKind): RecordSchema {
  let schema = recordSchemas.get(definition);
  if (!schema) {
    // A widget-only field the host dropped, or sent malformed, is left out, never fatal.
    const entries = { ...definition.entries };
    for (const name in definition.widgetOnly)
      entries[name] = tolerant(definition.widgetOnly[name]!);
    schema = v.object(entries);
    recordSchemas.set(definition, schema);
  }
  return schema;
}

type ListData = { readonly [key: string]: unknown };

function parseList(
  definition: ListKind,
  kind: string,
  version: string,
  input: Record_,
): ResultsView<string, unknown, ListData> | EmptyView<string> | InvalidView {
  const raw = input[definition.items];
  if (!Array.isArray(raw))
    return invalid(IS_DEV ? `${definition.items}: expected an array` : definition.items, kind);
  const items: unknown[] = [];
  let firstProblem = "";
  for (const entry of raw) {
    const result = v.safeParse(definition.item, entry);
    if (result.success) items.push(result.output);
    else if (!firstProblem) firstProblem = describe(result.issues);
  }
  const dropped = raw.length - items.length;
  const reasonValue = definition.reason ? input[definition.reason] : undefined;
  const reason =
    typeof reasonValue === "string" && reasonValue.trim() ? clipText(reasonValue) : undefined;
  if (raw.length > 0 && items.length === 0) {
    return invalid(
      IS_DEV
        ? `every item of ${definition.items} is malformed (${raw.length}); first: ${firstProblem}`
        : `${definition.items}.${firstProblem}`,
      kind,
    );
  }
  if (items.length === 0)
    return reason === undefined
      ? { state: "empty", kind, version }
      : { state: "empty", kind, version, reason };
  const data: { [key: string]: unknown } = { [definition.items]: items };
  if (definition.reason !== undefined && reason !== undefined) data[definition.reason] = reason;
  return { state: "results", kind, version, items, dropped, data };
}

function parseUnsafe(
  kinds: KindDefinitions,
  supported: ContractVersion,
  input: unknown,
  meta: unknown,
): AnyParsedResult {
  if (!isRecord(input))
    return invalid(
      IS_DEV
        ? `result is ${input === null ? "null" : `${Array.isArray(input) ? "an array" : typeof input}, not an object`}`
        : "result",
    );
  const rawVersion = input.contract_version;
  const kindValue = typeof input.kind === "string" ? input.kind.slice(0, 64) : undefined;
  if (typeof rawVersion !== "string")
    return invalid(IS_DEV ? "contract_version is missing" : "contract_version", kindValue);
  const seen = parseVersion(rawVersion);
  if (!seen)
    return invalid(IS_DEV ? "contract_version is not MAJOR.MINOR" : "contract_version", kindValue);
  const version = rawVersion;
  if (!isCompatible(seen, supported)) {
    return kindValue === undefined
      ? { state: "unsupported", version }
      : { state: "unsupported", version, kind: kindValue };
  }
  if (kindValue === undefined) return invalid(IS_DEV ? "kind is missing" : "kind");
  const definition = Object.hasOwn(kinds, kindValue) ? kinds[kindValue] : undefined;
  if (!definition) return invalid(IS_DEV ? "kind is not part of this contract" : "kind", kindValue);

  if (input.ok === false) {
    const result = v.safeParse(ToolErrorSchema, input.error);
    if (!result.success) return invalid(`error.${describe(result.issues)}`, kindValue);
    return { state: "error", kind: kindValue, version, error: result.output };
  }
  if (input.ok !== true) return invalid(IS_DEV ? "ok must be true or false" : "ok", kindValue);

  if (definition.view === "list") return parseList(definition, kindValue, version, input);
  // Its widget-only fields come from `_meta`, each tolerated on its own (see recordSchema);
  // what the model reads wins, so `_meta` only adds. (A part that is no object adds only
  // index keys, which the object schema drops.)
  const part = (meta as { [WIDGET_ONLY_META]?: object } | null | undefined)?.[WIDGET_ONLY_META];
  const result = v.safeParse(recordSchema(definition), { ...part, ...input });
  if (!result.success) return invalid(describe(result.issues), kindValue);
  return { state: definition.state, kind: kindValue, version, data: result.output };
}

/**
 * Reads `input` against `kinds`. Any exception (a throwing getter on a hostile host object,
 * a proxy) becomes `invalid`: a widget must never crash on what a tool returned.
 *
 * The body is typechecked against `AnyParsedResult`, member by member (a wrong state or a
 * missing field fails). Callers get their contract's own union: what ties a kind to its data
 * type is the kind's own schema, checked at run time above.
 */
export function parseEnvelope<const Kinds extends KindDefinitions>(
  kinds: Kinds,
  supported: ContractVersion,
  input: unknown,
  meta?: unknown,
): ParsedResult<Kinds>;
export function parseEnvelope(
  kinds: KindDefinitions,
  supported: ContractVersion,
  input: unknown,
  meta?: unknown,
): AnyParsedResult {
  try {
    return parseUnsafe(kinds, supported, input, meta);
  } catch {
    return invalid(IS_DEV ? "result could not be read" : "result");
  }
}
