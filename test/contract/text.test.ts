import { describe, expect, it } from "vitest";
import { clipText, isHttpsOrLoopbackUrl, isHttpsUrl } from "../../src/contract/text.ts";
import { parseVersion } from "../../src/contract/version.ts";

describe("isHttpsUrl", () => {
  it.each([
    "https://cdn.example.com/a.png",
    "https://a.b:8443/x?y=1#z",
    "https://xn--80ak6aa92e.com/",
  ])("accepts %s", (url) => {
    expect(isHttpsUrl(url)).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://example.com/",
    "//example.com/x",
    "https://user:pw@example.com/",
    "https://example.com\\@evil.com/",
    "https://exa mple.com/",
    "https://example.com/\u0000",
    " https://example.com/",
    "https://",
    "/relative/path",
    "",
  ])("refuses %j", (url) => {
    expect(isHttpsUrl(url)).toBe(false);
  });
  it("refuses non-strings and very long URLs", () => {
    expect(isHttpsUrl(42)).toBe(false);
    expect(isHttpsUrl({ toString: () => "https://a.com" })).toBe(false);
    expect(isHttpsUrl(`https://a.com/${"x".repeat(5_000)}`)).toBe(false);
  });
});

describe("clipText", () => {
  it("keeps short text as is", () => {
    expect(clipText("hello", 5)).toBe("hello");
    expect(clipText("😀😀😀", 3)).toBe("😀😀😀"); // 6 UTF-16 units, 3 code points
  });
  it("shortens by code points and ends in an ellipsis", () => {
    expect(clipText("abcdef", 4)).toBe("abc…");
    expect(clipText("😀😀😀😀", 3)).toBe("😀😀…");
    expect(Array.from(clipText("礼".repeat(10_000), 100))).toHaveLength(100);
  });
});

describe("parseVersion", () => {
  it("reads MAJOR.MINOR only", () => {
    expect(parseVersion("1.0")).toEqual({ major: 1, minor: 0 });
    expect(parseVersion("12.34")).toEqual({ major: 12, minor: 34 });
    for (const bad of ["1", "1.0.0", "v1.0", "01.0", "1.-1", 1, null])
      expect(parseVersion(bad)).toBeUndefined();
  });
});

describe("isHttpsOrLoopbackUrl", () => {
  it.each([
    "https://cdn.example.com/a.png",
    "http://127.0.0.1:8787/images/a.png",
    "http://localhost/a.png?size=2#top",
    "http://[::1]:5173",
    "http://localhost",
  ])("accepts %s", (url) => {
    expect(isHttpsOrLoopbackUrl(url)).toBe(true);
  });
  it.each([
    "http://example.com/a.png",
    "http://localhost.evil.example/a.png",
    "http://127.0.0.1.evil.example/",
    "http://127.0.0.2/",
    "http://localhost:123456/",
    "http://localhost:8787/a b",
    "http://localhost/a\\b",
    "http://user@localhost/",
    "HTTP://LOCALHOST/",
    "javascript:alert(1)",
    `http://localhost/${"a".repeat(4_080)}`,
    42,
  ])("refuses %s", (url) => {
    expect(isHttpsOrLoopbackUrl(url)).toBe(false);
  });
});
