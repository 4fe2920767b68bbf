/**
 * The run-time checks of what an app declares — its contract, its tool refs, its messages —
 * for callers no typecheck stops (JavaScript, a cast). They throw at declaration time, where
 * the mistake is, in tests, the dev server, Storybook, the server and the Node process that
 * runs the build (vite.config loads the widget config and its contract there, so a bad
 * contract fails the build). Only the built widget goes without them: `widgetKit()` swaps
 * this module for one whose checks do nothing (build/widget-only.ts), which keeps their
 * messages out of the bytes every person downloads. Nothing else may rely on them there.
 */
import { RECORD_STATES } from "./states.ts";
import type { ContractVersion } from "./version.ts";

/** `defineContract`: a `"MAJOR.MINOR"` version, snake_case kind names, a known record state. */
export function checkContractDeclaration(
  version: string,
  parsedVersion: ContractVersion | undefined,
  kinds: Readonly<Record<string, { readonly view: string; readonly state?: string }>>,
): asserts parsedVersion is ContractVersion {
  if (!parsedVersion)
    throw new TypeError(
      `defineContract: version must be "MAJOR.MINOR", got ${JSON.stringify(version)}`,
    );
  for (const [name, definition] of Object.entries(kinds)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name))
      throw new TypeError(`defineContract: kind "${name}" must be snake_case`);
    // The declared state is shown as the root's data-state as it is (a JS caller has no
    // type check to stop "draft").
    if (
      definition.view === "record" &&
      !(RECORD_STATES as readonly unknown[]).includes(definition.state)
    )
      throw new TypeError(
        `defineContract: kind "${name}" must declare state ${RECORD_STATES.map((s) => `"${s}"`).join(" or ")}`,
      );
  }
}

/** `toolRefs`: the kind a tool answers with is one the contract declares. */
export function checkToolRefKind(
  contract: { readonly kinds: object },
  name: string,
  kind: string,
): void {
  // An undeclared kind would parse as `invalid` forever. The contract, not its `kinds`, is
  // the argument: the widget build's no-op stand-in then leaves no `contract.kinds;` read.
  if (!Object.hasOwn(contract.kinds, kind))
    throw new TypeError(`toolRefs: the contract declares no kind "${kind}" (tool "${name}")`);
}

/** `defineMessages`: the first argument holds exactly one locale, the default. */
export function checkDefaultLocales(locales: readonly string[]): void {
  if (locales.length !== 1)
    throw new TypeError("defineMessages: the first argument holds exactly one locale, the default");
}
