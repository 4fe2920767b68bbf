/**
 * Arguments to start from when the app gave the page no example for a tool (`mcp-widget-kit dev`
 * serves any app, which names none): built from the tool's `inputSchema`, so the form shows
 * the call's shape — every required field, and every field with a default — instead of `{}`.
 * Values come from the schema itself (default, examples, const, enum, minimum); otherwise a
 * blank of the right type for the developer to fill in. Nothing here is sent on its own.
 */
import { isRecord } from "../../core/is-record.ts";

/** How deep nested objects are filled; a schema deeper than this gets `{}` there. */
const MAX_DEPTH = 4;

/** A starting argument object for a tool whose input schema is `schema` (untrusted). */
export function skeletonArgs(schema: unknown, depth = 0): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (!isRecord(schema) || !isRecord(schema.properties) || depth > MAX_DEPTH) return args;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, property] of Object.entries(schema.properties)) {
    if (required.includes(name) || (isRecord(property) && "default" in property))
      args[name] = sampleValue(property, depth + 1);
  }
  return args;
}

function firstOf(list: unknown): unknown {
  return Array.isArray(list) && list.length > 0 ? list[0] : undefined;
}

/** One field's starting value. */
function sampleValue(property: unknown, depth: number): unknown {
  if (!isRecord(property) || depth > MAX_DEPTH) return null;
  if ("default" in property) return property.default;
  if ("const" in property) return property.const;
  const given = firstOf(property.examples) ?? firstOf(property.enum);
  if (given !== undefined) return given;
  const choices = property.anyOf ?? property.oneOf;
  if (Array.isArray(choices)) {
    const choice = choices.find((c) => isRecord(c) && c.type !== "null") ?? choices[0];
    return sampleValue(choice, depth + 1);
  }
  const types = Array.isArray(property.type) ? property.type : [property.type];
  switch (types.find((type) => type !== "null")) {
    case "string":
      return "";
    case "integer":
    case "number":
      return typeof property.minimum === "number" ? property.minimum : 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return skeletonArgs(property, depth);
    default:
      return null;
  }
}
