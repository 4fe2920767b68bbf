/**
 * JSON Schema of a contract, for MCP `outputSchema` and `dist/contract.json`. Lives apart
 * from `defineContract()` so the converter never ships in the widget bundle.
 */
import { toJsonSchema } from "@valibot/to-json-schema";
import type { Contract } from "./define-contract.ts";
import type { KindDefinition } from "./kinds.ts";
import { envelopeSchema } from "./envelope-schema.ts";
import { isHttpsUrlCheck, isResourceUrlCheck } from "./fields.ts";
import { LOOPBACK_NAME_PATTERN } from "../core/loopback.ts";

/** What `resourceUrl()` accepts, as a JSON Schema pattern: https, or http on a loopback host. */
const RESOURCE_URL_PATTERN = `^(https://|http://(${LOOPBACK_NAME_PATTERN})(:[0-9]{1,5})?([/?#]|$))`;

/** A JSON Schema object (draft-07). */
export type JsonSchema = { [key: string]: unknown };

/** Every kind's JSON Schema, with the contract version it belongs to. */
export interface ContractJsonSchema {
  /** The contract version the schemas describe (`"MAJOR.MINOR"`). */
  contract_version: string;
  /** Each kind's `structuredContent` schema (a draft-07 JSON Schema object), by kind name. */
  kinds: Record<string, { [key: string]: unknown }>;
}

/**
 * The wire schema of one kind. It describes what a server must send (`typeMode: "input"`),
 * before the widget's forgiving transforms. The root is `type: "object"` because MCP
 * requires `outputSchema` to be an object schema.
 */
export function kindJsonSchema<Kinds extends Record<string, KindDefinition>>(
  contract: Contract<Kinds>,
  kind: keyof Kinds & string,
): JsonSchema {
  const schema = toJsonSchema(envelopeSchema(contract, kind), {
    typeMode: "input",
    errorMode: "throw",
    overrideAction: ({ valibotAction, jsonSchema }) => {
      const { requirement } = valibotAction as { requirement?: unknown };
      // Custom checks have no JSON Schema form; the URL checks are scheme patterns.
      if (valibotAction.type === "check")
        return requirement === isHttpsUrlCheck
          ? { ...jsonSchema, pattern: "^https://" }
          : requirement === isResourceUrlCheck
            ? { ...jsonSchema, pattern: RESOURCE_URL_PATTERN }
            : jsonSchema;
      // No `format`: a strict Ajv without a format plugin (what many clients run) refuses to
      // compile an unknown format, and every result would fail to validate. A pattern says
      // the same to every validator.
      if (valibotAction.type === "iso_timestamp" && requirement instanceof RegExp) {
        const { format: _format, ...rest } = jsonSchema;
        return { ...rest, pattern: requirement.source };
      }
      return undefined;
    },
  }) as JsonSchema;
  const { $schema, ...rest } = schema;
  return { $schema, type: "object", ...rest };
}

/** The JSON Schema of every kind in `contract`. */
export function contractJsonSchema<Kinds extends Record<string, KindDefinition>>(
  contract: Contract<Kinds>,
): ContractJsonSchema {
  const kinds: Record<string, JsonSchema> = {};
  for (const kind of Object.keys(contract.kinds).sort())
    kinds[kind] = kindJsonSchema(contract, kind);
  return { contract_version: contract.version, kinds };
}
