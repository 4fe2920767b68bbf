// @vitest-environment jsdom
/**
 * `useCallTool(ref)` with a `toolRefs` handle: the call goes out under the tool's name, and the
 * outcome and the hook carry the result parsed as the tool's kind; a result of another kind
 * from that tool is `invalid`, not passed off as the promised shape.
 */
import type { ReactNode } from "react";
import { act, renderHook } from "@testing-library/react";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  defineContract,
  id,
  listKind,
  recordKind,
  text,
  toolRefs,
} from "../../src/contract/index.ts";
import { HostProvider, useCallTool } from "../../src/hooks/index.ts";
import { createMockHost, type MockHost } from "../../src/testing/index.ts";

const Note = v.object({ id: id(), title: text(100) });
const notes = defineContract({
  kinds: {
    note_list: listKind({ items: "notes", item: Note }),
    note_saved: recordKind({ state: "committed", entries: { note: Note } }),
  },
});
type NoteTools = {
  find_notes: { input: { query: string }; kind: "note_list"; kinds: typeof notes.kinds };
  save_note: { input: { title: string }; kind: "note_saved"; kinds: typeof notes.kinds };
};
const tools = toolRefs<NoteTools>(notes, { find_notes: "note_list", save_note: "note_saved" });
const envelope = (kind: string, data: object) => ({
  contract_version: "1.0",
  kind,
  ok: true,
  ...data,
});

function wrap(host: MockHost) {
  return ({ children }: { children: ReactNode }) => (
    <HostProvider host={host}>{children}</HostProvider>
  );
}

describe("useCallTool with a typed tool", () => {
  it("calls the tool by its name and parses its result as its kind", async () => {
    const host = createMockHost({
      tools: {
        find_notes: ({ query }) => envelope("note_list", { notes: [{ id: "n1", title: query }] }),
      },
    });
    const { result } = renderHook(() => useCallTool(tools.find_notes), { wrapper: wrap(host) });
    let outcome: Awaited<ReturnType<typeof result.current.call>> | undefined;
    await act(async () => {
      outcome = await result.current.call({ query: "milk" });
    });
    expect(host.toolCalls("find_notes")).toHaveLength(1);
    expect(outcome).toMatchObject({
      ok: true,
      view: { state: "results", items: [{ title: "milk" }] },
    });
    expect(result.current.view).toMatchObject({ state: "results", kind: "note_list" });
  });

  it("calls a result of another kind invalid", async () => {
    const host = createMockHost({
      tools: { save_note: () => envelope("note_list", { notes: [{ id: "n1", title: "x" }] }) },
    });
    const { result } = renderHook(() => useCallTool(tools.save_note), { wrapper: wrap(host) });
    let outcome: Awaited<ReturnType<typeof result.current.call>> | undefined;
    await act(async () => {
      outcome = await result.current.call({ title: "x" });
    });
    expect(outcome).toMatchObject({ ok: true, view: { state: "invalid", kind: "note_list" } });
  });

  it("keeps a tool's error result as that tool's error view", async () => {
    const host = createMockHost({
      tools: {
        save_note: () => ({
          contract_version: "1.0",
          kind: "note_saved",
          ok: false,
          error: { code: "RATE_LIMITED", message: "Slow down.", retryable: true },
        }),
      },
    });
    const { result } = renderHook(() => useCallTool(tools.save_note), { wrapper: wrap(host) });
    await act(async () => {
      await result.current.call({ title: "x" });
    });
    expect(result.current.view).toMatchObject({ state: "error", error: { code: "RATE_LIMITED" } });
  });
});

describe("toolRefs", () => {
  it("refuses a kind the contract does not declare (a JavaScript caller has no typecheck)", () => {
    expect(() =>
      toolRefs<NoteTools>(notes, {
        find_notes: "note_list",
        save_note: "note_deleted" as "note_saved",
      }),
    ).toThrow(/declares no kind "note_deleted" \(tool "save_note"\)/);
  });
});
