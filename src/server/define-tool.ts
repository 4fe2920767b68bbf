/**
 * `defineTool(contract, kind, …)`: a tool declared against the app's own contract. The
 * handler's success `data` is typed as that kind's wire data, so a server that returns a
 * shape its contract rejects fails typecheck instead of reaching the widget; the
 * `outputSchema` is the kind's JSON Schema, so it cannot drift from the contract either.
 */
import * as v from "valibot";
import type { Contract } from "../contract/define-contract.ts";
import { kindJsonSchema } from "../contract/json-schema.ts";
import type { KindData, KindDefinition } from "../contract/kinds.ts";
import type { ToolSignature } from "../contract/tools.ts";
import type { ToolContext, ToolDefinition, ToolOutcome } from "./tool-server.ts";
import type { ArgumentSpec } from "./validate-arguments/index.ts";
import { fileParamsOf } from "./validate-arguments/file-input.ts";
import { widgetToolMeta, type WidgetUris } from "./widget/widget-tool-meta.ts";

/** The hints of a tool that only reads, and of a write run once per idempotency key. */
const READ_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
const WRITE_HINTS = { ...READ_HINTS, readOnlyHint: false, destructiveHint: true };

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

/** A tool without arguments: only `{}` passes; the repair names `{}`. */
const NO_ARGUMENTS: ArgumentSpec<Record<string, never>> = {
  schema: v.strictObject({}),
  repair: () => ({}),
};

/**
 * A tool whose results are of `kind` in `contract`: `spec` is a `ToolDefinition` without
 * `kind` and `outputSchema`, with a typed handler. The tool it returns is a `ToolDefinition`
 * whose type also names it, its caller's arguments and its kind, for the widget's typed calls
 * (`ToolsOf`).
 *
 * @example
 * const search = defineTool(flights, "flight_offers", {
 *   name: "search_flights", description: "…",
 *   widget: { uris: options.widget.uris, words: { invoking: "Searching…", invoked: "Found" } },
 *   arguments: { schema: SearchArgs, repair: () => ({ from: "LIS", to: "BER" }) },
 *   async handler({ from, to }) {
 *     return { ok: true, data: { offers: find(from, to) }, text: "Found offers." };
 *   },
 * });
 */
export function defineTool<
  Kinds extends Record<string, KindDefinition>,
  const K extends keyof Kinds & string,
  const Name extends string,
  // No `arguments`: the tool takes none (`{}`), and its handler and the widget see `{}`.
  Args = Record<string, never>,
  Input = Record<string, never>,
>(
  contract: Contract<Kinds>,
  kind: K,
  spec: Omit<
    ToolDefinition<Args>,
    "name" | "kind" | "outputSchema" | "handler" | "arguments" | "annotations"
  > & {
    /**
     * The MCP hints; default: a read-only tool's (`readOnlyHint`, `idempotentHint`, closed
     * world), or with `writes` a write's (`destructiveHint`; idempotent under its key).
     */
    readonly annotations?: ToolDefinition<Args>["annotations"];
    /** The tool's name, as the model and the widget call it. */
    readonly name: Name;
    /**
     * The widget its results show in (the app's `widget`, as `AppServerOptions` has it), with
     * what ChatGPT shows while the tool runs and once it is done: the tool's `_meta` for both
     * hosts (`widgetToolMeta`), merged under `meta`. Without it the tool shows no widget.
     */
    readonly widget?: {
      readonly uris: WidgetUris;
      readonly words: { readonly invoking: string; readonly invoked: string };
    };
    /**
     * The arguments: a valibot schema (its input type `Input` is the widget's, its output
     * `Args` what the handler receives), examples and rules. Absent: the tool takes no
     * arguments — `{}`, an unknown one named in the error, `{}` the repair.
     */
    arguments?: ArgumentSpec<Args> & {
      schema: v.GenericSchema<Input, Args>;
      /**
       * A complete, valid argument object as close as possible to `args`, typed by the
       * schema's input: a misspelt or mistyped field in an example fails the app's
       * typecheck, not a call.
       */
      repair(args: { readonly [key: string]: unknown }): NoInfer<Input>;
    };
    /** Runs the call on validated arguments; a success's `data` is the kind's data. */
    handler(
      args: Args,
      context: ToolContext,
    ): Promise<
      | {
          ok: true;
          data: KindData<Kinds[K]>;
          text: string;
          /** The kind's widget-only fields: in `_meta`, never in what the model reads. */
          widgetOnly?: KindData<Kinds[K], "widgetOnly">;
        }
      | Extract<ToolOutcome, { ok: false }>
    >;
  },
): ToolDefinition<Args> & {
  /** The tool's name. */
  readonly name: Name;
  /** The contract kind its results have. */
  readonly kind: K;
  /**
   * Type only, never set: the signature the widget sees (its arguments, its kind), which
   * `ToolsOf` collects.
   */
  readonly "~signature"?: ToolSignature<Input, K, Kinds>;
} {
  if (!Object.hasOwn(contract.kinds, kind))
    throw new TypeError(`defineTool: the contract declares no kind "${kind}"`);
  const { widget, ...declared } = spec;
  const definition = { ...declared, arguments: spec.arguments ?? (NO_ARGUMENTS as never) };
  // ChatGPT fills only the file inputs `openai/fileParams` names: written from the schema.
  const files = fileParamsOf(definition.arguments.schema);
  const meta = {
    ...(widget ? widgetToolMeta(widget.uris, widget.words) : {}),
    ...spec.meta,
    ...(files.length > 0 ? { "openai/fileParams": files } : {}),
  };
  return {
    ...definition,
    annotations: spec.annotations ?? (spec.writes ? WRITE_HINTS : READ_HINTS),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
    kind,
    outputSchema: kindJsonSchema(contract, kind),
    // Kind data is an object type, so it is a ToolOutcome's data as it stands.
    handler: (args, context) => spec.handler(args, context),
  };
}
