/**
 * The full wire envelope of one kind — success and failure — as a valibot schema, for the
 * JSON Schema converter (`contractJsonSchema()`, server and build entries). Apart from
 * `defineContract()` so the widget, which only parses, never bundles it.
 */
import * as v from "valibot";
import type { Contract } from "./define-contract.ts";
import { successEntries, type KindDefinition } from "./kinds.ts";
import { FieldErrorSchema, ToolErrorSchema } from "./schemas.ts";

/**
 * The wire ToolError for JSON Schema output: ToolErrorSchema reads `field_errors` as
 * `unknown[]` so it can drop bad entries, which would otherwise hide the item type. Here, not
 * beside ToolErrorSchema and built on call: a module-level `{ ...entries }` stays in any bundle.
 */
function toolErrorWireSchema() {
  return v.object({
    ...ToolErrorSchema.entries,
    retry_after_seconds: v.optional(v.pipe(v.number(), v.minValue(0))),
    field_errors: v.optional(v.array(FieldErrorSchema)),
  });
}

/** The wire schema of `kind` in `contract`: `{ contract_version, kind, ok: true, ...data } | { ..., ok: false, error }`. */
export function envelopeSchema<Kinds extends Record<string, KindDefinition>>(
  contract: Contract<Kinds>,
  kind: keyof Kinds & string,
): v.GenericSchema {
  const definition = Object.hasOwn(contract.kinds, kind) ? contract.kinds[kind] : undefined;
  if (!definition) throw new TypeError(`Unknown kind "${kind}"`);
  const head = {
    contract_version: v.pipe(v.string(), v.regex(/^\d+\.\d+$/)),
    kind: v.literal(kind),
  };
  return v.union([
    v.object({ ...head, ok: v.literal(true), ...successEntries(definition) }),
    v.object({ ...head, ok: v.literal(false), error: toolErrorWireSchema() }),
  ]);
}
