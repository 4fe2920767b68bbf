/**
 * Development or production: the one decision every development-only feature asks (the
 * development sign-in with its password-less test users, an app's built-in secrets, the dev
 * host's fault switch). Development is explicit — `NODE_ENV` exactly `development` or `test`
 * — and everything else is production: unset, `production`, `staging`, `Production`. A server
 * started by hand on a machine nobody configured must fail closed, not hand out tokens for
 * test users.
 */

/** The environment a mode is read from (`process.env` by default). */
export type ModeEnvironment = { readonly [name: string]: string | undefined };

/** True only when `NODE_ENV` is `development` or `test`. */
export function isDevelopment(env: ModeEnvironment = process.env): boolean {
  return env.NODE_ENV === "development" || env.NODE_ENV === "test";
}

/** Why a server refuses to start: settings production needs are missing or break its rules. */
export class StartupRefusal extends Error {
  /** The environment variables that must be set (or set to a value within the rules). */
  readonly missing: readonly string[];
  constructor(message: string, missing: readonly string[]) {
    super(message);
    this.name = "StartupRefusal";
    this.missing = missing;
  }
}

/** The names in `required` that `env` leaves unset or empty. */
export function missingSettings(env: ModeEnvironment, required: readonly string[]): string[] {
  return required.filter((name) => !env[name]);
}

/**
 * Throws a {@link StartupRefusal} naming every one of `required` that `env` lacks, when `env`
 * is production; development starts without them. The message says both ways out: set them,
 * or run in development.
 */
export function requireProductionSettings(env: ModeEnvironment, required: readonly string[]): void {
  if (isDevelopment(env)) return;
  const missing = missingSettings(env, required);
  if (missing.length === 0) return;
  const mode = env.NODE_ENV === undefined ? "unset" : JSON.stringify(env.NODE_ENV);
  throw new StartupRefusal(
    `production (NODE_ENV ${mode}) needs ${missing.join(", ")}; set ${
      missing.length === 1 ? "it" : "them"
    }, or run with NODE_ENV=development for local development (npm start and mcp-widget-kit dev do)`,
    missing,
  );
}

/** The environment variables that hold an app's idempotency timing (seconds). */
export interface IdempotencySettingNames {
  /** How long a finished record is kept; default name `IDEMPOTENCY_TTL_SECONDS`. */
  ttlSeconds: string;
  /** How long a claim may run before it is stale; default name `IDEMPOTENCY_LEASE_SECONDS`. */
  leaseSeconds: string;
}

const TIMING_NAMES: IdempotencySettingNames = {
  ttlSeconds: "IDEMPOTENCY_TTL_SECONDS",
  leaseSeconds: "IDEMPOTENCY_LEASE_SECONDS",
};

/**
 * What production holds idempotency timing to, in seconds. A TTL under a minute forgets a key
 * before a person's retry arrives (and at 0 every concurrent commit ran its own effect); one
 * over 30 days keeps records no retry needs. A lease over an hour blocks a crashed request's
 * retries that long; the TTL must outlast the lease, or a claim would outlive its record.
 */
export const IDEMPOTENCY_TIMING_BOUNDS = {
  ttlSeconds: { min: 60, max: 30 * 86_400 },
  leaseSeconds: { min: 1, max: 3_600 },
} as const;

/**
 * Throws a {@link StartupRefusal} naming the first idempotency setting of `env` that breaks
 * the rules: in every mode a value that is set must be a whole number of seconds above 0 (a
 * TTL or lease of 0 lets concurrent commits of one key each run); in production it must also
 * lie within {@link IDEMPOTENCY_TIMING_BOUNDS}, and the TTL must be at least the lease. Unset
 * settings are left to the app's defaults. The value itself is never repeated.
 */
export function requireIdempotencySettings(
  env: ModeEnvironment,
  names: IdempotencySettingNames = TIMING_NAMES,
  defaults: { ttlSeconds: number; leaseSeconds: number } = { ttlSeconds: 86_400, leaseSeconds: 30 },
): void {
  const production = !isDevelopment(env);
  const read = (which: keyof IdempotencySettingNames): number => {
    const name = names[which];
    const text = env[name];
    if (text === undefined || text === "") return defaults[which];
    const value = /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    const bounds = IDEMPOTENCY_TIMING_BOUNDS[which];
    if (!(value > 0))
      throw new StartupRefusal(`${name} must be a whole number of seconds above 0`, [name]);
    if (production && (value < bounds.min || value > bounds.max))
      throw new StartupRefusal(
        `${name} must lie between ${bounds.min} and ${bounds.max} seconds in production`,
        [name],
      );
    return value;
  };
  const ttl = read("ttlSeconds");
  const lease = read("leaseSeconds");
  if (production && ttl < lease)
    throw new StartupRefusal(
      `${names.ttlSeconds} must be at least ${names.leaseSeconds} in production`,
      [names.ttlSeconds],
    );
}
