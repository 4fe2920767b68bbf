// @vitest-environment jsdom
/**
 * `checkWidget()` fails a widget that breaks the kit's write promises: its checks are run here
 * through a collecting stand-in for Vitest (the snapshots left out), against the flights
 * template's recorded fixtures, on a widget that commits once per click and never reads its
 * list again. The templates' own widget tests show it passing a widget that keeps them.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useState } from "react";
import * as vitest from "vitest";
import { useHost } from "../../src/hooks/host-context.tsx";
import { checkWidget } from "../../src/testing/index.ts";

/** A list → confirm → receipt that sends a commit on every click, with no way back. */
function CarelessWrite() {
  const host = useHost();
  const [state, setState] = useState("results");
  const button = (action: string, next: string, onClick?: () => void) => (
    <button data-action={action} onClick={() => (onClick?.(), setState(next))} />
  );
  return (
    <div data-state={state}>
      {state === "results" && button("prepare", "confirm")}
      {state === "confirm" && button("cancel", "results")}
      {state === "confirm" &&
        button("confirm", "committed", () => {
          void host.callTool("book_flight", {
            draft_id: "bd.f-102.2.1903437900000",
            idempotency_key: "key-of-a-careless-widget",
          });
        })}
      {state === "committed" && button("back", "results")}
    </div>
  );
}

/** The tests `checkWidget` registers, by name; its snapshot suite is not collected. */
async function collectChecks() {
  const tests = new Map<string, () => Promise<void>>();
  await checkWidget({
    vitest: {
      ...vitest,
      describe: (name, body) => void (name.startsWith("DOM snapshots") ? undefined : body()),
      it: (name, body) => void tests.set(name, body),
    },
    dir: join(import.meta.dirname, "../../templates/flights/fixtures"),
    stories: { default: { component: CarelessWrite } },
    write: {
      read: { tool: "search_flights" },
      prepare: "prepare_booking",
      commit: "book_flight",
      open: (widget) => widget.click('[data-action="prepare"]'),
    },
  });
  return tests;
}

const checks = await collectChecks();

vitest.it("registers the write's three checks", () => {
  vitest
    .expect([...checks.keys()])
    .toEqual([
      "cancel goes back to the list; a burst of confirms commits once, kept after a remount",
      "after a write, Back reads the list again (one way out, not two)",
      "a commit refused for good offers no retry, and Back to the list",
    ]);
});

vitest.it("fails a widget that commits once per click", async () => {
  const [once] = checks.values();
  await vitest.expect(once!()).rejects.toThrow("three clicks sent 3 commits, not one");
});

vitest.it("fails a widget whose Back after a write does not read the list again", async () => {
  const [, back] = checks.values();
  await vitest.expect(back!()).rejects.toThrow("Back ran search_flights 0 times, not once");
});

/** The flights fixtures, with a second write's draft and receipt beside the first's. */
function twoWriteFixtures(): string {
  const from = join(import.meta.dirname, "../../templates/flights/fixtures");
  const dir = mkdtempSync(join(tmpdir(), "check-widget-two-"));
  for (const name of readdirSync(from)) copyFileSync(join(from, name), join(dir, name));
  for (const name of readdirSync(from).filter((n) => /^(confirm|committed)--/.test(n)))
    copyFileSync(join(from, name), join(dir, name.replace("--", "--second-")));
  return dir;
}

vitest.it(
  "plays each of an app's writes, its fixtures named, and asks for names without",
  async () => {
    const dir = twoWriteFixtures();
    const names = (prefix: string) =>
      readdirSync(dir)
        .filter((n) => n.startsWith(prefix))
        .map((n) => n.replace(/\.json$/, ""))
        .sort();
    const one = (draft?: string, committed?: string) => ({
      read: { tool: "search_flights" },
      prepare: "prepare_booking",
      commit: "book_flight",
      ...(draft ? { draft, committed } : {}),
      open: (widget: { click(selector: string): Promise<void> }) =>
        widget.click('[data-action="prepare"]'),
    });
    const collect = async (writes: ReturnType<typeof one>[]) => {
      const tests: string[] = [];
      await checkWidget({
        vitest: {
          ...vitest,
          describe: (name, body) => void (name.startsWith("DOM snapshots") ? undefined : body()),
          it: (name) => void tests.push(name),
        },
        dir,
        stories: { default: { component: CarelessWrite } },
        writes,
      });
      return tests;
    };
    try {
      const [first, second] = names("confirm--");
      const [firstDone, secondDone] = names("committed--");
      vitest
        .expect(await collect([one(first, firstDone), one(second, secondDone)]))
        .toHaveLength(6);
      await vitest
        .expect(collect([one()]))
        .rejects.toThrow(
          "2 recorded confirm--*.json fixtures where the write needs one (name it with write.draft)",
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
