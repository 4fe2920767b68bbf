/**
 * What the visual suite shows: each state by the file that shows it, in each theme. Shared by
 * the suite (test/visual/widget.test.tsx) and the Node check that every reference PNG in
 * test/snapshots/visual/ is still one of these (test/snapshots/visual-references.test.ts).
 */
import committed from "../fixtures/committed--commit.json";
import confirm from "../fixtures/confirm--prepare-order.json";
import empty from "../fixtures/empty--no-match.json";
import rateLimited from "../fixtures/error--rate-limited.json";
import validation from "../fixtures/error--validation-failed.json";
import results from "../fixtures/results--suggest-gifts.json";
import unsupported from "../payloads/major-2.json";

/** The states, each by the file that shows it. */
export const STATES: ReadonlyArray<readonly [name: string, file: { structuredContent: unknown }]> =
  [
    ["results", results],
    ["empty", empty],
    ["error-validation", validation],
    ["error-rate-limited", rateLimited],
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
