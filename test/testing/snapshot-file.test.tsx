// @vitest-environment jsdom
/**
 * `snapshotFixtures()` without `snapshotDir`: every fixture and variant is an entry of this
 * file's own Vitest snapshot file (`__snapshots__/snapshot-file.test.tsx.snap`), rendered with
 * the variant's locale, the fixture's output and stable ids — one committed file for a widget
 * instead of one `.html` file per case (the templates' widget tests keep theirs this way).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useId } from "react";
import * as vitest from "vitest";
import { useHostGlobal } from "../../src/hooks/use-host-global.ts";
import { snapshotFixtures } from "../../src/testing/index.ts";

const fixtures = join(mkdtempSync(join(tmpdir(), "snapshot-file-")), "fixtures");
mkdirSync(fixtures);
for (const [name, title] of [
  ["results--notes", "Two notes"],
  ["empty--notes", "No notes yet"],
])
  writeFileSync(join(fixtures, `${name}.json`), JSON.stringify({ structuredContent: { title } }));

/** Shows the fixture's title in the host's locale, labelled by a React-generated id. */
function Title() {
  const id = useId();
  const output = useHostGlobal("toolOutput") as { title?: unknown } | null;
  return (
    <section
      aria-labelledby={id}
      lang={useHostGlobal("locale")}
      data-theme={useHostGlobal("theme")}
    >
      <h2 id={id}>{String(output?.title)}</h2>
    </section>
  );
}

await snapshotFixtures({
  vitest,
  dir: fixtures,
  name: "notes widget",
  variants: [
    { locale: "en", theme: "light" },
    { locale: "ru", theme: "dark" },
  ],
  render: () => <Title />,
});
