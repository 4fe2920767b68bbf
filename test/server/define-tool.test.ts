import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { defineContract, id, listKind, text } from "../../src/contract/index.ts";
import { createToolServer, defineTool, silentLogger } from "../../src/server/index.ts";
import { kindJsonSchema } from "../../src/contract/json-schema.ts";

const notes = defineContract({
  kinds: { note_list: listKind({ items: "notes", item: v.object({ id: id(), title: text(80) }) }) },
});
const spec = {
  name: "find_notes",
  description: "Find notes.",
  annotations: { readOnlyHint: true },
  arguments: { schema: v.strictObject({ query: v.string() }), repair: () => ({ query: "" }) },
};

describe("defineTool", () => {
  it("gives the tool its kind and the kind's JSON Schema, and runs its handler", async () => {
    const tool = defineTool(notes, "note_list", {
      ...spec,
      handler: async ({ query }) => ({
        ok: true,
        data: { notes: [{ id: "n1", title: query }] },
        text: "1 note",
      }),
    });
    expect(tool.kind).toBe("note_list");
    expect(tool.outputSchema).toEqual(kindJsonSchema(notes, "note_list"));
    const server = createToolServer({
      info: { name: "notes", version: "1.0.0" },
      contract: notes,
      tools: [tool],
      log: silentLogger,
    });
    const result = await server.callTool("find_notes", { query: "milk" });
    expect(notes.parse(result.structuredContent)).toMatchObject({
      state: "results",
      items: [{ id: "n1", title: "milk" }],
    });
  });

  it("writes the widget's _meta for both hosts from `widget`, under the tool's own meta", () => {
    const tool = defineTool(notes, "note_list", {
      ...spec,
      widget: {
        uris: { skybridge: "ui://widget/notes.html", mcpApp: "ui://widget/notes.mcp-app.html" },
        words: { invoking: "Finding…", invoked: "Found" },
      },
      meta: { "openai/widgetAccessible": false },
      handler: async () => ({ ok: true, data: { notes: [] }, text: "" }),
    });
    expect(tool.meta).toMatchObject({
      "openai/outputTemplate": "ui://widget/notes.html",
      ui: { resourceUri: "ui://widget/notes.mcp-app.html" },
      "openai/toolInvocation/invoking": "Finding…",
      "openai/toolInvocation/invoked": "Found",
      "openai/widgetAccessible": false,
    });
    expect("widget" in tool).toBe(false);
    // Without it, a tool shows no widget and carries no _meta at all.
    const plain = defineTool(notes, "note_list", {
      ...spec,
      handler: async () => ({ ok: true, data: { notes: [] }, text: "" }),
    });
    expect(plain.meta).toBeUndefined();
  });

  it("takes no arguments without `arguments`: `{}` runs, an unknown one is named", async () => {
    const all = defineTool(notes, "note_list", {
      name: "all_notes",
      description: "Every note.",
      handler: async () => ({ ok: true, data: { notes: [] }, text: "No notes." }),
    });
    const server = createToolServer({
      info: { name: "notes", version: "1.0.0" },
      contract: notes,
      tools: [all],
      log: silentLogger,
    });
    expect((await server.callTool("all_notes", {})).structuredContent).toMatchObject({ ok: true });
    const refused = await server.callTool("all_notes", { query: "milk" });
    expect(refused.structuredContent).toMatchObject({
      ok: false,
      error: { code: "VALIDATION_FAILED" },
    });
    expect(JSON.stringify(refused.structuredContent)).toContain("query");
  });

  it("refuses a kind the contract does not declare (a JavaScript caller has no typecheck)", () => {
    expect(() =>
      defineTool(notes, "note_saved" as "note_list", {
        ...spec,
        handler: async () => ({ ok: true, data: { notes: [] }, text: "" }),
      }),
    ).toThrow(/declares no kind "note_saved"/);
  });
});

describe("createToolServer's contract", () => {
  it("stamps the contract's own version on every result, not the kit's", async () => {
    const later = defineContract({ version: "3.2", kinds: notes.kinds });
    const tool = defineTool(later, "note_list", {
      ...spec,
      handler: async () => ({ ok: true, data: { notes: [] }, text: "none" }),
    });
    const server = createToolServer({
      info: { name: "notes", version: "1.0.0" },
      contract: later,
      tools: [tool],
      log: silentLogger,
    });
    const ok = await server.callTool("find_notes", { query: "milk" });
    expect(ok.structuredContent).toMatchObject({ contract_version: "3.2", ok: true });
    const refused = await server.callTool("find_notes", { query: 7 });
    expect(refused.structuredContent).toMatchObject({ contract_version: "3.2", ok: false });
  });

  it("refuses a tool whose kind the contract does not declare, at start", () => {
    const other = defineContract({ kinds: { note_saved: notes.kinds.note_list } });
    const tool = defineTool(other, "note_saved", {
      ...spec,
      handler: async () => ({ ok: true, data: { notes: [] }, text: "" }),
    });
    expect(() =>
      createToolServer({
        info: { name: "notes", version: "1.0.0" },
        contract: notes,
        tools: [tool],
        log: silentLogger,
      }),
    ).toThrow(/Tool "find_notes": the contract declares no kind "note_saved"/);
  });
});
