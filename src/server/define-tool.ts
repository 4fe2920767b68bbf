/**
 * `defineTool(contract, kind, …)`: a tool declared against the app's own contract. The
 * handler's success `data` is typed as that kind's wire data, so a server that returns a
 * shape its contract rejects fails typecheck instead of reaching the widget; the
 * `outputSchema` is the kind's JSON Schema, so it cannot drift from the contract either.
 */
import type * as v from "valibot";
import type { Contract } from "../contract/define-contract.ts";
import { kindJsonSchema } from "../contract/json-schema.ts";
import type { KindData, KindDefinition } from "../contract/kinds.ts";
import type { ToolSignature } from "../contract/tools.ts";
import type { ToolContext, ToolDefinition, ToolOutcome } from "./tool-server.ts";
import type { ArgumentSpec } from "./validate-arguments.ts";

/** A handler's answer for kind data `Data`: that data, or a failure. */
export type TypedToolOutcome<Data> =
  { ok: true; data: Data; text: string } | Extract<ToolOutcome, { ok: false }>;

/**
 * What `defineTool` takes: a `ToolDefinition` without `kind` and `outputSchema`, typed handler.
 * `Input` is what a caller sends (the schema's input type), `Args` what the handler receives.
 */
export interface TypedToolSpec<
  Args,
  Data,
  Name extends string = string,
  Input = unknown,
> extends Omit<ToolDefinition<Args>, "name" | "kind" | "outputSchema" | "handler" | "arguments"> {
  /** The tool's name, as the model and the widget call it. */
  readonly name: Name;
  /** The arguments: a valibot schema (its input type is the widget's), examples and rules. */
  arguments: ArgumentSpec<Args> & {
    schema: v.GenericSchema<Input, Args>;
    /**
     * A complete, valid argument object as close as possible to `args`, typed by the schema's
     * input: a misspelt or mistyped field in an example fails the app's typecheck, not a call.
     */
    repair(args: { readonly [key: string]: unknown }): NoInfer<Input>;
  };
  /** Runs the call on validated arguments; a success's `data` is the kind's data. */
  handler(args: Args, context: ToolContext): Promise<TypedToolOutcome<Data>>;
}

/**
 * A tool `defineTool` made: a `ToolDefinition` whose type also names it, its caller's
 * arguments and its kind, for the widget's typed calls (`ToolsOf`).
 */
export interface TypedTool<
  Name extends string,
  Input,
  Kinds extends Record<string, KindDefinition>,
  K extends keyof Kinds & string,
  Args = unknown,
> extends ToolDefinition<Args> {
  /** The tool's name. */
  readonly name: Name;
  /** The contract kind its results have. */
  readonly kind: K;
  /** Type only, never set: the signature the widget sees. */
  readonly "~signature"?: ToolSignature<Input, K, Kinds>;
}

/**
 * An app's tools by name, from their `defineTool` declarations: the type an app exports once
 * for its widget (`toolRefs<ToolsOf<…>>`).
 *
 * @example
 * export type FlightTools = ToolsOf<ReturnType<typeof searchFlights> | typeof bookFlight>;
 */
export type ToolsOf<T extends { readonly name: string; readonly "~signature"?: ToolSignature }> = {
  readonly [X in T as X["name"]]: NonNullable<X["~signature"]>;
};

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
  const Name extends string,
  Input,
>(
  contract: Contract<Kinds>,
  kind: K,
  spec: TypedToolSpec<Args, KindData<Kinds[K]>, Name, Input>,
): TypedTool<Name, Input, Kinds, K, Args> {
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
