/**
 * Per-tool authorization: what each tool declares to hosts (`securitySchemes`, read by
 * ChatGPT and MCP Apps hosts), and the decision for one call — allowed, sign-in needed (401),
 * or more scope needed (403) — as a ToolError both readers can act on. The error never says
 * why a token was refused (expired, wrong audience, bad signature): that goes to the log only.
 */
import { AUTH_INVALID, AUTH_REQUIRED, INSUFFICIENT_SCOPE } from "../../contract/error-codes.ts";
import type { ToolError } from "../../contract/index.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import { hasScopes, type Principal } from "./principal.ts";
import type { ChallengeOptions } from "./protected-resource.ts";

/** What a tool requires of its caller (`ToolDefinition.auth`). */
export interface ToolAuth {
  /** Scopes a call needs. */
  scopes: readonly string[];
  /**
   * `true`: anonymous calls are allowed too (a signed-in caller gets their own limits).
   * Default `false`: a call without a valid token is refused.
   */
  optional?: boolean;
}

/** One entry of a tool's `securitySchemes` (Apps SDK tool descriptor). */
export type SecurityScheme = { type: "noauth" } | { type: "oauth2"; scopes: string[] };

/** The `_meta` key of a tool result that tells the host to (re)start sign-in. */
export const WWW_AUTHENTICATE_META = "mcp/www_authenticate";

/**
 * What a tool effectively requires: its own `auth`, or — for a tool that writes and declares
 * none — a verified caller with no particular scope (a write is never scoped to a connection).
 */
export function effectiveToolAuth(
  auth: ToolAuth | undefined,
  writes: boolean | undefined,
): ToolAuth | undefined {
  return auth ?? (writes ? { scopes: [] } : undefined);
}

/** What a model is told of a tool that needs a signed-in person, added to its description. */
export const SIGN_IN_SENTENCE =
  "Needs the person to be signed in: if they are not, the call asks them to sign in, then runs again.";

/**
 * The description a model reads: the tool's own, and — when the tool refuses anonymous calls
 * — the sign-in sentence, so a model knows before it calls (the app never has to say it).
 */
export function describedForModel(description: string, auth: ToolAuth | undefined): string {
  if (!auth || auth.optional) return description;
  return `${description.trimEnd()} ${SIGN_IN_SENTENCE}`;
}

/** The declaration hosts read: `noauth`, `oauth2` with scopes, or both (either works). */
export function securitySchemes(auth: ToolAuth | undefined): SecurityScheme[] {
  if (!auth) return [{ type: "noauth" }];
  const oauth: SecurityScheme = { type: "oauth2", scopes: [...auth.scopes] };
  return auth.optional ? [{ type: "noauth" }, oauth] : [oauth];
}

/** A refused call: the HTTP status, the challenge, and the ToolError. */
export interface AccessDenial {
  /** 401: sign in (again); 403: more scope. */
  status: 401 | 403;
  /** What the `WWW-Authenticate` challenge adds. */
  challenge: ChallengeOptions;
  /** The tool's ToolError (stable code, `retryable: false`). */
  error: ToolError;
}

/** How the request authenticated, as the transport saw it. */
export type RequestAuth =
  { state: "anonymous" } | { state: "refused" } | { state: "verified"; principal: Principal };

/**
 * Decides one call (`auth` as `effectiveToolAuth` gives it). `writes`: the ToolError says
 * nothing changed. A refused token is refused for every tool (RFC 6750: the client must learn
 * its token is bad), anonymous-capable or not.
 */
export function decideAccess(
  auth: ToolAuth | undefined,
  request: RequestAuth,
  writes = false,
): AccessDenial | undefined {
  const changes = writes ? { changes: "none" as const } : {};
  if (request.state === "refused") {
    return {
      status: 401,
      challenge: { error: "invalid_token", ...(auth ? { scopes: auth.scopes } : {}) },
      error: {
        code: AUTH_INVALID,
        message: "The sign-in is no longer valid; sign in again.",
        retryable: false,
        next_action: NEXT_ACTIONS.signIn,
        ...changes,
      },
    };
  }
  if (!auth) return undefined;
  if (request.state === "anonymous") {
    if (auth.optional) return undefined;
    return {
      status: 401,
      challenge: { scopes: auth.scopes },
      error: {
        code: AUTH_REQUIRED,
        message: "Sign-in is required for this tool.",
        retryable: false,
        next_action: NEXT_ACTIONS.signIn,
        ...changes,
      },
    };
  }
  if (hasScopes(request.principal, auth.scopes)) return undefined;
  return {
    status: 403,
    challenge: { error: "insufficient_scope", scopes: auth.scopes },
    error: {
      code: INSUFFICIENT_SCOPE,
      message: "The sign-in does not allow this action.",
      retryable: false,
      next_action: NEXT_ACTIONS.moreAccess,
      ...changes,
    },
  };
}
