/** Loads GiftGenius' sample tool outputs (`test/payloads`, one case per file; see its README). */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** One sample: what the tool returned and what the widget must show. */
export interface SamplePayload {
  name: string;
  expect: string;
  expect_gifts?: number;
  note?: string;
  structuredContent: unknown;
}

/** The folder of sample tool outputs. */
export const payloadsDir = join(dirname(fileURLToPath(import.meta.url)), "payloads");

/** Every sample with its file name, sorted; fails loudly when there is none. */
export function loadPayloadFiles(): Array<[file: string, payload: SamplePayload]> {
  const files = readdirSync(payloadsDir)
    .filter((file) => file.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new Error(`no sample payloads in ${payloadsDir}`);
  return files.map((file) => [
    file,
    JSON.parse(readFileSync(join(payloadsDir, file), "utf8")) as SamplePayload,
  ]);
}

/** Every sample, sorted by file name. */
export function loadPayloads(): SamplePayload[] {
  return loadPayloadFiles().map(([, payload]) => payload);
}
