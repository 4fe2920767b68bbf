// @vitest-environment jsdom
/**
 * DOM snapshots of the GiftGenius widget: every recorded tool output (test/fixtures) and every
 * sample payload (test/payloads), rendered at a fixed clock in English (light theme) and Russian
 * (dark theme), each compared with its committed file under test/snapshots/dom/. The theme
 * changes only the root's `data-theme` in the markup (colours are CSS: the visual snapshots
 * cover them), so the second theme rides along with the second locale instead of doubling the
 * files.
 *
 * After an intended change: `npx vitest run test/snapshots -u` here, then review the diff.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as vitest from "vitest";
import { snapshotFixtures } from "mcp-widget-kit/testing";
import { App } from "../../widget/app.tsx";
import { payloadsDir } from "../samples.ts";

// A path, not a URL: jsdom replaces the global URL, which fileURLToPath does not accept.
const here = (path: string) => join(dirname(fileURLToPath(import.meta.url)), path);
const variants: NonNullable<Parameters<typeof snapshotFixtures>[0]["variants"]> = [
  { locale: "en", theme: "light" },
  { locale: "ru", theme: "dark" },
];

await snapshotFixtures({
  vitest,
  name: "recorded tool outputs",
  dir: here("../fixtures"),
  snapshotDir: here("./dom/recorded"),
  variants,
  render: (fixture) => <App output={fixture.structuredContent} />,
});

await snapshotFixtures({
  vitest,
  name: "sample payloads",
  dir: payloadsDir,
  snapshotDir: here("./dom/samples"),
  variants,
  render: (fixture) => <App output={fixture.structuredContent} />,
});
