// @vitest-environment node
import { describe, expect, it } from "vitest";
import { callToolOnce } from "../../src/bridge/call-tool-once.ts";
import { createMockHost } from "../../src/testing/mock-host.ts";
import { hostToolResult } from "../../src/bridge/call-result.ts";
import { hasChallengeMeta, isChallengeError, needsSignIn } from "../../src/contract/sign-in.ts";
import {
  InvalidClientMetadataError,
  LONG_401_BODY,
  REJECTED_FORMS,
  RESOLVED_FORMS,
} from "../bridge/host-sign-in-forms.ts";

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

  it("reads a host's whole error: any length, its name, code and fields", () => {
    for (const [, form] of RESOLVED_FORMS) expect(isChallengeError(form)).toBe(true);
    for (const [, error] of REJECTED_FORMS) expect(isChallengeError(error())).toBe(true);
    expect(isChallengeError(new InvalidClientMetadataError("grant_types can only contain"))).toBe(
      true,
    );
    expect(isChallengeError(new Error(`Error POSTing to endpoint: ${LONG_401_BODY}`))).toBe(true);
    expect(
      isChallengeError(new Error(`Error POSTing to endpoint: {"x":"${"x".repeat(9000)}"}`)),
    ).toBe(false);
    expect(isChallengeError(Object.assign(new Error("failed"), { status: 401 }))).toBe(true);
    const cyclic = Object.assign(new Error("HTTP 401"), { self: {} });
    cyclic.self = cyclic;
    expect(isChallengeError(cyclic)).toBe(true);
    expect(isChallengeError({ isError: true, error: "socket hang up" })).toBe(false);
    expect(isChallengeError(new Error(`fetch failed ${"x".repeat(10_000)}`))).toBe(false);
  });

  it("reads a resolved { isError, error } as the host's failure, a tool's error result as a result", async () => {
    await expect(Promise.resolve(hostToolResult({ isError: true, error: "boom" }))).rejects.toEqual(
      { isError: true, error: "boom" },
    );
    expect(hostToolResult({ isError: true, content: [{ type: "text", text: "no" }] })).toEqual({
      structuredContent: null,
      content: [{ type: "text", text: "no" }],
      isError: true,
      meta: {},
    });
    const host = createMockHost();
    host.callTool = async () => hostToolResult({ isError: true, error: "socket hang up" });
    expect(await callToolOnce(host, "send_reply", {})).toMatchObject({
      ok: false,
      error: { code: "HOST_CALL_FAILED" },
    });
    host.callTool = async () => hostToolResult(RESOLVED_FORMS[0]![1]);
    expect(await callToolOnce(host, "send_reply", {})).toMatchObject({
      ok: false,
      error: { code: "AUTH_REQUIRED" },
    });
  });
});
