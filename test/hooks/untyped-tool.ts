import type { ToolRef } from "../../src/contract/tools.ts";

/**
 * A tool handle with no contract behind it, for tests about the call itself (joining,
 * timeouts, state): any arguments, and the result's `structuredContent` as its view. Apps get
 * their handles from `toolRefs`; `useCallTool` takes nothing else.
 */
export function untypedTool(
  name: string,
): ToolRef<string, { readonly [key: string]: unknown }, unknown> {
  return { name, kind: "", parse: (input) => input };
}
