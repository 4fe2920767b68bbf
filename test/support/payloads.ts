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

/** The folder of sample payloads: `SHARED_PAYLOADS_DIR`, else `../shared/payloads` beside the repo. */
export function payloadDir(): string {
  return process.env.SHARED_PAYLOADS_DIR ?? path.resolve(repoRoot, "../shared/payloads");
}

/**
 * Every sample in `../shared/payloads` beside the repo (the same in a CI clone), or in
 * `SHARED_PAYLOADS_DIR` (a git worktree elsewhere); fails loudly when the folder is missing.
 */
export function loadPayloads(): SamplePayload[] {
  const dir = payloadDir();
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new Error(`no sample payloads in ${dir}`);
  return files.map(
    (file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as SamplePayload,
  );
}

/** The widget's data-state for a view-model state. */
export function domState(state: string): string {
  return state === "draft" ? "confirm" : state === "order" ? "committed" : state;
}
