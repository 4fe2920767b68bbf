/**
 * The person confirms, by construction: a commit the widget confirms is hidden from the model,
 * and it runs only with a proof that travelled in the widget-only lane. The prepare tool's
 * successful result carries the proof in `_meta["mcp-widget-kit/confirmation"]` — which hosts
 * hand to the widget and not to the model — and the commit takes it back as its `confirmation`
 * argument. The tool server (tool-server.ts) checks it before the handler runs, so an app
 * declares `confirm: { prepare: "…" }` and writes no crypto and no check.
 *
 * The proof is an HMAC-SHA256 over (draft id, caller scope, expiry), keyed by a key derived
 * from the app's secret (so it never equals a MAC the app makes with that secret itself).
 * What it proves: whoever sends it read the prepare result's `_meta` for this draft, as this
 * signed-in caller — the widget, not the model. It is not part of the idempotency fingerprint
 * (the kit strips it before the handler sees the arguments): a retry with a re-issued proof
 * keeps matching its record, and which effect a commit is stays the key's and the draft's.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  CONFIRMATION_ARGUMENT,
  CONFIRMATION_META,
  MAX_CONFIRMATION_LENGTH,
} from "../../contract/confirmation.ts";
import { CONFIRMATION_REQUIRED } from "../../contract/error-codes.ts";
import type { KindDefinition } from "../../contract/kinds.ts";
import type { ToolError } from "../../contract/schemas.ts";
import { requireStrongSecrets } from "../app/setting-bounds.ts";
import { isDevelopment, requireProductionSettings } from "../runtime/mode.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { ToolDefinition } from "../tool-definition.ts";

/** The environment variable the tool server reads the secret from when none is given. */
export const CONFIRMATION_SECRET_ENV = "CONFIRMATION_SECRET";
/** The environment variable with the secrets rotated out but still accepted (comma list). */
export const CONFIRMATION_PREVIOUS_SECRETS_ENV = "CONFIRMATION_PREVIOUS_SECRETS";

/**
 * How long a proof is accepted (25 h): longer than a draft lives plus the idempotency
 * record's 24 h, so a retry that completes an in-doubt record — one the person confirmed while
 * the draft was valid — is never refused for an expired proof. Drafts bound when a new
 * commit may start; the proof only says who confirmed.
 */
export const DEFAULT_CONFIRMATION_TTL_MS = 25 * 3_600_000;

/**
 * The secret development signs with when none is set. Public by design (it is in the kit's
 * source): production refuses it as `CONFIRMATION_SECRET` or any other app secret.
 */
export const DEVELOPMENT_CONFIRMATION_SECRET = "mcp-widget-kit-development-confirmation-secret";
const PROOF = /^v1\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Who confirms a write (`ToolDefinition.confirm`). `{ prepare }`: the person, in the widget;
 * `"model"`: anyone who can call it, the model included.
 */
export type ConfirmRule = NonNullable<ToolDefinition["confirm"]>;

/** Options of the proof (`createToolServer`'s `confirmation`). */
export interface ConfirmationOptions {
  /**
   * The app's secret; every process serving the app must share it. Default: the
   * `CONFIRMATION_SECRET` environment variable; in development (NODE_ENV development or test)
   * a built-in public one. Production refuses to start without one, naming it.
   */
  readonly secret?: string;
  /**
   * Secrets rotated out, still accepted (never used to sign): during a rotation, the proofs a
   * widget already holds — for a retry of a commit in doubt, or the replay of one whose answer
   * was lost — keep working. Keep an old secret here for at least the idempotency TTL plus the
   * draft's life. Default: `CONFIRMATION_PREVIOUS_SECRETS` (comma-separated).
   */
  readonly previousSecrets?: readonly string[];
  /** How long a proof is accepted (default 25 hours). */
  readonly ttlMs?: number;
  /** The clock (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
  /** Where the secret and mode are read (default `process.env`). */
  readonly env?: { readonly [name: string]: string | undefined };
}

/** The secret to sign with: the given one, the environment's, or development's built-in one. */
export function confirmationSecret(options: ConfirmationOptions = {}): string {
  const env = options.env ?? process.env;
  if (options.secret) return options.secret;
  requireProductionSettings(env, [CONFIRMATION_SECRET_ENV]);
  requireStrongSecrets(env, [CONFIRMATION_SECRET_ENV], {
    lists: [CONFIRMATION_PREVIOUS_SECRETS_ENV],
    publicSecrets: [DEVELOPMENT_CONFIRMATION_SECRET],
  });
  const fromEnv = env[CONFIRMATION_SECRET_ENV];
  return fromEnv || (isDevelopment(env) ? DEVELOPMENT_CONFIRMATION_SECRET : "");
}

/**
 * The keys an app signs with for one purpose (`label`), each derived from a secret so it never
 * equals a MAC the app makes with the secret itself: `key` from the current secret (it
 * signs), `keys` with the rotated-out ones after it (they still verify). Throws
 * `StartupRefusal` in production without a secret.
 */
export function signingKeys(
  options: ConfirmationOptions,
  label: string,
): { key: Buffer; keys: Buffer[] } {
  const keyOf = (secret: string) => createHmac("sha256", secret).update(label).digest();
  const key = keyOf(confirmationSecret(options));
  const env = options.env ?? process.env;
  const previous = (
    options.previousSecrets ?? (env[CONFIRMATION_PREVIOUS_SECRETS_ENV] ?? "").split(",")
  )
    .map((secret) => secret.trim())
    .filter((secret) => secret.length > 0);
  // The current key first: it signs, and it is the one nearly every proof carries.
  return { key, keys: [key, ...previous.map(keyOf)] };
}

/**
 * The proof signer, which issues and checks proofs (throws `StartupRefusal` in production
 * without a secret).
 */
export function createConfirmationSigner(options: ConfirmationOptions = {}): {
  /** A proof for `draftId` as confirmed by `scope` (the caller scope). */
  issue(draftId: string, scope: string): string;
  /** True only for a genuine, unexpired proof of this draft and scope. Never throws. */
  verify(proof: unknown, draftId: string, scope: string): boolean;
} {
  const { key, keys } = signingKeys(options, "mcp-widget-kit/confirmation/v1");
  const ttlMs = options.ttlMs ?? DEFAULT_CONFIRMATION_TTL_MS;
  if (!(ttlMs > 0)) throw new TypeError("confirmation: ttlMs must be above 0");
  const now = options.now ?? Date.now;
  // Length-prefixed fields: no draft id or scope can be split into another pair.
  const mac = (signingKey: Buffer, draftId: string, scope: string, expires: string) =>
    createHmac("sha256", signingKey)
      .update(JSON.stringify([draftId, scope, expires]))
      .digest("base64url");
  return {
    issue(draftId, scope) {
      const expires = Math.ceil(now() + ttlMs).toString(36);
      return `v1.${expires}.${mac(key, draftId, scope, expires)}`;
    },
    verify(proof, draftId, scope) {
      if (typeof proof !== "string" || proof.length > MAX_CONFIRMATION_LENGTH) return false;
      const [, expires = "", signature = ""] = PROOF.exec(proof) ?? [];
      if (!signature) return false;
      const given = Buffer.from(signature);
      const genuine = keys.some((each) => {
        const expected = Buffer.from(mac(each, draftId, scope, expires));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      return genuine && parseInt(expires, 36) > now();
    },
  };
}

/** A call of a `recordFirst` commit without a valid proof, while its handler runs. */
export interface UnconfirmedCall {
  /** Set by `runIdempotent` when its record answered (a replay, an in-doubt finish). */
  admitted: boolean;
}

const unconfirmed = new AsyncLocalStorage<UnconfirmedCall>();

/**
 * Runs `work` as a call without a valid proof: `runIdempotent` inside it only replays or
 * finishes an existing record, and marks the call admitted when it did.
 */
export function runUnconfirmed<T>(call: UnconfirmedCall, work: () => Promise<T>): Promise<T> {
  return unconfirmed.run(call, work);
}

/** The unconfirmed call running now, if any (`runIdempotent` asks). */
export function currentUnconfirmedCall(): UnconfirmedCall | undefined {
  return unconfirmed.getStore();
}

/**
 * The refusal of a commit without a valid proof: fixed text (nothing of the call is echoed),
 * nothing changed, and not retryable by the model — the person confirms in the app.
 */
export function confirmationRequired(requestId: string): ToolError {
  return {
    code: CONFIRMATION_REQUIRED,
    message:
      "This write is confirmed by the person, not called by the model: in the app's widget (an MCP Apps host), or in the form a client that supports MCP elicitation shows.",
    retryable: false,
    next_action: NEXT_ACTIONS.confirmInApp,
    changes: "none",
    request_id: requestId,
  };
}

/**
 * A commit tool's `_meta` with app-only visibility: MCP Apps `ui.visibility` (kept beside its
 * `ui.resourceUri`) — the one form ChatGPT reads since it deprecated `openai/visibility` — and
 * widget access.
 */
export function appOnlyMeta(meta: { readonly [key: string]: unknown } = {}): {
  [key: string]: unknown;
} {
  const ui = meta.ui;
  return {
    ...meta,
    ui: { ...(typeof ui === "object" && ui !== null ? ui : {}), visibility: ["app"] },
    "openai/widgetAccessible": true,
  };
}

/**
 * The draft id in a prepare tool's success data: `data[entry].draft_id`, where `entry` is the
 * draft entry the plan found in the tool's kind.
 */
export function draftIdOf(
  data: { readonly [key: string]: unknown },
  entry: string,
): string | undefined {
  const draft = Object.hasOwn(data, entry) ? data[entry] : undefined;
  if (typeof draft !== "object" || draft === null) return undefined;
  const id = (draft as { readonly draft_id?: unknown }).draft_id;
  return typeof id === "string" && id.length > 0 ? id : undefined;
}

/** A tool as the confirmation plan reads it. */
interface DeclaredTool {
  readonly name: string;
  readonly kind: string;
  readonly writes?: boolean | undefined;
  readonly confirm?: ConfirmRule | undefined;
  readonly arguments: { readonly schema: unknown };
}

/** Which tools commit under a proof, and which issue it. */
export interface ConfirmationPlan {
  /** Commit tools that need a proof. */
  readonly commits: ReadonlySet<string>;
  /** Prepare tools whose results carry one, each with the entry of its kind holding the draft. */
  readonly prepares: ReadonlyMap<string, string>;
}

/** Whether a valibot schema is an object (plain, strict, loose, piped) with a `draft_id` entry. */
function carriesDraftId(schema: unknown): boolean {
  const entries = (schema as { readonly entries?: unknown } | null)?.entries;
  return typeof entries === "object" && entries !== null && Object.hasOwn(entries, "draft_id");
}

/**
 * The entry of a prepare tool's kind that holds its draft — the one object entry with a
 * `draft_id`, whatever it is called — or a start-up refusal naming the fix when there is none
 * or more than one (a proof issued for no draft would refuse every confirmed commit).
 */
function draftEntryOf(tool: DeclaredTool, kinds: { readonly [kind: string]: KindDefinition }) {
  const kind = Object.hasOwn(kinds, tool.kind) ? kinds[tool.kind] : undefined;
  const found =
    kind?.view === "record"
      ? Object.keys(kind.entries).filter((entry) => carriesDraftId(kind.entries[entry]))
      : [];
  if (found.length === 1) return found[0]!;
  throw new TypeError(
    `Tool "${tool.name}" prepares a confirmed write, so its kind "${tool.kind}" must be a record kind with exactly one entry that is an object with a draft_id (e.g. entries: { quote: v.object({ draft_id: id(), … }) }); ${found.length === 0 ? "it has none" : `it has ${found.length}: ${found.join(", ")}`}.`,
  );
}

/**
 * Reads the tools' `confirm` declarations, and refuses (at startup, naming the tool) a write
 * that declares no confirmation, a prepare tool that does not exist or itself writes or whose
 * kind has no single draft entry, and a confirmed commit whose arguments have no `draft_id` or
 * already name `confirmation`.
 */
export function planConfirmations(
  tools: Iterable<DeclaredTool>,
  kinds: { readonly [kind: string]: KindDefinition },
): ConfirmationPlan {
  const byName = new Map([...tools].map((tool) => [tool.name, tool]));
  const commits = new Set<string>();
  const prepares = new Map<string, string>();
  for (const tool of byName.values()) {
    if (tool.confirm === undefined) {
      if (tool.writes)
        throw new TypeError(
          `Tool "${tool.name}" writes: declare who confirms it, confirm: { prepare: "<its prepare tool>" } (the person, in the widget) or confirm: "model"`,
        );
      continue;
    }
    if (tool.confirm === "model") continue;
    const prepare = byName.get(tool.confirm.prepare);
    if (!prepare || prepare.writes)
      throw new TypeError(
        `Tool "${tool.name}": confirm.prepare must name a tool of this server that does not write`,
      );
    const entries = (tool.arguments.schema as { entries?: { [key: string]: unknown } }).entries;
    if (!entries || !("draft_id" in entries) || CONFIRMATION_ARGUMENT in entries)
      throw new TypeError(
        `Tool "${tool.name}": a confirmed commit takes draft_id, and the kit adds ${CONFIRMATION_ARGUMENT}`,
      );
    commits.add(tool.name);
    prepares.set(prepare.name, draftEntryOf(prepare, kinds));
  }
  return { commits, prepares };
}

/**
 * A commit's input schema with the `confirmation` argument added: required, unless the commit
 * has a confirmation form — then a client without the widget calls it without one (and the
 * person confirms in the form), and a schema that required it would stop a client that checks
 * required fields before it calls (the official MCP Inspector's form does).
 */
export function withConfirmationArgument<S extends { [key: string]: unknown }>(
  schema: S,
  required = true,
): S {
  const properties = (schema.properties ?? {}) as { [key: string]: unknown };
  const listed = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return {
    ...schema,
    properties: {
      ...properties,
      [CONFIRMATION_ARGUMENT]: {
        type: "string",
        maxLength: MAX_CONFIRMATION_LENGTH,
        description: required
          ? `The proof from the prepare result's _meta["${CONFIRMATION_META}"]; the app sends it when the person confirms.`
          : `The proof from the prepare result's _meta["${CONFIRMATION_META}"]; the app sends it when the person confirms in its widget. Leave it out elsewhere: the person is asked to confirm in a form.`,
      },
    },
    required: required ? [...listed, CONFIRMATION_ARGUMENT] : listed,
  };
}
