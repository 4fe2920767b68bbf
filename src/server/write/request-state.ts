/**
 * The seal of a confirmation form's `requestState` (MCP 2026-07-28 multi-round-trip requests):
 * the state a commit's input request hands the client, which the client echoes back with the
 * person's answer. It travels through the client, so it is attacker-controlled on return: an
 * HMAC-SHA256 under a key derived from the app's confirmation secret (`signingKeys`, its own
 * label: it never verifies as a widget's proof, nor a proof as it), over the caller scope, the
 * draft, the commit tool, a digest of the call's arguments, an expiry and a random nonce.
 * `open` tells each way it can fail by a stable code; the nonce's single use is the caller's
 * to enforce in the idempotency store (`ConfirmForm.spend`), since a seal alone cannot.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { signingKeys, type ConfirmationOptions } from "./confirmation.ts";

/** How long the person has to answer a confirmation form (10 minutes). */
export const DEFAULT_FORM_TTL_MS = 10 * 60_000;

/** The longest `requestState` the kit ever mints (anything longer is refused unread). */
const MAX_STATE_LENGTH = 2_048;
const STATE = /^f1\.([A-Za-z0-9_-]{1,1800})\.([A-Za-z0-9_-]{43})$/;

/** The refusal codes of a returned `requestState`, each with nothing changed. */
export const FORM_STATE_CODES = {
  /** Not a state this app sealed: malformed, altered, or signed with another key. */
  invalid: "CONFIRMATION_STATE_INVALID",
  /** Sealed, but past its expiry: the person answered too late. */
  expired: "CONFIRMATION_STATE_EXPIRED",
  /** Sealed for another signed-in caller. */
  otherCaller: "CONFIRMATION_STATE_OTHER_CALLER",
  /** Sealed for another draft, another tool or other arguments than this call's. */
  otherCall: "CONFIRMATION_STATE_OTHER_CALL",
  /** Already answered once: a state confirms one call. */
  used: "CONFIRMATION_STATE_USED",
} as const;

/** One of `FORM_STATE_CODES`. */
export type FormStateCode = (typeof FORM_STATE_CODES)[keyof typeof FORM_STATE_CODES];

/** What a state is sealed for: the call it may confirm. */
export interface FormCall {
  /** The caller scope (`callerScope(principal)`). */
  readonly caller: string;
  /** The commit tool's name. */
  readonly tool: string;
  /** The commit's `draft_id`. */
  readonly draftId: string;
  /** The call's validated arguments (the proof taken out): `callDigest` of them is sealed. */
  readonly args: unknown;
}

/** An opened state: its nonce (to spend once) and when it expires (ms). */
export interface OpenedState {
  readonly nonce: string;
  readonly expires: number;
}

/** JSON with object keys sorted, so the same arguments always digest the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as { [key: string]: unknown })
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonical(each)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The digest of a call's arguments that a state is bound to. */
export function callDigest(args: unknown): string {
  return createHash("sha256").update(canonical(args)).digest("base64url");
}

/** The sealer of form states (throws `StartupRefusal` in production without a secret). */
export function createFormStateSeal(
  options: ConfirmationOptions & { readonly formTtlMs?: number } = {},
) {
  const { key, keys } = signingKeys(options, "mcp-widget-kit/confirmation-form/v1");
  const ttlMs = options.formTtlMs ?? DEFAULT_FORM_TTL_MS;
  if (!(ttlMs > 0)) throw new TypeError("confirmation: formTtlMs must be above 0");
  const now = options.now ?? Date.now;
  const mac = (signingKey: Buffer, body: string) =>
    createHmac("sha256", signingKey).update(body).digest("base64url");
  return {
    /** A new state for `call`, with its nonce and expiry. */
    seal(call: FormCall): { state: string } & OpenedState {
      const nonce = randomBytes(16).toString("base64url");
      const expires = Math.ceil(now() + ttlMs);
      const fields = [call.caller, call.tool, call.draftId, callDigest(call.args), expires, nonce];
      const body = Buffer.from(JSON.stringify(fields)).toString("base64url");
      return { state: `f1.${body}.${mac(key, body)}`, nonce, expires };
    },
    /** The state's nonce when it is genuine, unexpired and sealed for `call`. Never throws. */
    open(state: unknown, call: FormCall): OpenedState | { refused: FormStateCode } {
      const invalid = { refused: FORM_STATE_CODES.invalid } as const;
      if (typeof state !== "string" || state.length > MAX_STATE_LENGTH) return invalid;
      const [, body = "", signature = ""] = STATE.exec(state) ?? [];
      if (!signature) return invalid;
      const given = Buffer.from(signature);
      const genuine = keys.some((each) => {
        const expected = Buffer.from(mac(each, body));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!genuine) return invalid;
      const fields = fieldsOf(body);
      if (!fields) return invalid;
      const [caller, tool, draftId, digest, expires, nonce] = fields;
      if (expires <= now()) return { refused: FORM_STATE_CODES.expired };
      if (caller !== call.caller) return { refused: FORM_STATE_CODES.otherCaller };
      if (tool !== call.tool || draftId !== call.draftId || digest !== callDigest(call.args))
        return { refused: FORM_STATE_CODES.otherCall };
      return { nonce, expires };
    },
  };
}

/** The sealer `createFormStateSeal` makes. */
export type FormStateSeal = ReturnType<typeof createFormStateSeal>;

type Fields = [string, string, string, string, number, string];

/** The sealed fields of a genuine body (only ever the kit's own JSON; checked all the same). */
function fieldsOf(body: string): Fields | undefined {
  try {
    const fields: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (!Array.isArray(fields) || fields.length !== 6) return undefined;
    const [a, b, c, d, e, f] = fields as unknown[];
    const strings = [a, b, c, d, f].every((each) => typeof each === "string");
    return strings && typeof e === "number" ? (fields as Fields) : undefined;
  } catch {
    return undefined;
  }
}
