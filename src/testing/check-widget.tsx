/**
 * `checkWidget()`: the kit's promises about an app's widget, proved in one call of its widget
 * test file — written once here, so each app's widget test keeps only its domain. It runs the
 * DOM snapshots of every recorded fixture (`snapshotFixtures`), renders the app's story, and
 * plays the write as a person makes it on a mock host that answers with the recorded results:
 * cancel goes back to the list; a burst of confirm clicks commits once, with the draft's id and
 * an idempotency key, and shows the receipt with its reference (focused), kept after a remount;
 * Back after a write reads the list again; a commit refused for good offers no retry that
 * cannot help, and Back to the list (docs/testing.md, "checkWidget").
 */
import type { ComponentType, ReactElement } from "react";
import { readFixtures, type Fixture } from "./fixture-files.ts";
import { createMockHost, type MockHost } from "./mock-host.ts";
import { renderWidget, type RenderedWidget } from "./render-widget.tsx";
import { snapshotFixtures } from "./snapshot-fixtures.tsx";

/** Options of {@link checkWidget}. */
export interface CheckWidgetOptions {
  /**
   * The Vitest module (`import * as vitest from "vitest"`), as `snapshotFixtures` takes it: an
   * app that never calls this does not install Vitest. Its `expect.getState().testPath` names
   * the calling test file, beside whose folder `fixtures/` is found.
   */
  readonly vitest: Parameters<typeof snapshotFixtures>[0]["vitest"];
  /**
   * The widget's stories (the module `widget/app.stories.tsx`, imported `* as stories`): the
   * widget is their `component`, and each story must render a state (not `invalid`).
   */
  readonly stories: {
    /** The module's meta: `component` is the whole widget, as its entry mounts it. */
    readonly default: { readonly component: ComponentType };
    /** Its stories (`recordedStory(…)`, or any `{ render }`). */
    readonly [name: string]: unknown;
  };
  /**
   * The folder of recorded fixtures (`npm run record`), an absolute path. Default: `fixtures/`
   * beside the test file's folder (`test/widget.test.tsx` → `fixtures/`), where `recordApp`
   * writes them.
   */
  readonly dir?: string;
  /** The host locales every fixture is snapshotted in (light theme). Default `["en"]`. */
  readonly locales?: readonly string[];
  /**
   * The app's write — its tools, and how a person opens a draft; without it only the
   * snapshots and the stories are checked.
   */
  readonly write?: {
    /**
     * The read tool whose results the list is (its recorded `results--*` fixture is the host's
     * tool output), and the input the host reports it was called with: Back after a write
     * must run it again with that input.
     */
    readonly read: { readonly tool: string; readonly input?: { readonly [key: string]: unknown } };
    /** The prepare tool: answered with the recorded `confirm--*` fixture. */
    readonly prepare: string;
    /** The commit tool: answered with the recorded `committed--*` fixture (or the refusal). */
    readonly commit: string;
    /**
     * The recorded refusal that is final (`error--*`): its file name without `.json`, when the
     * folder holds more than one error fixture.
     */
    readonly refused?: string;
    /**
     * The recorded draft (`confirm--*`) and receipt (`committed--*`) of this write, by file name
     * without `.json`, when the folder holds those of more than one write.
     */
    readonly draft?: string;
    /** See `draft`. */
    readonly committed?: string;
    /** What the person does on the list to open the confirm dialog (click Book; write, review). */
    open(widget: RenderedWidget): Promise<void>;
    /** The app's own checks while the dialog is open (what it shows, what was prepared). */
    confirm?(widget: RenderedWidget, host: MockHost): void;
    /** The app's own checks on the receipt (what it shows beside the reference). */
    receipt?(widget: RenderedWidget, host: MockHost): void;
  };
  /**
   * An app with more than one write: each is played as `write` is (name its fixtures with
   * `draft`, `committed` and `refused`). `write` may be left out then.
   */
  readonly writes?: readonly NonNullable<CheckWidgetOptions["write"]>[];
}

/** One write's options. */
type WriteCheck = NonNullable<CheckWidgetOptions["write"]>;

/** Throws `message` unless `ok`: the checks read as sentences, without an assertion library. */
function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(`checkWidget: ${message}`);
}

/** The write option that names a fixture of each state. */
const NAMED_BY: { readonly [state: string]: string } = {
  confirm: "draft",
  committed: "committed",
  error: "refused",
};

/** The one fixture of `state` (`results--…`), or the one named `name`. */
function pick(fixtures: readonly Fixture[], state: string, name?: string): Fixture {
  const found = fixtures.filter((f) => (name ? f.name === name : f.name.startsWith(`${state}--`)));
  check(
    found.length === 1,
    `${found.length} recorded ${state}--*.json fixtures where the write needs one` +
      (state === "results" ? "" : ` (name it with write.${NAMED_BY[state] ?? state})`),
  );
  return found[0]!;
}

/** Whether `text` stands somewhere in a recorded result (an id the widget read from it). */
const recordedIn = (fixture: Fixture, text: string) =>
  text !== "" && JSON.stringify(fixture.structuredContent).includes(text);

/**
 * Registers the widget's tests in the calling test file (jsdom environment; call it at the top
 * level, it awaits the fixture folder): the DOM snapshots, the story, and — with `write` — the
 * write played as a person makes it.
 *
 * @example
 * ```tsx
 * await checkWidget({
 *   vitest, stories, locales: ["en", "ru"], // stories: the module widget/app.stories.tsx
 *   write: {
 *     read: { tool: "search_flights", input: { from: "LIS", to: "BER" } },
 *     prepare: "prepare_booking", commit: "book_flight",
 *     open: (widget) => widget.click('[data-item-id="f-102"] [data-action="prepare"]'),
 *   },
 * });
 * ```
 */
export async function checkWidget(options: CheckWidgetOptions): Promise<void> {
  const { vitest, stories, write } = options;
  // Vitest's state names the test file too (`snapshotFixtures`' type reads only the snapshot part).
  const { testPath } = vitest.expect.getState() as { readonly testPath?: string };
  check(Boolean(options.dir ?? testPath), "no dir, and Vitest names no test file to find it from");
  // Imported here, as fixture-files.ts does, so the entry stays loadable in a browser.
  const { dirname, join } = await import("node:path");
  const dir = options.dir ?? join(dirname(testPath!), "..", "fixtures");
  const Widget = stories.default.component;
  const render = () => <Widget />;
  await snapshotFixtures({
    vitest,
    dir,
    variants: (options.locales ?? ["en"]).map((locale) => ({ locale, theme: "light" as const })),
    render,
  });
  for (const [name, story] of Object.entries(stories)) {
    const storyRender = (story as { render?: unknown } | null)?.render;
    if (name === "default" || typeof storyRender !== "function") continue;
    vitest.it(`the story ${name} renders`, async () => {
      const widget = await renderWidget((storyRender as () => ReactElement)());
      const state = widget.state();
      check(Boolean(state) && state !== "invalid", `the story ${name} shows ${state}`);
      widget.unmount();
    });
  }
  const writes = [...(write ? [write] : []), ...(options.writes ?? [])];
  if (writes.length === 0) return;
  const fixtures = await readFixtures(dir);
  for (const each of writes) checkOneWrite(vitest, fixtures, render, each);
}

/** Registers one write's checks: played as a person makes it, on the recorded answers. */
function checkOneWrite(
  vitest: CheckWidgetOptions["vitest"],
  fixtures: readonly Fixture[],
  render: () => ReactElement,
  write: WriteCheck,
): void {
  const results = pick(fixtures, "results");
  const draft = pick(fixtures, "confirm", write.draft);
  const committed = pick(fixtures, "committed", write.committed);
  const refused = pick(fixtures, "error", write.refused);

  /** The app on a mock host showing the recorded list, answering the write's tools. */
  const open = async (commitAnswer: Fixture) => {
    const host = createMockHost({
      globals: { toolOutput: results.structuredContent, toolInput: write.read.input, locale: "en" },
      tools: {
        [write.read.tool]: () => results.json,
        [write.prepare]: () => draft.json,
        [write.commit]: () => commitAnswer.json,
      },
    });
    const widget = await renderWidget(render(), { host });
    await write.open(widget);
    check(widget.state() === "confirm", `open() led to ${widget.state()}, not the confirm dialog`);
    return { host, widget };
  };

  vitest.describe(`the write (${write.prepare} → ${write.commit}), as a person makes it`, () => {
    vitest.it(
      "cancel goes back to the list; a burst of confirms commits once, kept after a remount",
      async () => {
        const { host, widget } = await open(committed);
        write.confirm?.(widget, host);
        await widget.click('[data-action="cancel"]');
        check(widget.state() === "results", `cancel led to ${widget.state()}, not the list`);
        await write.open(widget);
        await widget.act(() => {
          for (let i = 0; i < 3; i++) widget.find('[data-action="confirm"]').click();
        });
        check(widget.state() === "committed", `confirm led to ${widget.state()}, not committed`);
        const commits = host.toolCalls(write.commit);
        check(commits.length === 1, `three clicks sent ${commits.length} commits, not one`);
        const { draft_id, idempotency_key } = commits[0]!.args;
        check(recordedIn(draft, String(draft_id)), `the commit named draft ${String(draft_id)}`);
        check(/^[\w.:-]{8,128}$/.test(String(idempotency_key)), "the commit's key is malformed");
        const reference = widget.find(".wk-code").textContent ?? "";
        check(recordedIn(committed, reference), `the receipt shows "${reference}"`);
        check(document.activeElement?.tagName === "H2", "focus is not on the receipt's heading");
        write.receipt?.(widget, host);
        await widget.remount();
        check(widget.state() === "committed", "a remount lost the receipt");
        check(host.toolCalls(write.commit).length === 1, "a remount committed again");
        widget.unmount();
      },
    );

    vitest.it("after a write, Back reads the list again (one way out, not two)", async () => {
      const { host, widget } = await open(committed);
      await widget.click('[data-action="confirm"]');
      check(!widget.container.querySelector('[data-action="refresh"]'), "a refresh beside Back");
      await widget.click('[data-action="back"]');
      const reads = host.toolCalls(write.read.tool);
      check(reads.length === 1, `Back ran ${write.read.tool} ${reads.length} times, not once`);
      const input = JSON.stringify(write.read.input ?? {});
      check(JSON.stringify(reads[0]!.args) === input, `Back read with other input than ${input}`);
      check(widget.state() === "results", `Back led to ${widget.state()}, not the list`);
      widget.unmount();
    });

    vitest.it("a commit refused for good offers no retry, and Back to the list", async () => {
      const { widget } = await open(refused);
      await widget.click('[data-action="confirm"]');
      check(!widget.container.querySelector('[data-action="retry"]'), "a retry that cannot help");
      await widget.click('[data-action="back"]');
      check(widget.state() === "results", `Back led to ${widget.state()}, not the list`);
      widget.unmount();
    });
  });
}
