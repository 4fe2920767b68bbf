/**
 * RFC 9457 problem details → ToolError. Upstream APIs (and proxies in front of them) answer
 * with anything from a well-formed problem to an HTML error page; the widget and the model
 * get a compact ToolError either way, and an unrecognised body is never echoed.
 */
import * as v from "valibot";
import { clampRetryAfterSeconds } from "./limits.ts";
import { FieldErrorSchema, type FieldError, type ToolError } from "./schemas.ts";
import {
  BAD_REQUEST,
  CONFLICT,
  FIELD_CODES,
  FORBIDDEN,
  INTERNAL,
  NOT_FOUND,
  RATE_LIMITED,
  REQUEST_REJECTED,
  UNAUTHORIZED,
  UPSTREAM_BAD_RESPONSE,
  UPSTREAM_ERROR,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
  VALIDATION_FAILED,
} from "./error-codes.ts";
import { clipText } from "./text.ts";

const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: BAD_REQUEST,
  401: UNAUTHORIZED,
  403: FORBIDDEN,
  404: NOT_FOUND,
  409: CONFLICT,
  422: VALIDATION_FAILED,
  429: RATE_LIMITED,
  500: INTERNAL,
  502: UPSTREAM_UNAVAILABLE,
  503: UPSTREAM_UNAVAILABLE,
  504: UPSTREAM_TIMEOUT,
};

/** 429, 503 and every 5xx are worth retrying; other 4xx need a changed request. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || (status >= 500 && status <= 599);
}

function codeFor(status: number | undefined): string {
  if (status === undefined) return UPSTREAM_ERROR;
  return CODE_BY_STATUS[status] ?? (status >= 500 ? UPSTREAM_ERROR : REQUEST_REJECTED);
}

function readBody(body: unknown): unknown {
  if (typeof body !== "string") return body;
  const trimmed = body.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

function isProblem(value: unknown): value is { readonly [key: string]: unknown } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const problem = value as { readonly [key: string]: unknown };
  return (
    typeof problem.title === "string" ||
    typeof problem.type === "string" ||
    typeof problem.detail === "string"
  );
}

/** `type: "https://errors.example.com/rate-limited"` → `RATE_LIMITED`. */
function codeFromType(type: unknown): string | undefined {
  if (typeof type !== "string" || type === "about:blank") return undefined;
  const last = type.split(/[/#:]/).filter(Boolean).pop();
  if (!last) return undefined;
  const code = last
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  return /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : undefined;
}

/** RFC 9457 `errors[]` entries: `{ pointer | field | name, detail | message, code? }`. */
function fieldErrorsFrom(errors: unknown): FieldError[] | undefined {
  if (!Array.isArray(errors)) return undefined;
  const out: FieldError[] = [];
  for (const entry of errors.slice(0, 100)) {
    if (typeof entry !== "object" || entry === null) continue;
    const e = entry as { readonly [key: string]: unknown };
    const pointer =
      typeof e.pointer === "string"
        ? e.pointer.replace(/^#?\//, "").replace(/\//g, ".")
        : undefined;
    const candidate = {
      field: typeof e.field === "string" ? e.field : (pointer ?? e.name),
      code: typeof e.code === "string" ? e.code : FIELD_CODES.invalid,
      message: typeof e.detail === "string" ? e.detail : e.message,
      ...(typeof e.example === "string" ? { example: e.example } : {}),
    };
    const result = v.safeParse(FieldErrorSchema, candidate);
    if (result.success) out.push(result.output);
  }
  return out.length > 0 ? out : undefined;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.trim() ? clipText(value.trim(), max) : undefined;
}

/**
 * Maps an RFC 9457 problem (`type`, `title`, `status`, `detail`, `errors[]`, and the
 * extensions `retryable`, `retry_after_seconds`, `next_action`, `request_id`, `code`) to a
 * ToolError. `status` (the HTTP status) wins over a missing `status` member.
 *
 * Not a problem (HTML from a proxy, invalid JSON, empty): `UPSTREAM_BAD_RESPONSE`, with the
 * status-based retry rule, and nothing of the body.
 */
export function fromProblem(body: unknown, status?: number): ToolError {
  const problem = readBody(body);
  const httpStatus = Number.isInteger(status) ? status : undefined;
  if (!isProblem(problem)) {
    return {
      code: UPSTREAM_BAD_RESPONSE,
      message: "The service returned a response that could not be read.",
      retryable: httpStatus === undefined ? true : isRetryableStatus(httpStatus),
    };
  }
  const memberStatus =
    typeof problem.status === "number" && Number.isInteger(problem.status)
      ? problem.status
      : undefined;
  const effective = httpStatus ?? memberStatus;
  const explicitCode =
    typeof problem.code === "string" && /^[A-Z][A-Z0-9_]{0,63}$/.test(problem.code)
      ? problem.code
      : undefined;
  const error: ToolError = {
    code: explicitCode ?? codeFromType(problem.type) ?? codeFor(effective),
    message:
      text(problem.detail, 300) ??
      text(problem.title, 300) ??
      "The service could not complete the request.",
    retryable:
      typeof problem.retryable === "boolean"
        ? problem.retryable
        : effective === undefined
          ? false
          : isRetryableStatus(effective),
  };
  const retryAfter = problem.retry_after_seconds;
  if (typeof retryAfter === "number" && Number.isFinite(retryAfter)) {
    error.retry_after_seconds = clampRetryAfterSeconds(retryAfter);
  }
  const nextAction = text(problem.next_action, 300);
  if (nextAction) error.next_action = nextAction;
  const requestId = text(problem.request_id, 100);
  if (requestId) error.request_id = requestId;
  const fieldErrors = fieldErrorsFrom(problem.errors);
  if (fieldErrors) error.field_errors = fieldErrors;
  return error;
}
