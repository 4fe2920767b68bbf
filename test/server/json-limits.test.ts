/**
 * The shape limits of a request body: just under each limit passes, one over is refused —
 * by the scanner, and over HTTP with a 400 JSON-RPC parse error before the SDK sees the body
 * (5,000 levels used to be a 500 with a stack in the log, from the SDK's `JSON.stringify`).
 */
import { DEFAULT_JSON_LIMITS } from "../../src/server/http/json-limits.ts";
import { jsonLimitBroken } from "../../src/server/http/json-limits.ts";
import { GOOD_LIST } from "../fixture-app/app.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";

const { maxDepth, maxKeys, maxItems } = DEFAULT_JSON_LIMITS;

/** `depth` arrays nested, as text. */
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
/** An object with `count` members. */
const wide = (count: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])));
/** An array with `count` items. */
const long = (count: number) => JSON.stringify(Array.from({ length: count }, (_, i) => i));

describe("jsonLimitBroken", () => {
  it.each([
    ["depth", nested(maxDepth), nested(maxDepth + 1)],
    ["keys", wide(maxKeys), wide(maxKeys + 1)],
    ["items", long(maxItems), long(maxItems + 1)],
  ])("passes the %s limit exactly and refuses one more", (_name, under, over) => {
    expect(jsonLimitBroken(under)).toBeUndefined();
    expect(jsonLimitBroken(over)).toMatch(/deeper than|more than/);
  });

  it("counts objects and arrays alike for depth, and each container on its own", () => {
    const mixed = '{"a":'.repeat(maxDepth / 2) + "[".repeat(maxDepth / 2);
    expect(jsonLimitBroken(mixed + "]".repeat(maxDepth / 2) + "}".repeat(maxDepth / 2))).toBe(
      undefined,
    );
    expect(jsonLimitBroken(`{"a":${mixed}}`)).toMatch(/deeper than 64/);
    // Two arrays of maxItems each, side by side: neither is over.
    expect(jsonLimitBroken(`[${long(maxItems)},${long(maxItems)}]`)).toBeUndefined();
  });

  it("ignores brackets, braces and commas inside strings (escaped quotes too)", () => {
    const tricky = JSON.stringify({ s: '[[[{{{,,,\\"' + "[".repeat(500) });
    expect(jsonLimitBroken(tricky)).toBeUndefined();
    expect(jsonLimitBroken(JSON.stringify(["a,b,c".repeat(maxItems)]))).toBeUndefined();
  });

  it("takes limits of its own", () => {
    expect(jsonLimitBroken(nested(3), { maxDepth: 2 })).toMatch(/deeper than 2/);
    expect(jsonLimitBroken(wide(3), { maxKeys: 2 })).toMatch(/more than 2 members/);
    expect(jsonLimitBroken(long(3), { maxItems: 2 })).toMatch(/more than 2 items/);
    expect(jsonLimitBroken("[]", { maxItems: 0 })).toBeUndefined();
  });
});

describe("HTTP body shape limits", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    h = await startFixture();
  });
  afterAll(() => h.close());

  const post = (body: string) =>
    fetch(h.endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body,
    });

  /** A list_products call whose `tags` holds `value`. */
  const callWith = (value: unknown) =>
    `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_products","arguments":` +
    JSON.stringify({ ...GOOD_LIST, tags: "@" }).replace('"@"', String(value)) +
    "}}";

  it.each([5_000, 100_000])(
    "answers %i levels with 400 -32700, no 5xx, no stack",
    async (depth) => {
      const before = h.log.lines.length;
      const response = await post(callWith(nested(depth)));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32700, message: expect.stringMatching(/nested deeper than 64/) },
      });
      const lines = h.log.lines.slice(before);
      expect(lines.map((line) => [line.level, line.event])).toEqual([
        ["info", "http_body_refused"],
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/stack| {4}at /);
    },
  );

  it.each([
    ["members", wide(maxKeys + 1)],
    ["items", long(maxItems + 1)],
  ])("answers an object or array with too many %s with 400 -32700", async (_name, value) => {
    const response = await post(callWith(value));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32700 } });
  });

  it("lets a body just within every limit reach the tool (a ToolError, not a refusal)", async () => {
    // The body's own 4 levels (message, params, arguments, tags) count too.
    for (const value of [nested(maxDepth - 3), wide(maxKeys), long(maxItems)]) {
      const response = await post(callWith(value));
      expect(response.status).toBe(200);
      // An SSE answer: one `data:` line holding the JSON-RPC response.
      const data = /^data: (.*)$/m.exec(await response.text())?.[1] ?? "{}";
      const answer = JSON.parse(data) as { result?: { structuredContent?: unknown } };
      expect(answer.result?.structuredContent).toMatchObject({
        ok: false,
        error: { code: "VALIDATION_FAILED" },
      });
    }
  });
});
