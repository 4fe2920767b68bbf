import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/build/contract-check.ts";
import { diffContractSchemas } from "../../src/build/contract-diff.ts";
import {
  contractJsonSchema,
  type ContractJsonSchema,
  type JsonSchema,
} from "../../src/contract/json-schema.ts";
import { shop } from "../support/shop-contract.ts";

/** A one-kind contract whose success variant has `properties` and `required`. */
function contract(
  version: string,
  properties: Record<string, JsonSchema>,
  required: string[],
  extraKinds: Record<string, JsonSchema> = {},
): ContractJsonSchema {
  return {
    contract_version: version,
    kinds: {
      list: {
        type: "object",
        anyOf: [
          {
            type: "object",
            properties: { ok: { const: true }, ...properties },
            required: ["ok", ...required],
          },
          {
            type: "object",
            properties: { ok: { const: false }, error: { type: "string" } },
            required: ["ok", "error"],
          },
        ],
      },
      ...extraKinds,
    },
  };
}

const item = {
  type: "object",
  properties: { id: { type: "string" }, title: { type: "string" } },
  required: ["id"],
};
const base = contract(
  "1.0",
  { items: { type: "array", items: item }, status: { enum: ["a", "b"], type: "string" } },
  ["items"],
);

function severities(after: ContractJsonSchema) {
  return diffContractSchemas(base, after).map((c) => `${c.severity} ${c.path}: ${c.message}`);
}

describe("diffContractSchemas", () => {
  it("finds no change between identical schemas", () => {
    expect(diffContractSchemas(base, structuredClone(base))).toEqual([]);
  });

  it("a renamed field (items → results) is breaking and hints at the rename", () => {
    const after = contract(
      "1.0",
      { results: { type: "array", items: item }, status: { enum: ["a", "b"], type: "string" } },
      ["results"],
    );
    const changes = severities(after);
    expect(changes).toContain(
      "breaking list{ok=true}.items: removed field `items` (renamed to `results`?)",
    );
    expect(changes).toContain(
      "breaking list{ok=true}.results: new required field `results` (servers built on the lock do not send it)",
    );
  });

  it("a removed optional field is breaking", () => {
    const after = contract("1.0", { items: { type: "array", items: item } }, ["items"]);
    expect(severities(after)).toEqual(["breaking list{ok=true}.status: removed field `status`"]);
  });

  it("a new optional field is compatible, also deep inside array items", () => {
    const richer = { ...item, properties: { ...item.properties, note: { type: "string" } } };
    const after = contract(
      "1.0",
      { items: { type: "array", items: richer }, status: { enum: ["a", "b"], type: "string" } },
      ["items"],
    );
    expect(severities(after)).toEqual([
      "compatible list{ok=true}.items[].note: new optional field `note`",
    ]);
  });

  it("a type change is breaking", () => {
    const after = contract(
      "1.0",
      { items: { type: "array", items: item }, status: { type: "number" } },
      ["items"],
    );
    expect(severities(after)).toContain(
      'breaking list{ok=true}.status: no longer limited to ["a","b"]',
    );
    expect(severities(after)).toContain(
      "breaking list{ok=true}.status: type changed from string to number",
    );
  });

  it("optional → required is breaking, and so is required → optional", () => {
    const tightened = { ...item, required: ["id", "title"] };
    const loosened = { ...item, required: [] };
    const withItem = (i: JsonSchema) =>
      contract(
        "1.0",
        { items: { type: "array", items: i }, status: { enum: ["a", "b"], type: "string" } },
        ["items"],
      );
    expect(severities(withItem(tightened))).toEqual([
      "breaking list{ok=true}.items[].title: optional → required",
    ]);
    expect(severities(withItem(loosened))).toEqual([
      "breaking list{ok=true}.items[].id: required → optional (cached widgets rely on it)",
    ]);
  });

  it("a removed enum value is breaking; a new one is compatible", () => {
    const removed = contract(
      "1.0",
      { items: { type: "array", items: item }, status: { enum: ["a"], type: "string" } },
      ["items"],
    );
    const added = contract(
      "1.0",
      { items: { type: "array", items: item }, status: { enum: ["a", "b", "c"], type: "string" } },
      ["items"],
    );
    expect(severities(removed)).toEqual(['breaking list{ok=true}.status: removed enum value "b"']);
    expect(severities(added)).toEqual(['compatible list{ok=true}.status: new enum value "c"']);
  });

  it("a new kind is compatible; a removed kind is breaking", () => {
    const withKind = contract(
      "1.0",
      { items: { type: "array", items: item }, status: { enum: ["a", "b"], type: "string" } },
      ["items"],
      { other: { type: "object" } },
    );
    expect(diffContractSchemas(base, withKind)).toEqual([
      { severity: "compatible", path: "other", message: "new kind `other`" },
    ]);
    expect(diffContractSchemas(withKind, base)).toEqual([
      { severity: "breaking", path: "other", message: "removed kind `other`" },
    ]);
  });

  it("a changed constraint is breaking (the cached widget validates with the old one)", () => {
    const after = contract(
      "1.0",
      {
        items: { type: "array", items: item, maxItems: 10 },
        status: { enum: ["a", "b"], type: "string" },
      },
      ["items"],
    );
    expect(severities(after)).toEqual([
      "breaking list{ok=true}.items: maxItems changed from undefined to 10",
    ]);
  });

  it("a removed union variant is breaking", () => {
    const after = structuredClone(base);
    (after.kinds.list as { anyOf: JsonSchema[] }).anyOf.pop();
    expect(severities(after)).toEqual(["breaking list{ok=false}: removed variant"]);
  });

  it("catches `products` → `results` on a schema derived from a real contract", () => {
    const lock = contractJsonSchema(shop);
    const renamed = JSON.parse(
      JSON.stringify(lock).replaceAll('"products"', '"results"'),
    ) as ContractJsonSchema;
    const breaking = diffContractSchemas(lock, renamed).filter((c) => c.severity === "breaking");
    expect(breaking.map((c) => c.path)).toContain("product_list{ok=true}.products");
  });
});

describe("checkContract", () => {
  const breakingChange = contract("1.1", { items: { type: "array", items: item } }, ["items"]);
  const compatibleChange = (version: string) =>
    contract(
      version,
      {
        items: { type: "array", items: item },
        status: { enum: ["a", "b"], type: "string" },
        note: { type: "string" },
      },
      ["items"],
    );

  it("passes an unchanged schema at the same version", () => {
    expect(checkContract(base, structuredClone(base))).toMatchObject({ ok: true, errors: [] });
  });

  it("fails a breaking change without a major bump, naming each change", () => {
    const result = checkContract(base, breakingChange);
    expect(result.ok).toBe(false);
    expect(result.errors[0]).toContain(
      "1 breaking change(s) need a major version bump (lock 1.0 → current 1.1)",
    );
    expect(result.errors[0]).toContain("list{ok=true}.status: removed field `status`");
    expect(result.errors[0]).toContain('defineContract({ version: "2.0"');
    expect(result.errors[0]).toContain("npm run contract:lock");
  });

  it("passes a breaking change with a major bump", () => {
    expect(checkContract(base, { ...breakingChange, contract_version: "2.0" }).ok).toBe(true);
  });

  it("fails a compatible change without a minor bump and passes it with one", () => {
    const same = checkContract(base, compatibleChange("1.0"));
    expect(same.ok).toBe(false);
    expect(same.errors[0]).toContain("need a minor version bump");
    expect(same.errors[0]).toContain("new optional field `note`");
    expect(same.errors[0]).toContain('defineContract({ version: "1.1"');
    expect(checkContract(base, compatibleChange("1.1")).ok).toBe(true);
  });

  it("fails a version that goes backwards or is malformed", () => {
    expect(checkContract({ ...base, contract_version: "1.2" }, base).errors[0]).toContain(
      "went backwards",
    );
    expect(checkContract(base, { ...base, contract_version: "v1" }).errors[0]).toContain(
      '"MAJOR.MINOR"',
    );
  });
});
