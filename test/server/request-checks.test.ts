import { describe, expect, it } from "vitest";
import { hostAllowed, originAllowed } from "../../src/server/http/request-checks.ts";

// What the SDK's URL-based host and origin checks would let through (see request-checks.ts).
describe("Host and Origin as sent, not as a URL parser normalises them", () => {
  it("refuses a Host that is no plain loopback name and port", () => {
    for (const host of [
      "127.1",
      "2130706433:80",
      "0x7f.0.0.1",
      "evil@localhost",
      "localhost/x",
      "localhost#x",
      "[0:0:0:0:0:0:0:1]:5",
    ])
      expect(hostAllowed(host, undefined), host).toBe(false);
    expect(hostAllowed("LOCALHOST:1", undefined)).toBe(true);
  });

  it("matches a listed Host with its port", () => {
    const listed = new Set(["127.0.0.1:8787", "mcp.example:8443"]);
    expect(hostAllowed("127.0.0.1:8787", listed)).toBe(true);
    expect(hostAllowed("mcp.example:8443", listed)).toBe(true);
    expect(hostAllowed("127.0.0.1:9999", listed)).toBe(false);
    expect(hostAllowed("mcp.example", listed)).toBe(false);
  });

  it("matches a listed Origin with its scheme and port", () => {
    const listed = ["https://chat.example"];
    expect(originAllowed("https://chat.example", listed)).toBe(true);
    expect(originAllowed("http://chat.example", listed)).toBe(false);
    expect(originAllowed("https://chat.example:8443", listed)).toBe(false);
    expect(originAllowed("https://localhost:5173", undefined)).toBe(false);
    expect(originAllowed("http://localhost:5173", undefined)).toBe(true);
    expect(originAllowed(undefined, listed)).toBe(true);
  });
});
