/**
 * `defineTool(contract, kind, …)`: a tool declared against the app's own contract. The
 * handler's success `data` is typed as that kind's wire data, so a server that returns a
 * shape its contract rejects fails typecheck instead of reaching the widget; the
 * `outputSchema` is the kind's JSON Schema, so it cannot drift from the contract either.
 */
import type { Contract } from "../contract/define-contract.ts";
import { kindJsonSchema } from "../contract/json-schema.ts";
import type { KindData, KindDefinition } from "../contract/kinds.ts";
import type { ToolContext, ToolDefinition, ToolOutcome } from "./tool-server.ts";

/** A handler's answer for kind data `Data`: that data, or a failure. */
export type TypedToolOutcome<Data> =
  { ok: true; data: Data; text: string } | Extract<ToolOutcome, { ok: false }>;

/** What `defineTool` takes: a `ToolDefinition` without `kind` and `outputSchema`, typed handler. */
export interface TypedToolSpec<Args, Data> extends Omit<
  ToolDefinition<Args>,
  "kind" | "outputSchema" | "handler"
> {
  handler(args: Args, context: ToolContext): Promise<TypedToolOutcome<Data>>;
}

/**
 * A tool whose results are of `kind` in `contract`.
 *
 * @example
 * const search = defineTool(flights, "flight_offers", {
 *   name: "search_flights", description: "…", annotations: { readOnlyHint: true },
 *   arguments: { schema: SearchArgs, repair: () => ({ from: "LIS", to: "BER" }) },
 *   async handler({ from, to }) {
 *     return { ok: true, data: { offers: find(from, to) }, text: "Found offers." };
 *   },
 * });
 */
export function defineTool<
  Kinds extends Record<string, KindDefinition>,
  const K extends keyof Kinds & string,
  Args,
>(
  contract: Contract<Kinds>,
  kind: K,
  spec: TypedToolSpec<Args, KindData<Kinds[K]>>,
): ToolDefinition<Args> {
  if (!Object.hasOwn(contract.kinds, kind))
    throw new TypeError(`defineTool: the contract declares no kind "${kind}"`);
  return {
    ...spec,
    kind,
    outputSchema: kindJsonSchema(contract, kind),
    // Kind data is an object type, so it is a ToolOutcome's data as it stands.
    handler: (args, context) => spec.handler(args, context),
  };
}
