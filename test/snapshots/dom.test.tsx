// @vitest-environment jsdom
/**
 * DOM snapshots of the GiftGenius widget: every recorded tool output (test/fixtures) and every
 * sample payload, rendered at a fixed clock in English (light theme) and Russian (dark theme),
 * each compared with its committed file under test/snapshots/dom/. The theme changes only the
 * root's `data-theme` in the markup (colours are CSS: the visual snapshots cover them), so the
 * second theme rides along with the second locale instead of doubling the files.
 *
 * After an intended change: `npm run snapshots:update`, then review the diff.
 */
import path from "node:path";
import * as vitest from "vitest";
import { App } from "../../examples/giftgenius/widget/app.tsx";
import { snapshotFixtures } from "../../src/testing/index.ts";
import type { SnapshotFixturesOptions } from "../../src/testing/snapshot-fixtures.tsx";
import { payloadsDir, repoRoot } from "../support/payloads.ts";

const variants: SnapshotFixturesOptions["variants"] = [
  { locale: "en", theme: "light" },
  { locale: "ru", theme: "dark" },
];
const snapshots = path.join(repoRoot, "test/snapshots/dom");

await snapshotFixtures({
  vitest,
  name: "recorded tool outputs",
  dir: path.join(repoRoot, "test/fixtures"),
  snapshotDir: path.join(snapshots, "recorded"),
  variants,
  render: (fixture) => <App output={fixture.structuredContent} />,
});

await snapshotFixtures({
  vitest,
  name: "sample payloads",
  dir: payloadsDir,
  snapshotDir: path.join(snapshots, "samples"),
  variants,
  render: (fixture) => <App output={fixture.structuredContent} />,
});
