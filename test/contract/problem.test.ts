import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromProblem } from "../../src/contract/problem.ts";
import { ToolErrorSchema } from "../../src/contract/schemas.ts";
import * as v from "valibot";

describe("fromProblem", () => {
  it("maps a full RFC 9457 problem with extensions", () => {
    const error = fromProblem(
      {
        type: "https://errors.example.com/validation-failed",
        title: "Your request parameters didn't validate.",
        status: 422,
        detail: "budget_min is greater than budget_max.",
        errors: [
          { pointer: "#/budget_min", detail: "must be ≤ budget_max", code: "RANGE" },
          { field: "age", message: "must be 0–120", example: "30" },
          { nonsense: true },
        ],
        retryable: false,
        next_action: "Change budget_min and call again.",
        request_id: "req_9",
      },
      422,
    );
    expect(error).toEqual({
      code: "VALIDATION_FAILED",
      message: "budget_min is greater than budget_max.",
      retryable: false,
      next_action: "Change budget_min and call again.",
      request_id: "req_9",
      field_errors: [
        { field: "budget_min", code: "RANGE", message: "must be ≤ budget_max" },
        { field: "age", code: "INVALID", message: "must be 0–120", example: "30" },
      ],
    });
  });

  it.each([
    [429, true, "RATE_LIMITED"],
    [503, true, "UPSTREAM_UNAVAILABLE"],
    [500, true, "INTERNAL"],
    [599, true, "UPSTREAM_ERROR"],
    [400, false, "BAD_REQUEST"],
    [401, false, "UNAUTHORIZED"],
    [404, false, "NOT_FOUND"],
    [422, false, "VALIDATION_FAILED"],
  ])("status %i defaults to retryable=%s", (status, retryable, code) => {
    const error = fromProblem({ type: "about:blank", title: "Something", status }, status);
    expect(error.retryable).toBe(retryable);
    expect(error.code).toBe(code);
  });

  it("takes the status member when no HTTP status is given, and the explicit retryable over the default", () => {
    expect(fromProblem({ title: "Busy", status: 503 }).retryable).toBe(true);
    expect(fromProblem({ title: "Busy", status: 503, retryable: false }).retryable).toBe(false);
  });

  it("clamps retry_after_seconds", () => {
    expect(
      fromProblem({ title: "Slow down", retry_after_seconds: 12.5 }, 429).retry_after_seconds,
    ).toBe(13);
    expect(
      fromProblem({ title: "Slow down", retry_after_seconds: -1 }, 429).retry_after_seconds,
    ).toBe(0);
    expect(
      fromProblem({ title: "Slow down", retry_after_seconds: 1e9 }, 429).retry_after_seconds,
    ).toBe(3600);
  });

  it("reads a problem given as JSON text", () => {
    expect(
      fromProblem('{"title":"Gone","status":410,"code":"ITEM_UNAVAILABLE"}', 410),
    ).toMatchObject({ code: "ITEM_UNAVAILABLE", retryable: false });
  });

  it.each([
    [
      "an HTML page from a proxy",
      "<html><body>502 Bad Gateway at internal-lb-7.corp.local</body></html>",
      502,
      true,
    ],
    ["invalid JSON", '{"title": "unterminated', 500, true],
    ["an empty body", "", 503, true],
    ["null", null, 400, false],
    ["a JSON array", [{ title: "x" }], 500, true],
    [
      "an object that is not a problem",
      { stack: "Error: at db.query (/srv/app/db.js:12)", sql: "SELECT * FROM users" },
      500,
      true,
    ],
  ])("turns %s into UPSTREAM_BAD_RESPONSE without echoing it", (_name, body, status, retryable) => {
    const error = fromProblem(body, status);
    expect(error.code).toBe("UPSTREAM_BAD_RESPONSE");
    expect(error.retryable).toBe(retryable);
    const text = JSON.stringify(error);
    expect(text).not.toMatch(/internal-lb|SELECT|db\.js|unterminated|stack/);
  });

  it("always returns a valid ToolError, whatever the body", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.string(), fc.json()),
        fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }),
        (body, status) => {
          const error = fromProblem(body, status);
          expect(v.safeParse(ToolErrorSchema, error).success).toBe(true);
          expect(JSON.stringify(error).length).toBeLessThan(2_000);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
