/**
 * The kit's sources never name the example app: `src/` is what every app installs, and a
 * GiftGenius word there (twice now, in comments) is a sign that example knowledge leaked into
 * the kit. Issue 25 asks `grep -ri gift src/` to stay empty, and issue 35 widens it to the
 * example's tool and kind names (`prepare_order`, `commit_order`, `order_draft`): a kit doc
 * comment giving one of those as "e.g." teaches an app another app's names. Every file of
 * src/, the server's too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/repo-root.ts";

const SRC = path.join(repoRoot, "src");

/** The example app's words: its name, its domain, its tool and kind names (a superset of issue 35's `grep -rniE`). */
const EXAMPLE_NAMES = /gift|prepare_order|commit_order|order_draft/i;

it("no file under src/ mentions the example app or its tools (case-insensitive)", () => {
  const hits = readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(SRC, file))
    .filter((file) => /\.(ts|tsx|css|html|json|md)$/.test(file))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          EXAMPLE_NAMES.test(line)
            ? [`${path.relative(repoRoot, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
  expect(hits).toEqual([]);
});
