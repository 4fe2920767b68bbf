/**
 * `defineContract()`: an app declares its result kinds once; the kit derives the TypeScript
 * types, the forgiving runtime parser and the JSON Schema from that one declaration.
 */
import type { Envelope } from "./envelope.ts";
import type { KindData, KindDefinition } from "./kinds.ts";
import { parseEnvelope } from "./parse.ts";
import { checkContractDeclaration } from "./declaration-checks.ts";
import { CONTRACT_VERSION, parseVersion, type ContractVersion } from "./version.ts";
import type { ParsedResult } from "./views.ts";

/** A declared contract: its kinds, version, parser and JSON Schema. */
export interface Contract<Kinds extends Record<string, KindDefinition>> {
  /** `"MAJOR.MINOR"` this contract speaks. */
  readonly version: string;
  /** {@link Contract.version} as numbers, for comparing with a result's `contract_version`. */
  readonly parsedVersion: ContractVersion;
  /** The declared kinds by name (the `kind` on the wire). */
  readonly kinds: Kinds;
  /** Reads any value as a view model. Never throws. */
  parse(input: unknown): ParsedResult<Kinds>;
}

/** The wire type of one kind's result: the type a server returns as `structuredContent`. */
export type KindEnvelope<C, K extends string> =
  C extends Contract<infer Kinds>
    ? K extends keyof Kinds
      ? Envelope<K, KindData<Kinds[K]>>
      : never
    : never;

/**
 * Declares a contract. `version` defaults to the kit's current `CONTRACT_VERSION`.
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
    parse: (input) => parseEnvelope(kinds, parsedVersion, input),
  };
}
