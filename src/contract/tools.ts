/**
 * An app's tools as its widget sees them: each tool's name, the arguments it takes and the
 * kind it answers with. The server declares them once (`defineTool` in mcp-widget-kit/server
 * carries them in its type; `ToolsOf` collects them), the app exports that type, and the
 * widget's typed calls (`toolRefs` + `useCallTool`, `useWriteFlow`) accept only those names
 * and arguments and hand back that kind's parsed view. Types only cross from server to
 * widget: `import type` is erased, so no server code reaches the bundle.
 */
import type { Contract } from "./define-contract.ts";
import type { KindDefinition } from "./kinds.ts";
import type { ParsedResult } from "./views.ts";
import { checkToolRefKind } from "./declaration-checks.ts";
import { IS_DEV } from "../core/is-dev.ts";

/** One tool, as the widget knows it: the arguments a caller sends, and its result kind. */
export interface ToolSignature<
  Input = unknown,
  Kind extends string = string,
  Kinds extends Record<string, KindDefinition> = Record<string, KindDefinition>,
> {
  /** Type only: the arguments a call sends. */
  readonly input: Input;
  /** The kind of the tool's results (`kind` on the wire). */
  readonly kind: Kind;
  /** The contract's kinds, so a view type can be derived from the signature alone. */
  readonly kinds: Kinds;
}

/**
 * One tool the widget calls: its name and kind at run time, its arguments and result view in
 * its type. Made by {@link toolRefs}; `useCallTool(ref)` and `useWriteFlow` take it.
 */
export interface ToolRef<Name extends string = string, Input = unknown, View = unknown> {
  /** The tool's name, as the server registers it. */
  readonly name: Name;
  /** The kind its results are (`kind` on the wire). */
  readonly kind: string;
  /** Reads one of its results (untrusted) as a view; never throws. */
  parse(input: unknown, meta?: unknown): View;
  /** Type only, never set: what a call sends. */
  readonly "~input"?: Input;
}

/** What a call of tool `Ref` sends: its arguments' type (`unknown` for an untyped ref). */
export type ToolInputOf<Ref> = Ref extends ToolRef<string, infer Input, unknown> ? Input : never;

/**
 * `input` parsed, and held to `kind`: a result of another kind from this tool is `invalid`
 * (its view type promises this kind's shape).
 */
function parseAs(
  contract: Pick<Contract<Record<string, KindDefinition>>, "parse">,
  kind: string,
  input: unknown,
  meta?: unknown,
) {
  const view = contract.parse(input, meta);
  if (view.state === "invalid" || view.state === "unsupported" || view.kind === kind) return view;
  return {
    state: "invalid" as const,
    reason: IS_DEV ? `a ${view.kind} result from a ${kind} tool` : "kind",
    kind: view.kind,
  };
}

/**
 * The widget's handles on its app's tools, typed by the server's declarations: each tool of
 * `Tools` (an app's tools by name, `ToolsOf<typeof a | typeof b>` from mcp-widget-kit/server)
 * as a {@link ToolRef}, by name, whose `parse` reads a result as that tool's kind's view (what
 * `contract.parse` gives for that kind, or an error, invalid or unsupported view). `kinds`
 * names each tool's result kind, the one fact about the server a widget needs at run time
 * (checked against `Tools`: a wrong or missing one fails typecheck).
 *
 * @example
 * import type { FlightTools } from "../server/tools.ts";
 * export const tools = toolRefs<FlightTools>(flights, {
 *   search_flights: "flight_offers", prepare_booking: "booking_draft", book_flight: "booking",
 * });
 * const search = useCallTool(tools.search_flights);
 * const outcome = await search.call({ from: "LIS", to: "BER" }); // outcome.view: flight_offers' view
 */
export function toolRefs<Tools extends { readonly [name: string]: ToolSignature }>(
  contract: Pick<Contract<Tools[keyof Tools]["kinds"]>, "parse" | "kinds">,
  kinds: { readonly [N in keyof Tools & string]: Tools[N]["kind"] },
): {
  readonly [N in keyof Tools & string]: ToolRef<
    N,
    Tools[N]["input"],
    Tools[N] extends ToolSignature<unknown, infer K, infer Kinds>
      ? K extends keyof Kinds & string
        ? ParsedResult<Kinds, K>
        : never
      : never
  >;
} {
  const refs: { [name: string]: ToolRef } = {};
  for (const [name, kind] of Object.entries(kinds as { [name: string]: string })) {
    checkToolRefKind(contract, name, kind);
    refs[name] = { name, kind, parse: (input, meta) => parseAs(contract, kind, input, meta) };
  }
  return refs as ReturnType<typeof toolRefs<Tools>>;
}
