/**
 * `snapshotFixtures()`: one call in a Vitest file (jsdom environment) that turns a folder of
 * recorded tool outputs into DOM snapshot tests of an app's widget — committed, readable DOM
 * per fixture and variant: one HTML file each (`snapshotDir`, `toMatchFileSnapshot`) or all in
 * the test file's own Vitest snapshot file (`toMatchSnapshot`). Vitest is passed in
 * (`import * as vitest from "vitest"`), so apps that never call this don't install it.
 */
import { act, type ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { HostProvider } from "../hooks/host-context.tsx";
import { readFixtures, type Fixture } from "./fixture-files.ts";
import { FIXED_NOW } from "./fixed-clock.ts";
import { createMockHost } from "./mock-host.ts";

/** The options of {@link snapshotFixtures} (the kit's own tests name them). */
export type SnapshotFixturesOptions = Parameters<typeof snapshotFixtures>[0];

/** One rendering of every fixture: the host's locale and theme. */
type SnapshotVariant = NonNullable<SnapshotFixturesOptions["variants"]>[number];

/** React's `useId()` output (`_r_1_` since React 19.1, `«r1»` and `:r1:` before). */
const REACT_ID = /_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/g;

/**
 * A copy of `node` with React's generated ids renamed in order of appearance (`_id1_`, …).
 * React numbers them with one counter for the whole process, so the same widget gets other
 * ids when another test renders first; the references between elements are what matters.
 */
function withStableIds<T extends Node>(node: T): T {
  const copy = node.cloneNode(true) as T;
  const names = new Map<string, string>();
  const rename = (id: string) => {
    let name = names.get(id);
    if (!name) names.set(id, (name = `_id${names.size + 1}_`));
    return name;
  };
  const elements = copy instanceof Element ? [copy, ...copy.querySelectorAll("*")] : [];
  for (const element of elements)
    for (const attribute of [...element.attributes]) {
      const value = attribute.value.replace(REACT_ID, rename);
      if (value !== attribute.value) element.setAttribute(attribute.name, value);
    }
  return copy;
}

/** Renders `element` into a detached-from-React container and returns it with an unmount. */
async function renderOnce(element: ReactElement): Promise<{ node: Node; unmount(): void }> {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  global.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  // One element is what a widget renders; snapshot it without the container around it.
  const node =
    container.childNodes.length === 1 && container.firstElementChild
      ? container.firstElementChild
      : container;
  return {
    node,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * Registers one test per fixture file in `dir` and variant: the widget is rendered with a
 * mock host (fixed clock, the variant's locale and theme) and its DOM compared with the
 * committed snapshot: `snapshotDir/<name>.<locale>-<theme>.html`, or without `snapshotDir` the
 * test's entry in `__snapshots__/<test file>.snap`. Run `vitest -u` to write or update them
 * after an intended change; review them like code. With `snapshotDir`, one more test fails on
 * a snapshot file no fixture produces any more (a deleted or renamed fixture); `vitest -u`
 * deletes it.
 *
 * Call it at the top level of a test file that runs in jsdom (it awaits the folder listing):
 *
 * ```ts
 * // @vitest-environment jsdom
 * import * as vitest from "vitest";
 * import { snapshotFixtures } from "mcp-widget-kit/testing";
 * await snapshotFixtures({ vitest, dir, render: (f) => <App output={f.structuredContent} /> });
 * ```
 */
export async function snapshotFixtures(options: {
  /**
   * The Vitest module: `import * as vitest from "vitest"`. Passed in, so an app that never
   * calls `snapshotFixtures` does not install Vitest; only `describe`, `it`, `beforeAll`,
   * `afterAll`, `expect` (`toMatchFileSnapshot`, `toMatchSnapshot`, `getState`) and `vi`
   * (`setSystemTime`, `useRealTimers`) are used.
   */
  readonly vitest: {
    describe(name: string, body: () => void): void;
    it(name: string, body: () => Promise<void>): void;
    beforeAll(body: () => void): void;
    afterAll(body: () => void): void;
    readonly expect: {
      (value: unknown): {
        toMatchFileSnapshot(file: string): Promise<void>;
        toMatchSnapshot(): void;
      };
      /** Read inside a test for the update mode: `"all"` under `vitest --update`. */
      getState(): { readonly snapshotState: { readonly snapshotUpdateState: string } };
    };
    readonly vi: {
      setSystemTime(time: number | Date): unknown;
      useRealTimers(): unknown;
    };
  };
  /** Folder of fixture files (`*.json`, each a recorded `CallToolResult`). Absolute path. */
  readonly dir: string;
  /**
   * Folder the snapshot files are written to (absolute path), one per fixture and variant:
   * `<fixture name>.<locale>-<theme>.html`. It belongs to this call: an `.html` file in it
   * that no fixture and variant produces fails the run (and is deleted under `--update`), so
   * give each call its own folder.
   *
   * Without it, every snapshot is an entry of Vitest's own snapshot file for the test file
   * (`__snapshots__/<test file>.snap`), named by the test: one file for the whole widget, in
   * the same DOM format. Vitest itself reports an entry no fixture produces as obsolete, and
   * `--update` removes it.
   */
  readonly snapshotDir?: string;
  /**
   * The widget showing one fixture. It is rendered inside a `HostProvider` whose mock host
   * already reports the fixture as `toolOutput` / `toolResponseMetadata`, and the variant's
   * `locale` and `theme`.
   */
  readonly render: (
    fixture: Fixture,
    variant: { readonly locale: string; readonly theme: "light" | "dark" },
  ) => ReactElement;
  /**
   * Locale × theme pairs to render every fixture in: the BCP 47 locale the mock host reports
   * (`"en"`, `"ru"`, `"zh-CN"`) and its theme. Default: `[{ locale: "en", theme: "light" }]`.
   */
  readonly variants?: readonly { readonly locale: string; readonly theme: "light" | "dark" }[];
  /**
   * The clock while rendering (`Date.now()`), so expiry and countdown text never changes
   * between runs. Default: 2030-01-01T10:00:00Z, the instant `recordApp` records at.
   */
  readonly now?: Date | number;
  /**
   * Time zone while rendering (`process.env.TZ`), so dates format the same on every machine.
   * Default: `"UTC"`.
   */
  readonly timeZone?: string;
  /** Suite name. Default: `"DOM snapshots of <dir's last segment>"`. */
  readonly name?: string;
}): Promise<void> {
  const { vitest } = options;
  const fixtures = await readFixtures(options.dir);
  const { join, basename } = await import("node:path");
  const { existsSync, readdirSync, rmSync } = await import("node:fs");
  const variants = options.variants ?? [{ locale: "en", theme: "light" }];
  const fileOf = (fixture: Fixture, variant: SnapshotVariant) =>
    `${fixture.name}.${variant.locale}-${variant.theme}.html`;
  const expected = new Set(fixtures.flatMap((f) => variants.map((variant) => fileOf(f, variant))));
  const now = options.now ?? FIXED_NOW;
  const timeZone = options.timeZone ?? "UTC";
  const savedTimeZone = process.env.TZ;
  const { snapshotDir } = options;

  vitest.describe(options.name ?? `DOM snapshots of ${basename(options.dir)}`, () => {
    vitest.beforeAll(() => {
      process.env.TZ = timeZone; // Node re-reads TZ when it is assigned
      vitest.vi.setSystemTime(now);
    });
    vitest.afterAll(() => {
      vitest.vi.useRealTimers();
      if (savedTimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = savedTimeZone;
    });
    for (const fixture of fixtures) {
      for (const variant of variants) {
        vitest.it(`${fixture.file} (${variant.locale}-${variant.theme})`, async () => {
          const host = createMockHost({
            globals: {
              locale: variant.locale,
              theme: variant.theme,
              toolOutput: fixture.structuredContent ?? null,
              toolResponseMetadata: fixture.meta ?? null,
            },
          });
          const rendered = await renderOnce(
            <HostProvider host={host}>{options.render(fixture, variant)}</HostProvider>,
          );
          try {
            const dom = vitest.expect(withStableIds(rendered.node));
            if (snapshotDir)
              await dom.toMatchFileSnapshot(join(snapshotDir, fileOf(fixture, variant)));
            else dom.toMatchSnapshot();
          } finally {
            rendered.unmount();
          }
        });
      }
    }
    // Vitest tracks the entries of its own snapshot file; a folder of files is tracked here.
    if (!snapshotDir) return;
    vitest.it("has no snapshot file without a fixture", async () => {
      // Every .html file of the folder that no fixture and variant produces.
      const present = existsSync(snapshotDir) ? readdirSync(snapshotDir) : [];
      const stale = present.filter((file) => file.endsWith(".html") && !expected.has(file)).sort();
      if (stale.length === 0) return;
      if (vitest.expect.getState().snapshotState.snapshotUpdateState === "all") {
        for (const file of stale) rmSync(join(snapshotDir, file));
        return;
      }
      throw new Error(
        `${stale.length} snapshot file(s) in ${snapshotDir} belong to no fixture ` +
          `(a fixture was deleted or renamed, or a variant dropped): ${stale.join(", ")}. ` +
          "Run vitest with --update to delete them.",
      );
    });
  });
}
