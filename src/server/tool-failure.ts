/**
 * Expected failures are thrown as `ToolFailure` (it carries the ToolError to send); anything
 * else thrown — a driver error, a bug — becomes `INTERNAL` and its details go to the log only.
 */
import {
  INTERNAL,
  RATE_LIMITED,
  UPSTREAM_BAD_RESPONSE,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
} from "../contract/error-codes.ts";
import type { ToolError } from "../contract/index.ts";
import { fromProblem } from "../contract/problem.ts";
import { errorFields, type ServerLogger } from "./runtime/log.ts";
import { NEXT_ACTIONS } from "./model-text/next-action.ts";

/** A ToolError without the `request_id` (the server adds it per call). */
export type ToolErrorBody = Omit<ToolError, "request_id">;

/** Throw this from a tool handler to return a structured error. */
export class ToolFailure extends Error {
  /** The error sent to the caller (its `request_id` is filled in by the server). */
  readonly error: ToolErrorBody;
  /** Extra fields for the server log only (never sent). */
  readonly logFields: { [key: string]: unknown } | undefined;

  constructor(
    error: ToolErrorBody,
    options?: { cause?: unknown; log?: { [key: string]: unknown } },
  ) {
    super(error.code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolFailure";
    this.error = error;
    this.logFields = options?.log;
  }
}

/**
 * What a failure's log line names as its cause: the first cause that is not itself a
 * ToolFailure. An app that re-words a kit failure (`new ToolFailure(own, { cause: kitFailure })`)
 * would otherwise log only the kit's code, and the driver's message under it would be lost.
 */
function loggedCause(failure: ToolFailure): unknown {
  let cause = failure.cause;
  for (let depth = 0; cause instanceof ToolFailure && depth < 8; depth++) cause = cause.cause;
  return cause;
}

/**
 * An upstream answered with an HTTP error: `body` is whatever it sent (an RFC 9457 problem,
 * HTML from a proxy, nothing). `fromProblem` reads it; the body itself is never echoed.
 */
export class UpstreamProblem extends Error {
  /** The upstream's response body, parsed (logged, never shown). */
  readonly body: unknown;
  /** The upstream's HTTP status; `undefined` when it never answered. */
  readonly status: number | undefined;
  constructor(
    status: number | undefined,
    body: unknown,
    /** A name the server chose for the upstream (in the sentence), never input. */
    readonly upstream = "upstream",
  ) {
    super(`${upstream} answered ${status ?? "without status"}`);
    this.name = "UpstreamProblem";
    this.status = status;
    this.body = body;
  }
}

/** What the generic mapping says for a retryable upstream problem without its own hint. */
const DEFAULT_UPSTREAM_RETRY_AFTER_SECONDS = 5;

/** A fixed sentence per upstream code; `upstream` is a name the server chose, never input. */
function upstreamMessage(code: string, upstream: string): string {
  switch (code) {
    case RATE_LIMITED:
      return `The ${upstream} service is rate limiting requests.`;
    case UPSTREAM_UNAVAILABLE:
      return `The ${upstream} service is unavailable right now.`;
    case UPSTREAM_TIMEOUT:
      return `The ${upstream} service did not answer in time.`;
    case UPSTREAM_BAD_RESPONSE:
      return `The ${upstream} service returned a response that could not be read.`;
    default:
      return `The ${upstream} service could not complete the request.`;
  }
}

/**
 * Maps anything thrown by a handler to the ToolError to send, logging internals under
 * `requestId`. `changes` is added for write tools (did the failed write change anything?).
 */
export function toToolError(
  thrown: unknown,
  context: { requestId: string; log: ServerLogger; tool: string; changes?: ToolError["changes"] },
): ToolError {
  const { requestId, log, tool } = context;
  let error: ToolErrorBody;
  if (thrown instanceof ToolFailure) {
    error = { ...thrown.error };
    const root = loggedCause(thrown);
    const cause = root === undefined ? {} : errorFields(root);
    log.warn("tool_failure", {
      request_id: requestId,
      tool,
      code: error.code,
      ...cause,
      ...thrown.logFields,
    });
  } else if (thrown instanceof UpstreamProblem) {
    const mapped = fromProblem(thrown.body, thrown.status);
    // An upstream's own next_action is not one of our templates: never pass it on.
    // Only the code, the retry rule and the wait cross over: an upstream's own detail, field
    // errors and next_action are its text, not ours, and may carry its internals.
    // An upstream's own code vocabulary is not ours: a status we understand gives our code.
    const status = thrown.status;
    const code =
      mapped.code === UPSTREAM_BAD_RESPONSE || status === undefined
        ? mapped.code
        : status === 429
          ? RATE_LIMITED
          : status === 504
            ? UPSTREAM_TIMEOUT
            : status >= 500
              ? UPSTREAM_UNAVAILABLE
              : mapped.code;
    error = {
      code,
      message: upstreamMessage(code, thrown.upstream),
      retryable: mapped.retryable,
      ...(mapped.retryable
        ? {
            retry_after_seconds: mapped.retry_after_seconds ?? DEFAULT_UPSTREAM_RETRY_AFTER_SECONDS,
          }
        : {}),
      next_action: mapped.retryable ? NEXT_ACTIONS.retryLater : NEXT_ACTIONS.reportFailure,
    };
    log.warn("upstream_problem", {
      request_id: requestId,
      tool,
      upstream: thrown.upstream,
      status: thrown.status,
      code: error.code,
      upstream_request_id: mapped.request_id,
    });
  } else {
    error = {
      code: INTERNAL,
      message: "The server hit an unexpected error.",
      retryable: false,
      next_action: NEXT_ACTIONS.reportFailure,
    };
    log.error("tool_crashed", { request_id: requestId, tool, ...errorFields(thrown) });
  }
  if (context.changes && error.changes === undefined) error.changes = context.changes;
  return { ...error, request_id: requestId };
}
