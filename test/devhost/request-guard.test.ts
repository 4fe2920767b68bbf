import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { hasLoopbackHost, isServedOnLoopback } from "../../src/server/http/request-guard.ts";

function request(bound: string | undefined, local: string, host = "127.0.0.1:1"): IncomingMessage {
  const server =
    bound === undefined
      ? undefined
      : { address: () => ({ address: bound, family: "IPv4", port: 1 }) };
  return {
    socket: { server, localAddress: local },
    headers: { host },
  } as unknown as IncomingMessage;
}

describe("loopback checks", () => {
  it("judges the address the server is bound to, not the one a request came in on", () => {
    expect(isServedOnLoopback(request("127.0.0.1", "127.0.0.1"))).toBe(true);
    // Bound to every interface: a request over loopback does not make the switch safe.
    expect(isServedOnLoopback(request("0.0.0.0", "127.0.0.1"))).toBe(false);
    expect(isServedOnLoopback(request("::", "::1"))).toBe(false);
    expect(isServedOnLoopback(request(undefined, "127.0.0.1"))).toBe(true);
  });

  it("accepts only loopback host names (DNS rebinding)", () => {
    for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787", "localhost"])
      expect(hasLoopbackHost(request("127.0.0.1", "127.0.0.1", host))).toBe(true);
    for (const host of [
      "evil.example:8787",
      "127.0.0.1.evil.example",
      "localhost.evil.example:1",
      "",
    ])
      expect(hasLoopbackHost(request("127.0.0.1", "127.0.0.1", host))).toBe(false);
  });
});
