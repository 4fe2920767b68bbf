// @vitest-environment jsdom
/**
 * `checkWidget()` fails a widget that breaks the kit's write promises: its checks are run here
 * through a collecting stand-in for Vitest (the snapshots left out), against the flights
 * template's recorded fixtures, on a widget that commits once per click and never reads its
 * list again. The templates' own widget tests show it passing a widget that keeps them.
 */
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
