/**
 * What the browser suite renders: every sample payload in test/payloads and
 * every recorded tool result in test/fixtures/*.json, each with the data-state it must show.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { giftGenius } from "../../contract.ts";
import { GIFTGENIUS } from "./targets.ts";

/** One page load: the host globals and what the widget root must show. */
export interface WidgetCase {
  name: string;
  toolOutput: unknown;
  toolResponseMetadata?: unknown;
  expect: string;
  expectGifts?: number;
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

/** The sample payloads kept in the repository. */
export function payloadsDir(): string {
  return join(GIFTGENIUS, "test/payloads");
}

/**
 * Sample payloads: `{ name, expect, expect_gifts?, structuredContent }`. Through
 * `window.openai`, a `null` tool output cannot be told apart from one not delivered yet, so
 * the DOM contract shows `loading` for it whatever the payload expects (its `invalid` applies
 * where the result arrives through a tool call).
 */
export function payloadCases(): WidgetCase[] {
  return jsonFiles(payloadsDir()).map((path) => {
    const payload = readJson(path);
    const toolOutput = payload.structuredContent ?? null;
    return {
      name: `payload ${String(payload.name)}`,
      toolOutput,
      expect: toolOutput === null ? "loading" : String(payload.expect),
      ...(typeof payload.expect_gifts === "number" ? { expectGifts: payload.expect_gifts } : {}),
    };
  });
}

/**
 * Recorded CallToolResults. The widget sees `structuredContent` as toolOutput and `_meta` as
 * toolResponseMetadata; the expected state is what the contract parser says (or the file's
 * own `expect`, when it has one).
 */
export function fixtureCases(): WidgetCase[] {
  return jsonFiles(join(GIFTGENIUS, "test/fixtures")).map((path) => {
    const file = readJson(path);
    const result = (
      typeof file.result === "object" && file.result !== null ? file.result : file
    ) as Record<string, unknown>;
    const view = giftGenius.parse(result.structuredContent);
    const gifts = "items" in view ? view.items.length : undefined;
    return {
      name: `fixture ${path.slice(path.lastIndexOf("/") + 1)}`,
      toolOutput: result.structuredContent ?? null,
      toolResponseMetadata: result._meta ?? null,
      expect: typeof file.expect === "string" ? file.expect : view.state,
      ...(gifts !== undefined
        ? { expectGifts: typeof file.expect_gifts === "number" ? file.expect_gifts : gifts }
        : {}),
    };
  });
}
