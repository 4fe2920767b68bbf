/**
 * `snapshotFixtures()` and snapshot files that no fixture produces any more: the run fails
 * naming them, and `vitest --update` deletes them. Driven through a stand-in for the Vitest
 * module that collects the registered tests, so a failing check can be asserted here (the
 * real run of test/snapshots shows the same failure when a fixture is renamed).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { snapshotFixtures } from "../../src/testing/index.ts";
import type { SnapshotFixturesOptions } from "../../src/testing/snapshot-fixtures.tsx";

const STALE_TEST = "has no snapshot file without a fixture";

/** A Vitest stand-in: registers tests by name; the update mode is what `-u` would set. */
function collectingVitest(update: "all" | "new" | "none") {
  const tests = new Map<string, () => Promise<void>>();
  const vitest: SnapshotFixturesOptions["vitest"] = {
    describe: (_name, body) => body(),
    it: (name, body) => void tests.set(name, body),
    beforeAll: () => {},
    afterAll: () => {},
    expect: Object.assign(
      () => ({
        toMatchFileSnapshot: () => Promise.reject(new Error("not rendered here")),
        toMatchSnapshot: () => {
          throw new Error("not rendered here");
        },
      }),
      { getState: () => ({ snapshotState: { snapshotUpdateState: update } }) },
    ),
    vi: { setSystemTime: () => {}, useRealTimers: () => {} },
  };
  return { vitest, tests };
}

let root: string;
let fixtures: string;
let snapshots: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "snapshot-stale-"));
  fixtures = join(root, "fixtures");
  snapshots = join(root, "snapshots");
  for (const [dir, files] of [
    [fixtures, ["results--search.json", "empty--none.json"]],
    [
      snapshots,
      [
        "results--search.en-light.html",
        "empty--none.en-light.html",
        "results--renamed.en-light.html", // its fixture was renamed
        "results--search.ru-dark.html", // its variant was dropped
        "README.md", // not a snapshot
      ],
    ],
  ] as const) {
    mkdirSync(dir);
    for (const file of files) writeFileSync(join(dir, file), "{}\n");
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function staleCheck(update: "all" | "new" | "none") {
  const { vitest, tests } = collectingVitest(update);
  await snapshotFixtures({
    vitest,
    dir: fixtures,
    snapshotDir: snapshots,
    render: () => createElement("p", null, "widget"),
  });
  const check = tests.get(STALE_TEST);
  if (!check) throw new Error(`snapshotFixtures registered no "${STALE_TEST}" test`);
  return check();
}

describe("snapshotFixtures and stale snapshot files", () => {
  it("fails naming every snapshot file no fixture and variant produces", async () => {
    await expect(staleCheck("none")).rejects.toThrow(
      "2 snapshot file(s) in " +
        snapshots +
        " belong to no fixture (a fixture was deleted or renamed, or a variant dropped): " +
        "results--renamed.en-light.html, results--search.ru-dark.html. Run vitest with --update",
    );
    // Writing new snapshots (a local run without -u) does not delete old ones either.
    await expect(staleCheck("new")).rejects.toThrow("results--renamed.en-light.html");
    expect(readdirSync(snapshots)).toHaveLength(5);
  });

  it("deletes them under --update, and only them", async () => {
    await staleCheck("all");
    expect(readdirSync(snapshots).sort()).toEqual([
      "README.md",
      "empty--none.en-light.html",
      "results--search.en-light.html",
    ]);
    await expect(staleCheck("none")).resolves.toBeUndefined();
  });

  it("leaves the entries of Vitest's own snapshot file (no snapshotDir) to Vitest", async () => {
    const { vitest, tests } = collectingVitest("none");
    await snapshotFixtures({ vitest, dir: fixtures, render: () => createElement("p") });
    expect([...tests.keys()].sort()).toEqual([
      "empty--none.json (en-light)",
      "results--search.json (en-light)",
    ]);
  });

  it("passes when the snapshot folder does not exist yet", async () => {
    rmSync(snapshots, { recursive: true });
    await expect(staleCheck("none")).resolves.toBeUndefined();
  });
});
