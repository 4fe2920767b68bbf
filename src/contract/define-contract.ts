/**
 * `defineContract()`: an app declares its result kinds once; the kit derives the TypeScript
 * types, the forgiving runtime parser and the JSON Schema from that one declaration.
 */
import type { KindData, KindDefinition } from "./kinds.ts";
import type { ToolError } from "./schemas.ts";
import { parseEnvelope } from "./parse.ts";
import { checkContractDeclaration } from "./declaration-checks.ts";
import { CONTRACT_VERSION, parseVersion } from "./version.ts";
import type { ParsedResult } from "./views.ts";

/** A declared contract: its kinds, version, parser and JSON Schema. */
export interface Contract<Kinds extends Record<string, KindDefinition>> {
  /** `"MAJOR.MINOR"` this contract speaks. */
  readonly version: string;
  /** {@link Contract.version} as numbers, for comparing with a result's `contract_version`. */
  readonly parsedVersion: {
    /** A different major version is a breaking change: the result is `unsupported`. */
    readonly major: number;
    /** A newer minor version only adds: the result is read as far as it is known. */
    readonly minor: number;
  };
  /** The declared kinds by name (the `kind` on the wire). */
  readonly kinds: Kinds;
  /**
   * Reads any value as a view model. Never throws. `meta`, the result's `_meta` (the host's
   * `toolResponseMetadata`), gives a record its widget-only fields.
   */
  parse(input: unknown, meta?: unknown): ParsedResult<Kinds>;
}

/**
 * The wire type of one kind's result: the type a server returns as `structuredContent`. Every
 * result shares its envelope: a version, a kind, and either the kind's data (`ok: true`) or a
 * {@link ToolError} (`ok: false`). Snake case on the wire.
 */
export type KindEnvelope<C, K extends string> =
  C extends Contract<infer Kinds>
    ? K extends keyof Kinds
      ? { contract_version: string; kind: K } & (
          ({ ok: true } & KindData<Kinds[K]>) | { ok: false; error: ToolError }
        )
      : never
    : never;

/**
 * Declares a contract. `version` defaults to the kit's current contract version, `"1.0"`.
 *
 * @example
 * const contract = defineContract({ kinds: { flight_offers: listKind({ items: "flights", item: Flight }) } });
 * const view = contract.parse(window.openai?.toolOutput);
 */
export function defineContract<const Kinds extends Record<string, KindDefinition>>(options: {
  kinds: Kinds;
  version?: string;
}): Contract<Kinds> {
  const version = options.version ?? CONTRACT_VERSION;
  const parsedVersion = parseVersion(version);
  // Read once into a local: the widget build's no-op check would otherwise leave a bare
  // `options.kinds;` read behind (a property read may run a getter, so it is kept).
  const kinds = options.kinds;
  checkContractDeclaration(version, parsedVersion, kinds);
  // The wire schema of a whole envelope lives in envelope-schema.ts: only the JSON Schema
  // side needs it, and keeping it off this object keeps its valibot pieces (union, literal,
  // the wire ToolError) out of the widget bundle.
  return {
    version,
    parsedVersion,
    kinds,
    parse: (input, meta) => parseEnvelope(kinds, parsedVersion, input, meta),
  };
}
