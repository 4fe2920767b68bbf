/**
 * What the kit's visual suite shows: each state of the fixture shop's widget by the recording
 * that shows it, in each theme. Shared by the suite (./widget.test.tsx) and the Node check that
 * every reference PNG in test/snapshots/visual/ is still one of these
 * (test/snapshots/visual-references.test.ts).
 */
import committed from "../fixture-app/fixtures/committed--place-purchase.json";
import confirm from "../fixture-app/fixtures/confirm--prepare-purchase.json";
import empty from "../fixture-app/fixtures/empty--no-match.json";
import reused from "../fixture-app/fixtures/error--idempotency-key-reused.json";
import validation from "../fixture-app/fixtures/error--validation-failed.json";
import results from "../fixture-app/fixtures/results--list-products.json";

/** A tool output of a newer major contract: the widget shows it as unsupported. */
const unsupported = {
  structuredContent: { ...results.structuredContent, contract_version: "2.0" },
};

/** The states, each by the file that shows it. */
export const STATES: ReadonlyArray<readonly [name: string, file: { structuredContent: unknown }]> =
  [
    ["results", results],
    ["empty", empty],
    ["error-validation", validation],
    ["error-key-reused", reused],
    ["confirm", confirm],
    ["committed", committed],
    ["unsupported", unsupported],
  ];

/** The themes every state is shown in. */
export const THEMES = ["light", "dark"] as const;

/** The reference image names the suite compares against (`<state>-<theme>`). */
export const REFERENCE_NAMES: readonly string[] = THEMES.flatMap((theme) =>
  STATES.map(([name]) => `${name}-${theme}`),
);
