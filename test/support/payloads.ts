/** Loads the shared sample payloads (`../shared/payloads` beside the repo). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is `test/support/payloads.ts`). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** One sample: what the tool returned and what the widget must show. */
export interface SamplePayload {
  name: string;
  expect: string;
  expect_gifts?: number;
  note?: string;
  structuredContent: unknown;
}

/**
 * Every sample in `../shared/payloads` beside the repo (the same in a CI clone), or in
 * `SHARED_PAYLOADS_DIR` (a git worktree elsewhere); fails loudly when the folder is missing.
 */
export function loadPayloads(): SamplePayload[] {
  const dir = process.env.SHARED_PAYLOADS_DIR ?? path.resolve(repoRoot, "../shared/payloads");
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new Error(`no sample payloads in ${dir}`);
  return files.map(
    (file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as SamplePayload,
  );
}
