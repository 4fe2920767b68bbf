/**
 * A server's tools called as its widget calls them, in a test: a prepare result's proof (the
 * widget-only `_meta` lane) is kept by its draft id and sent back as the commit's
 * `confirmation`, as the write flow does, so a test drives prepare → commit without copying
 * the kit's wire names. Only types of the tool server are named (structurally): this module
 * imports nothing from the server side and nothing from Node.
 */
import { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "../contract/confirmation.ts";
import type { RecordedResult } from "./tool-caller.ts";

/** What {@link callAsWidget} gives back. */
type WidgetCaller<V, O> = ReturnType<typeof callAsWidget<V, O>>;

/** The draft id of a prepare result: its one entry with a `draft_id`, whatever it is called. */
function draftIdOf(structuredContent: unknown): string | undefined {
  if (typeof structuredContent !== "object" || structuredContent === null) return undefined;
  const ids = Object.values(structuredContent)
    .map((entry) => (entry as { draft_id?: unknown } | null)?.draft_id)
    .filter((id): id is string => typeof id === "string");
  return ids.length === 1 ? ids[0] : undefined;
}

function proofOf(meta: unknown): string | undefined {
  const proof = (meta as { readonly [key: string]: unknown } | null | undefined)?.[
    CONFIRMATION_META
  ];
  return typeof proof === "string" ? proof : undefined;
}

/**
 * Calls `tools` as the widget does: a commit tool (its input schema takes `confirmation`) gets
 * the proof of its `draft_id` — the one the prepare result carried, or `options.sign`'s —
 * unless the arguments bring their own. Everything else goes as given.
 *
 * @param tools - The app's tool server (`createToolServer`'s, or any with `callTool` and
 *   `listTools`); no HTTP in between.
 * @returns `call`, the call's whole result, and `view`, the result as the widget shows it (the
 *   contract's parse of `structuredContent`). A call's `origin` defaults to `options.origin`.
 */
export function callAsWidget<V, O>(
  tools: {
    /** Runs one tool for `origin` (who calls) and returns its result. */
    callTool(name: string, args: unknown, origin?: O): Promise<RecordedResult>;
    /** The server's tools; a commit tool's input schema has a `confirmation` property. */
    listTools(): ReadonlyArray<{ readonly name: string; readonly inputSchema?: unknown }>;
  },
  options: {
    /** The contract's `parse`: `view` answers what the widget would show. */
    parse(structuredContent: unknown, meta?: unknown): V;
    /** Who calls when a call names nobody (`{ principal }`, as the HTTP layer verified it). */
    readonly origin?: O;
    /**
     * Signs every commit's proof itself, for the call's caller, instead of sending the one the
     * prepare result carried: a test that commits ids written by hand, or another person's, e.g.
     * `(id, origin) => signer.issue(id, callerScope(origin?.principal))`.
     */
    sign?(draftId: string, origin: O | undefined): string | undefined;
  },
): {
  /** Calls `tool` as the widget does and returns the whole result. */
  call(
    tool: string,
    args: { readonly [key: string]: unknown },
    origin?: O,
  ): Promise<RecordedResult>;
  /** Calls `tool` as the widget does and returns what the widget shows: the contract's parse. */
  view(tool: string, args: { readonly [key: string]: unknown }, origin?: O): Promise<V>;
} {
  const commits = new Set(
    tools
      .listTools()
      .filter((tool) => {
        const properties = (tool.inputSchema as { properties?: object } | undefined)?.properties;
        return properties !== undefined && CONFIRMATION_ARGUMENT in properties;
      })
      .map((tool) => tool.name),
  );
  const proofs = new Map<string, string>();
  const call: WidgetCaller<V, O>["call"] = async (tool, args, origin = options.origin) => {
    let sent: { readonly [key: string]: unknown } = args;
    const draftId = args.draft_id;
    if (commits.has(tool) && typeof draftId === "string" && !(CONFIRMATION_ARGUMENT in args)) {
      const proof = options.sign ? options.sign(draftId, origin) : proofs.get(draftId);
      if (proof !== undefined) sent = { ...args, [CONFIRMATION_ARGUMENT]: proof };
    }
    const result = await tools.callTool(tool, sent, origin);
    const drafted = draftIdOf(result.structuredContent);
    const proof = proofOf(result._meta);
    if (drafted !== undefined && proof !== undefined) proofs.set(drafted, proof);
    return result;
  };
  return {
    call,
    view: async (tool, args, origin) => {
      const result = await call(tool, args, origin);
      // With its `_meta`, as the widget gets it: a record's widget-only fields are read too.
      return options.parse(result.structuredContent, result._meta);
    },
  };
}
