import { describe, expect, it } from "vitest";
import {
  isLoopbackAddress,
  isLoopbackHost,
  isLoopbackHostHeader,
  isLoopbackHostName,
  isLoopbackOrigin,
  LOOPBACK_HTTP_START,
  LOOPBACK_NAME_PATTERN,
  loopbackHostHeaders,
} from "../../src/core/loopback.ts";

describe("loopback", () => {
  it("knows loopback addresses in every form", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [
      "0.0.0.0",
      "::",
      "10.0.0.1",
      "192.168.1.1",
      "::ffff:10.0.0.1",
      "",
      undefined,
    ])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  it("binds only the three loopback interface names", () => {
    for (const host of ["127.0.0.1", "localhost", "::1"]) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["0.0.0.0", "::", "[::1]", "127.0.0.2", "LOCALHOST", "example.com"])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it("answers to its three names on the bound port", () => {
    expect(loopbackHostHeaders(8787)).toEqual(["127.0.0.1:8787", "localhost:8787", "[::1]:8787"]);
    for (const header of loopbackHostHeaders(8787)) expect(isLoopbackHostHeader(header)).toBe(true);
  });

  it("takes a loopback Host header with any port, nothing that only starts like one", () => {
    for (const host of ["localhost", "127.0.0.1:1", "[::1]:65535"])
      expect(isLoopbackHostHeader(host)).toBe(true);
    for (const host of [
      "localhost.evil.example",
      "127.0.0.1.evil.example:80",
      "127.0.0.2:80",
      "::1",
      "localhost:123456",
      "localhost:",
      "",
    ])
      expect(isLoopbackHostHeader(host)).toBe(false);
  });

  it("takes only http origins on a loopback name", () => {
    for (const origin of ["http://localhost:5173", "http://127.0.0.1", "http://[::1]:8080"])
      expect(isLoopbackOrigin(origin)).toBe(true);
    for (const origin of [
      "https://localhost:5173",
      "http://localhost.evil.example",
      "http://localhost:5173/",
      "http://evil.example",
      "null",
    ])
      expect(isLoopbackOrigin(origin)).toBe(false);
  });

  it("reads a Host header's name as this machine for the whole 127/8 range", () => {
    for (const name of ["localhost", "[::1]", "127.0.0.1", "127.9.9.9"])
      expect(isLoopbackHostName(name)).toBe(true);
    for (const name of ["localhost.evil.example", "", "10.0.0.1", "LOCALHOST"])
      expect(isLoopbackHostName(name)).toBe(false);
  });
});

describe("the loopback names", () => {
  it("are the same in the widget's URL start and in the pattern the server side builds on", () => {
    expect(LOOPBACK_HTTP_START.source).toBe(
      String.raw`^http:\/\/(?:${LOOPBACK_NAME_PATTERN})(?=[:/?#]|$)`,
    );
  });
});
