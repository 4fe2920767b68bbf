/**
 * Which form a refused tool call takes: in the result (ChatGPT, marked by its `openai/…` client
 * hints in the request's `_meta`) or by the HTTP status (everyone else). The request is
 * untrusted: nothing it holds may throw, and only an own `openai/` key in `params._meta` counts.
 */
import { challengeFormOf } from "../../src/server/auth/challenge-form.ts";

const call = (params: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params });

describe("challengeFormOf", () => {
  it("answers ChatGPT in the result: any openai/ client hint in the request's _meta", () => {
    // The hints ChatGPT sends with a tool call (the Apps SDK's "Inspect client context hints").
    for (const meta of [
      { "openai/userAgent": "ChatGPT/1.2025.012" },
      { "openai/locale": "en-US", "openai/userLocation": { country: "US" } },
      { timezone: "Europe/Lisbon", "openai/subject": "v1/abc" },
    ])
      expect(challengeFormOf(call({ name: "commit_order", _meta: meta }))).toBe("result");
  });

  it("answers every other client by the status", () => {
    for (const params of [
      { name: "commit_order" },
      { name: "commit_order", _meta: {} },
      { name: "commit_order", _meta: { progressToken: 3 } },
      { name: "commit_order", _meta: { "io.modelcontextprotocol/clientInfo": { name: "x" } } },
      // Not the request's meta: an argument or a nested key does not count.
      { name: "commit_order", arguments: { _meta: { "openai/locale": "en" } } },
      { name: "commit_order", _meta: { nested: { "openai/locale": "en" } } },
      { name: "commit_order", _meta: { openai: "locale" } },
    ])
      expect(challengeFormOf(call(params))).toBe("status");
  });

  it("never throws on what an untrusted body holds", () => {
    const inherited = Object.create({ "openai/locale": "en" }) as object;
    for (const message of [
      undefined,
      null,
      7,
      "tools/call",
      [],
      { params: null },
      { params: "x" },
      call({ _meta: null }),
      call({ _meta: "openai/locale" }),
      call({ _meta: ["openai/locale"] }),
      call({ _meta: inherited }),
    ])
      expect(challengeFormOf(message)).toBe("status");
  });
});
