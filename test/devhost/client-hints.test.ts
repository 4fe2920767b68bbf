import { describe, expect, it } from "vitest";
import { challengeFormOf } from "../../src/server/auth/challenge-form.ts";
import { clientHints } from "../../src/devhost/page/client-hints.ts";

describe("the dev page's client hints", () => {
  it("are ChatGPT's openai/* hints under the ChatGPT protocol, and none under MCP Apps", () => {
    expect(clientHints({ protocol: "openai", locale: "ru" }, "UA/1")).toEqual({
      "openai/locale": "ru",
      "openai/userAgent": "UA/1",
    });
    expect(clientHints({ protocol: "mcp-apps", locale: "ru" }, "UA/1")).toBeUndefined();
  });

  it("choose the refusal form the server gives each protocol's real host", () => {
    const call = (protocol: "openai" | "mcp-apps") => ({
      method: "tools/call",
      params: { name: "x", _meta: clientHints({ protocol, locale: "en" }, "UA") },
    });
    expect(challengeFormOf(call("openai"))).toBe("result");
    expect(challengeFormOf(call("mcp-apps"))).toBe("status");
  });
});
