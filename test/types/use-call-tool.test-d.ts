/**
 * Type tests of `useCallTool` (vitest typecheck, part of `npm test`): a call never rejects,
 * and its outcome narrows by `ok` to a normalised result or a ToolError.
 */
import { describe, expectTypeOf, it } from "vitest";
import { useCallTool, type CallOutcome, type CallToolResult } from "mcp-widget-kit";
import {
  defineContract,
  listKind,
  text,
  type ToolError,
  type ToolRef,
} from "mcp-widget-kit/contract";

declare const outcome: CallOutcome;
declare const suggest: ToolRef<"suggest", { readonly [key: string]: unknown }, unknown>;

describe("useCallTool", () => {
  it("takes a tool handle, not a bare name", () => {
    // @ts-expect-error a name alone has no arguments' or result's type: use toolRefs
    useCallTool("suggest");
  });

  it("takes a tool handle and returns call, status, result, error and reset", () => {
    const tool = useCallTool(suggest);
    expectTypeOf(tool.call).returns.toEqualTypeOf<Promise<CallOutcome>>();
    expectTypeOf(tool.status).toEqualTypeOf<"idle" | "pending" | "success" | "error">();
    expectTypeOf(tool.result).toEqualTypeOf<CallToolResult | undefined>();
    expectTypeOf(tool.error).toEqualTypeOf<ToolError | undefined>();
    expectTypeOf(tool.reset).toEqualTypeOf<() => void>();
  });

  it("takes the tool's arguments as an object", () => {
    const tool = useCallTool(suggest);
    expectTypeOf(tool.call).toBeCallableWith({ query: "socks", limit: 3 });
    // @ts-expect-error arguments are an object, not a string
    void tool.call("socks");
  });

  it("narrows the outcome by ok", () => {
    if (outcome.ok) {
      expectTypeOf(outcome.result).toEqualTypeOf<CallToolResult>();
      // Untrusted until a contract parses it.
      expectTypeOf(outcome.result.structuredContent).toEqualTypeOf<unknown>();
      expectTypeOf(outcome.result.isError).toEqualTypeOf<boolean>();
      // @ts-expect-error a successful call has no error
      void outcome.error;
    } else {
      expectTypeOf(outcome.error).toEqualTypeOf<ToolError>();
    }
  });

  it("a result's structuredContent goes through the contract to get its view", () => {
    const contract = defineContract({
      kinds: { words: listKind({ items: "words", item: text() }) },
    });
    if (!outcome.ok) return;
    const view = contract.parse(outcome.result.structuredContent);
    if (view.state === "results") expectTypeOf(view.items).toEqualTypeOf<string[]>();
  });
});
