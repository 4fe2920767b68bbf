/**
 * The settings `serveApp` reads from the environment, in one place: the list docs/deploy.md
 * documents (a docs test compares the two), the parsing that turns a malformed value into
 * a `StartupRefusal` naming the variable, never repeating its value, and `readSettings`, the
 * one reader an app asks for them (the mode, the origin, the issuer, its own production
 * settings) instead of parsing the environment again.
 */
import { isLoopbackHost } from "../../core/loopback.ts";
import {
  authorizationSettingsFrom,
  type AuthorizationSettings,
} from "../auth/start-authorization.ts";
import {
  CONFIRMATION_PREVIOUS_SECRETS_ENV,
  CONFIRMATION_SECRET_ENV,
  DEVELOPMENT_CONFIRMATION_SECRET,
} from "../write/confirmation.ts";
import {
  isDevelopment,
  requireProductionSettings,
  StartupRefusal,
  type ModeEnvironment,
} from "../runtime/mode.ts";
import { portSetting } from "./port-settings.ts";
import {
  requireIdempotencySettings,
  requireStrongSecrets,
  wholeSetting,
  type WholeSettingRule,
} from "./setting-bounds.ts";

/**
 * Every environment variable `serveApp` (and what it starts: the sign-in, the kit's store,
 * the tool server's confirmation) reads. An app's own settings come on top.
 */
export const SERVE_APP_SETTINGS = [
  "NODE_ENV",
  "HOST",
  "PORT",
  "ALLOWED_HOSTS",
  "ALLOWED_ORIGINS",
  "PUBLIC_ORIGIN",
  "AUTH_ISSUER",
  "AUTH_AUDIENCE",
  "AUTH_JWKS_URL",
  "AUTH_TOKEN_TYPES",
  "AUTH_DEV_PORT",
  "CONFIRMATION_SECRET",
  "CONFIRMATION_PREVIOUS_SECRETS",
  "DATABASE_URL",
  "SQLITE_FILE",
  "PG_SYNCHRONOUS_COMMIT",
  "IDEMPOTENCY_TTL_SECONDS",
  "IDEMPOTENCY_LEASE_SECONDS",
  "HTTP_BODY_TIMEOUT_MS",
  "STDIO_SUBJECT",
] as const;

/** What `serveApp` (or {@link readSettings}) read from the environment. */
export interface AppSettings {
  /**
   * Development (`NODE_ENV` exactly `development` or `test`) or production (anything else,
   * unset included): development-only features — the development sign-in, built-in secrets,
   * fault switches — must ask this.
   */
  readonly development: boolean;
  /**
   * `AUTH_ISSUER`, `AUTH_AUDIENCE`, `AUTH_JWKS_URL`, `AUTH_TOKEN_TYPES`: whose tokens are
   * accepted; `undefined` without `AUTH_ISSUER` (`serveApp` then starts the development
   * sign-in, in development only).
   */
  readonly authorization: AuthorizationSettings | undefined;
  /** `HOST`: the interface to listen on (default `127.0.0.1`). */
  readonly host: string;
  /** `0` picks a free port. */
  readonly port: number;
  /** `ALLOWED_HOSTS`; unset: the loopback names of the bound port only. */
  readonly allowedHosts: readonly string[] | undefined;
  /** `ALLOWED_ORIGINS`: the browser origins allowed to call `/mcp` (comma-separated). */
  readonly allowedOrigins: readonly string[] | undefined;
  /** `PUBLIC_ORIGIN`, normalised (`https://cal.example`). */
  readonly publicOrigin: string | undefined;
  /** `DATABASE_URL`: PostgreSQL when set; the SQLite file otherwise. */
  readonly databaseUrl: string | undefined;
  /** `SQLITE_FILE`, when set. */
  readonly sqliteFile: string | undefined;
  /** `PG_SYNCHRONOUS_COMMIT`: false only for `off` (faster, less durable records; docs/server.md). */
  readonly pgSynchronousCommit: boolean;
  /** `HTTP_BODY_TIMEOUT_MS`: how long a request body may take to arrive. */
  readonly bodyTimeoutMs: number | undefined;
  /** `STDIO_SUBJECT`: the caller a stdio session acts as (default `local`). */
  readonly stdioSubject: string;
  /**
   * `IDEMPOTENCY_TTL_SECONDS` (default 86 400) and `IDEMPOTENCY_LEASE_SECONDS` (default 30),
   * within their bounds (docs/deploy.md).
   */
  readonly idempotency: { readonly ttlSeconds: number; readonly leaseSeconds: number };
}

/**
 * `HTTP_BODY_TIMEOUT_MS`'s bounds: under a second a body sent in two packets a few hundred
 * milliseconds apart is refused with 408; over an hour a stalled upload holds its socket that long.
 */
export const BODY_TIMEOUT_BOUNDS = { min: 1_000, max: 3_600_000 } as const;

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

/**
 * `value` as an origin setting (`PUBLIC_ORIGIN`): an exact `https:` origin, or `http:` on a
 * loopback host (local development); `undefined` when unset or empty. Throws a
 * `StartupRefusal` naming `name` (never repeating the value) for anything else.
 */
export function originSetting(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === "") return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const secure =
    (url?.protocol === "https:" && /^[a-z0-9.-]+$/.test(url.hostname)) ||
    (url?.protocol === "http:" && isLoopbackHost(url.hostname));
  if (!url || !secure || url.origin !== value.replace(/\/$/, ""))
    throw new StartupRefusal(
      `${name} must be an exact https origin (e.g. https://app.example), or http on 127.0.0.1/localhost`,
      [name],
    );
  return url.origin;
}

/** The idempotency timing of `settings` in ms, as `AppServerOptions.timing` takes it. */
export function timingOf(settings: Pick<AppSettings, "idempotency">): {
  readonly ttlMs: number;
  readonly leaseMs: number;
} {
  return {
    ttlMs: settings.idempotency.ttlSeconds * 1000,
    leaseMs: settings.idempotency.leaseSeconds * 1000,
  };
}

/** Reads the settings; throws a `StartupRefusal` naming the first malformed one. */
export function readAppSettings(env: ModeEnvironment, defaultPort: number): AppSettings {
  const publicOrigin = originSetting(env.PUBLIC_ORIGIN, "PUBLIC_ORIGIN");
  return {
    development: isDevelopment(env),
    authorization: authorizationSettingsFrom(env),
    host: env.HOST || "127.0.0.1",
    port: portSetting(env, "PORT", defaultPort),
    allowedHosts: list(env.ALLOWED_HOSTS),
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    publicOrigin,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.SQLITE_FILE || undefined,
    pgSynchronousCommit: env.PG_SYNCHRONOUS_COMMIT !== "off",
    bodyTimeoutMs: env.HTTP_BODY_TIMEOUT_MS?.trim()
      ? wholeSetting(env, "HTTP_BODY_TIMEOUT_MS", {
          fallback: 30_000,
          ...BODY_TIMEOUT_BOUNDS,
          unit: "ms",
        })
      : undefined,
    stdioSubject: env.STDIO_SUBJECT || "local",
    idempotency: requireIdempotencySettings(env),
  };
}

/**
 * Why `AUTH_AUDIENCE` looks wrong beside `PUBLIC_ORIGIN`, or `undefined`: one server answers
 * both, so their origins should be one.
 */
export function audienceMismatch(env: ModeEnvironment, publicOrigin: string | undefined) {
  if (!publicOrigin || !env.AUTH_AUDIENCE) return undefined;
  let audience: string;
  try {
    audience = new URL(env.AUTH_AUDIENCE).origin;
  } catch {
    return "AUTH_AUDIENCE is not a URL";
  }
  return audience === publicOrigin ? undefined : "AUTH_AUDIENCE is not on PUBLIC_ORIGIN";
}

/**
 * The kit's settings from the environment, checked as `serveApp` checks them before it
 * starts: for an app that reads one itself (its mode, its public origin, its issuer, its own
 * numbers), or serves through `createFetchHandler` and has no `serveApp` to read them.
 *
 * @param options - `env` (default `process.env`); `port`, the port when `PORT` is unset
 *   (default 8787); `required`, settings production needs (`AUTH_ISSUER` and `AUTH_AUDIENCE`
 *   for a server that has no development sign-in, `PUBLIC_ORIGIN`): missing in production,
 *   they are all named in one refusal; development starts without them. `secrets`, the app's
 *   secrets: required as well, and in production refused when weak (under 32 characters, or
 *   fewer than 10 different ones) or public — the kit's development secret or one of
 *   `publicSecrets` (an app's own, written in its source); `previousSecrets`, settings that
 *   hold rotated-out secrets (comma-separated), each held to the same strength.
 *   `CONFIRMATION_SECRET` and `CONFIRMATION_PREVIOUS_SECRETS` are always checked. `numbers`,
 *   the app's own whole-number settings by name, each with its bounds (`min`, `max`, within
 *   what its store holds), its value when unset (`fallback`) and what it counts (`unit`, for
 *   the refusal): read into `numbers` of the result.
 * @throws `StartupRefusal`, one line naming the variable, its value only when it is a number
 *   (never a secret or other text) and its bounds — e.g. `HTTP_BODY_TIMEOUT_MS=1 is refused: a
 *   whole number from 1000 to 3600000 ms` — for a malformed value or one outside its bounds
 *   (`PORT`, `HTTP_BODY_TIMEOUT_MS`, `IDEMPOTENCY_TTL_SECONDS`, `IDEMPOTENCY_LEASE_SECONDS`,
 *   `numbers`), `AUTH_ISSUER` without `AUTH_AUDIENCE`, a `required` setting or secret
 *   production lacks, or a weak or public secret in production. docs/deploy.md lists the bounds.
 */
export function readSettings<Numbers extends string = never>(
  options: {
    readonly env?: { readonly [name: string]: string | undefined };
    readonly port?: number;
    readonly required?: readonly string[];
    readonly secrets?: readonly string[];
    readonly previousSecrets?: readonly string[];
    readonly publicSecrets?: readonly string[];
    readonly numbers?: {
      readonly [Name in Numbers]: {
        readonly fallback: number;
        readonly min: number;
        readonly max: number;
        readonly unit?: string;
      };
    };
  } = {},
): AppSettings & { readonly numbers: { readonly [Name in Numbers]: number } } {
  const env = options.env ?? process.env;
  const secrets = options.secrets ?? [];
  requireProductionSettings(env, [...secrets, ...(options.required ?? [])]);
  requireStrongSecrets(env, [...new Set([...secrets, CONFIRMATION_SECRET_ENV])], {
    lists: [CONFIRMATION_PREVIOUS_SECRETS_ENV, ...(options.previousSecrets ?? [])],
    publicSecrets: [DEVELOPMENT_CONFIRMATION_SECRET, ...(options.publicSecrets ?? [])],
  });
  const settings = readAppSettings(env, options.port ?? 8787);
  const rules = options.numbers ?? ({} as NonNullable<typeof options.numbers>);
  const numbers = Object.fromEntries(
    Object.entries<WholeSettingRule>(rules).map(([name, rule]) => [
      name,
      wholeSetting(env, name, rule),
    ]),
  ) as { [Name in Numbers]: number };
  return { ...settings, numbers };
}
