// @vitest-environment jsdom
/**
 * DOM snapshots of the kit's components as an app uses them: the fixture shop's widget
 * (test/fixture-app/widget.tsx) rendered from every recorded result of the fixture app
 * (test/fixture-app/fixtures, `npx tsx test/fixture-app/record.ts`) — a list, an empty list, a
 * draft to confirm, a placed purchase and its replay, and the errors a write ends in — at a
 * fixed clock in English (light theme) and Russian (dark theme), each compared with its
 * committed file under test/snapshots/dom/. The theme changes only the root's `data-theme` in
 * the markup (colours are CSS: the visual snapshots cover them), so the second theme rides
 * along with the second locale instead of doubling the files. GiftGenius' own DOM snapshots are
 * in its own package, so an edit to it cannot churn these.
 *
 * After an intended change: `npm run snapshots:update`, then review the diff.
 */
import path from "node:path";
import * as vitest from "vitest";
import { snapshotFixtures } from "../../src/testing/index.ts";
import { FixtureWidget } from "../fixture-app/widget.tsx";
import { repoRoot } from "../support/repo-root.ts";

await snapshotFixtures({
  vitest,
  name: "the fixture shop's recorded results",
  dir: path.join(repoRoot, "test/fixture-app/fixtures"),
  snapshotDir: path.join(repoRoot, "test/snapshots/dom"),
  variants: [
    { locale: "en", theme: "light" },
    { locale: "ru", theme: "dark" },
  ],
  render: (fixture) => <FixtureWidget output={fixture.structuredContent} />,
});
