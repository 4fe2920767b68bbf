/**
 * The local host's model side lists and runs only what hosts let a model call; the widget's
 * side only what an app may call — from the same `tools/list` entries the kit's server writes.
 */
import type { Tool } from "@modelcontextprotocol/client";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { mayCall, refusalOf } from "../../src/devhost/page/tool-visibility.ts";
import { createToolServer, silentLogger } from "../../src/server/index.ts";
import { things } from "../support/thing-contract.ts";

const tool = (meta?: { [key: string]: unknown }): Tool =>
  ({ name: "t", inputSchema: { type: "object" }, ...(meta ? { _meta: meta } : {}) }) as Tool;

describe("who may call a tool on the local host", () => {
  it("lets both sides call a tool that says nothing", () => {
    expect(mayCall(tool(), "model")).toBe(true);
    expect(mayCall(tool(), "app")).toBe(true);
    expect(mayCall(tool({ ui: { resourceUri: "ui://w" } }), "model")).toBe(true);
  });

  it("keeps an app-only tool from the model, in either host's form, and lets the app call it", () => {
    for (const meta of [{ ui: { visibility: ["app"] } }, { "openai/visibility": "private" }]) {
      expect(mayCall(tool(meta), "model")).toBe(false);
      expect(mayCall(tool(meta), "app")).toBe(true);
    }
  });

  it("keeps a model-only tool from the app", () => {
    expect(mayCall(tool({ ui: { visibility: ["model"] } }), "app")).toBe(false);
    expect(mayCall(tool({ ui: { visibility: ["model"] } }), "model")).toBe(true);
  });

  it("reads the kit's own tools/list: a confirmed commit is the app's, its prepare both sides'", () => {
    const base = {
      description: "x",
      annotations: {},
      kind: "thing",
      outputSchema: { type: "object" },
      handler: async () => ({ ok: true as const, data: {}, text: "" }),
    };
    const [prepare, commit] = createToolServer({
      info: { name: "t", version: "1" },
      contract: things,
      log: silentLogger,
      tools: [
        {
          ...base,
          name: "prep",
          kind: "thing_draft",
          arguments: { schema: v.strictObject({}), repair: () => ({}) },
        },
        {
          ...base,
          name: "commit",
          writes: true,
          confirm: { prepare: "prep" },
          arguments: { schema: v.strictObject({ draft_id: v.string() }), repair: () => ({}) },
        },
      ],
    }).listTools() as Tool[];
    expect([mayCall(prepare!, "model"), mayCall(prepare!, "app")]).toEqual([true, true]);
    expect([mayCall(commit!, "model"), mayCall(commit!, "app")]).toEqual([false, true]);
  });

  it("says why, naming only the tool", () => {
    expect(refusalOf("book_flight", "model")).toMatch(/^book_flight is app-only/);
  });
});
