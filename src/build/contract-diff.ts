/**
 * Compares two contract JSON Schemas the way a cached widget experiences them. The widget
 * HTML is cached when the app is registered, so the old widget keeps reading what new
 * servers send: anything it relied on that goes away or changes shape is breaking; anything
 * it can ignore (a new optional field, a new kind, a new enum value) is compatible.
 */
import type { ContractJsonSchema, JsonSchema } from "../contract/json-schema.ts";
import { isRecord } from "../core/is-record.ts";
import { showJson } from "./show-json.ts";

/** `breaking` needs a major bump; `compatible` a minor one. */
export type ChangeSeverity = "breaking" | "compatible";

/** One difference between the locked and the current contract. */
export interface ContractChange {
  severity: ChangeSeverity;
  /** Where: `kind{discriminator}.field[].field`. */
  path: string;
  message: string;
}

// Keywords whose change alters what is valid. A cached widget validates with the old value
// and servers with the new one, so any change to them is breaking.
const CONSTRAINTS = [
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
] as const;

function isSchema(value: unknown): value is JsonSchema {
  return isRecord(value);
}

function typesOf(schema: JsonSchema): string[] | undefined {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.map(String).sort();
  return undefined;
}

function valuesOf(schema: JsonSchema): unknown[] | undefined {
  if ("const" in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

function requiredOf(schema: JsonSchema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> | undefined {
  return isSchema(schema.properties)
    ? (schema.properties as Record<string, JsonSchema>)
    : undefined;
}

function variantsOf(schema: JsonSchema): JsonSchema[] | undefined {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.filter(isSchema) : undefined;
}

function constsOf(variant: JsonSchema): Array<[string, string]> {
  const props = propertiesOf(variant) ?? {};
  return Object.entries(props)
    .filter(([, s]) => isSchema(s) && "const" in s && typeof s.const !== "object")
    .map(([k, s]) => [k, String((s as { const: unknown }).const)]);
}

/**
 * Names each variant of a union by the `const` properties that tell it apart from its
 * siblings (`{ok=true}`); a const shared by all variants (`kind`) names nothing.
 */
function keyVariants(variants: JsonSchema[]): Map<string, JsonSchema> {
  const consts = variants.map(constsOf);
  const shared = (key: string, value: string) =>
    consts.every((list) => list.some(([k, v]) => k === key && v === value));
  return new Map(
    variants.map((variant, index) => {
      const own = (consts[index] ?? []).filter(([k, v]) => variants.length === 1 || !shared(k, v));
      return [
        own.length ? `{${own.map(([k, v]) => `${k}=${v}`).join(",")}}` : `{#${index}}`,
        variant,
      ];
    }),
  );
}

class Differ {
  readonly changes: ContractChange[] = [];

  private add(severity: ChangeSeverity, path: string, message: string): void {
    this.changes.push({ severity, path, message });
  }

  compare(path: string, before: unknown, after: unknown): void {
    if (!isSchema(before) || !isSchema(after)) {
      if (showJson(before) !== showJson(after))
        this.add("breaking", path, `schema changed from ${showJson(before)} to ${showJson(after)}`);
      return;
    }
    this.compareValues(path, before, after);
    this.compareTypes(path, before, after);
    for (const keyword of CONSTRAINTS) {
      if (showJson(before[keyword]) !== showJson(after[keyword])) {
        this.add(
          "breaking",
          path,
          `${keyword} changed from ${showJson(before[keyword])} to ${showJson(after[keyword])}`,
        );
      }
    }
    this.compareProperties(path, before, after);
    this.compareItems(path, before, after);
    this.compareVariants(path, before, after);
  }

  private compareValues(path: string, before: JsonSchema, after: JsonSchema): void {
    const old = valuesOf(before);
    const now = valuesOf(after);
    if (!old && !now) return;
    if (!old || !now) {
      this.add(
        "breaking",
        path,
        now ? `now limited to ${showJson(now)}` : `no longer limited to ${showJson(old)}`,
      );
      return;
    }
    const has = (list: unknown[], value: unknown) =>
      list.some((v) => showJson(v) === showJson(value));
    for (const value of old)
      if (!has(now, value)) this.add("breaking", path, `removed enum value ${showJson(value)}`);
    for (const value of now)
      if (!has(old, value)) this.add("compatible", path, `new enum value ${showJson(value)}`);
  }

  private compareTypes(path: string, before: JsonSchema, after: JsonSchema): void {
    const old = typesOf(before);
    const now = typesOf(after);
    if (old && now && showJson(old) !== showJson(now))
      this.add("breaking", path, `type changed from ${old.join("|")} to ${now.join("|")}`);
    else if (old && !now && !valuesOf(after))
      this.add("breaking", path, `type ${old.join("|")} is no longer declared`);
  }

  private compareProperties(path: string, before: JsonSchema, after: JsonSchema): void {
    const old = propertiesOf(before);
    const now = propertiesOf(after);
    if (!old && !now) return;
    const oldProps = old ?? {};
    const newProps = now ?? {};
    const oldRequired = requiredOf(before);
    const newRequired = requiredOf(after);
    const removed = Object.keys(oldProps).filter((k) => !(k in newProps));
    const added = Object.keys(newProps).filter((k) => !(k in oldProps));
    for (const key of removed) {
      const hint = added.length
        ? ` (renamed to ${added.map((k) => `\`${k}\``).join(" or ")}?)`
        : "";
      this.add("breaking", `${path}.${key}`, `removed field \`${key}\`${hint}`);
    }
    for (const key of added) {
      if (newRequired.has(key))
        this.add(
          "breaking",
          `${path}.${key}`,
          `new required field \`${key}\` (servers built on the lock do not send it)`,
        );
      else this.add("compatible", `${path}.${key}`, `new optional field \`${key}\``);
    }
    for (const key of Object.keys(oldProps)) {
      if (!(key in newProps)) continue;
      const wasRequired = oldRequired.has(key);
      const isRequired = newRequired.has(key);
      if (!wasRequired && isRequired) this.add("breaking", `${path}.${key}`, `optional → required`);
      if (wasRequired && !isRequired)
        this.add("breaking", `${path}.${key}`, `required → optional (cached widgets rely on it)`);
      this.compare(`${path}.${key}`, oldProps[key], newProps[key]);
    }
  }

  private compareItems(path: string, before: JsonSchema, after: JsonSchema): void {
    if (!("items" in before) && !("items" in after)) return;
    if (!("items" in before) || !("items" in after)) {
      this.add("breaking", `${path}[]`, "array items changed shape");
      return;
    }
    this.compare(`${path}[]`, before.items, after.items);
  }

  private compareVariants(path: string, before: JsonSchema, after: JsonSchema): void {
    const old = variantsOf(before);
    const now = variantsOf(after);
    if (!old && !now) return;
    const oldByKey = keyVariants(old ?? []);
    const newByKey = keyVariants(now ?? []);
    for (const [key, variant] of oldByKey) {
      const match = newByKey.get(key);
      if (match) this.compare(`${path}${key}`, variant, match);
      else this.add("breaking", `${path}${key}`, "removed variant");
    }
    for (const key of newByKey.keys())
      if (!oldByKey.has(key)) this.add("compatible", `${path}${key}`, "new variant");
  }
}

/** Every change from `lock` to `current`, breaking first. */
export function diffContractSchemas(
  lock: ContractJsonSchema,
  current: ContractJsonSchema,
): ContractChange[] {
  const differ = new Differ();
  for (const kind of Object.keys(lock.kinds)) {
    if (!(kind in current.kinds))
      differ.changes.push({
        severity: "breaking",
        path: kind,
        message: `removed kind \`${kind}\``,
      });
    else differ.compare(kind, lock.kinds[kind], current.kinds[kind]);
  }
  for (const kind of Object.keys(current.kinds)) {
    if (!(kind in lock.kinds))
      differ.changes.push({ severity: "compatible", path: kind, message: `new kind \`${kind}\`` });
  }
  const rank = (c: ContractChange) => (c.severity === "breaking" ? 0 : 1);
  return differ.changes.sort((a, b) => rank(a) - rank(b));
}
