/** Loads the sample payloads kept in the repository (`test/payloads`). */
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

/** The sample tool outputs, one case per file (see its README). */
export const payloadsDir = path.join(repoRoot, "test/payloads");

/** Every sample in `test/payloads` with its file name, sorted; fails loudly when there is none. */
export function loadPayloadFiles(): Array<[file: string, payload: SamplePayload]> {
  const files = readdirSync(payloadsDir)
    .filter((file) => file.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new Error(`no sample payloads in ${payloadsDir}`);
  return files.map((file) => [
    file,
    JSON.parse(readFileSync(path.join(payloadsDir, file), "utf8")) as SamplePayload,
  ]);
}

/** Every sample in `test/payloads`, sorted by file name. */
export function loadPayloads(): SamplePayload[] {
  return loadPayloadFiles().map(([, payload]) => payload);
}
