// @vitest-environment node
import { describe, expect, it } from "vitest";
import { callToolOnce } from "../../src/bridge/call-tool-once.ts";
import { createMockHost } from "../../src/testing/mock-host.ts";
import { hasChallengeMeta, isChallengeError, needsSignIn } from "../../src/write/sign-in.ts";

describe("sign-in detection", () => {
  it("reads the server's challenge in a host's error text, and nothing else as one", () => {
    // What ext-apps' AppBridge and the TS SDK client pass on of a 401 answer.
    expect(isChallengeError(new Error('Error POSTing to endpoint (HTTP 401): {"jsonrpc"…'))).toBe(
      true,
    );
    expect(isChallengeError(new Error("MCP error -32603: AUTH_REQUIRED"))).toBe(true);
    expect(isChallengeError('Bearer error="invalid_token"')).toBe(true);
    expect(isChallengeError(new Error("fetch failed"))).toBe(false);
    expect(isChallengeError(new Error("took 4013 ms"))).toBe(false);
    const hostile = {
      get message(): string {
        throw new Error("no");
      },
    };
    expect(isChallengeError(Object.setPrototypeOf(hostile, Error.prototype))).toBe(false);
  });

  it("knows the codes a sign-in resolves", () => {
    for (const code of ["AUTH_REQUIRED", "AUTH_INVALID", "INSUFFICIENT_SCOPE", "UNAUTHENTICATED"])
      expect(needsSignIn({ code, message: "", retryable: false })).toBe(true);
    for (const code of ["AUTHOR_NOT_FOUND", "FORBIDDEN", "VALIDATION_FAILED"])
      expect(needsSignIn({ code, message: "", retryable: false })).toBe(false);
  });

  it("reads the Apps SDK challenge in a result's _meta", () => {
    expect(hasChallengeMeta({ "mcp/www_authenticate": ['Bearer resource_metadata="x"'] })).toBe(
      true,
    );
    expect(hasChallengeMeta({ "mcp/www_authenticate": [] })).toBe(false);
    expect(hasChallengeMeta({})).toBe(false);
  });

  it("turns a host rejection carrying the challenge into AUTH_REQUIRED, with nothing changed", async () => {
    const host = createMockHost();
    host.callTool = () => Promise.reject(new Error("MCP error -32603: HTTP 401 Unauthorized"));
    expect(await callToolOnce(host, "send_reply", {})).toEqual({
      ok: false,
      error: { code: "AUTH_REQUIRED", message: "", retryable: true, changes: "none" },
    });
    host.callTool = () => Promise.reject(new Error("socket hang up"));
    expect(await callToolOnce(host, "send_reply", {})).toMatchObject({
      ok: false,
      error: { code: "HOST_CALL_FAILED" },
    });
  });
});
