/**
 * The bounds a setting must lie within before a server starts, so a value the store cannot
 * hold or a timeout no client can meet is refused in one line at start instead of failing
 * every request later (a daily limit of 99999999999 overflowed PostgreSQL's `integer` on every
 * search; a body timeout of 1 ms answered 408 to a body sent in two packets). Secrets get a
 * minimum strength in production, and the kit's public development secret is refused there.
 * docs/deploy.md lists every bound.
 */
import { isDevelopment, StartupRefusal, type ModeEnvironment } from "../runtime/mode.ts";

/** The largest value a PostgreSQL `integer` column holds (counts, limits, lease milliseconds). */
export const STORE_INTEGER_MAX = 2_147_483_647;

/** The bounds of one whole-number setting, and its value when unset. */
export interface WholeSettingRule {
  /** The value when the setting is unset or empty (it need not lie within the bounds). */
  readonly fallback: number;
  /** The smallest value accepted. */
  readonly min: number;
  /** The largest value accepted (at most {@link STORE_INTEGER_MAX} for what a store keeps). */
  readonly max: number;
  /** What the number counts, for the refusal line: `"ms"`, `"seconds"`, `"searches a day"`. */
  readonly unit?: string;
}

// A value that reads as a number is shown in the refusal (it cannot be a secret); anything
// else — a pasted token, markup — is never repeated.
const NUMBER_LIKE = /^[-+]?[0-9][0-9_.,eE+-]{0,23}$/;

/**
 * The whole number `env[name]` holds, or `rule.fallback` when it is unset or empty.
 *
 * @throws `StartupRefusal` naming `name`, its value (only when it reads as a number) and the
 *   bounds, when the value is not a whole number from `rule.min` to `rule.max`, e.g.
 *   `HTTP_BODY_TIMEOUT_MS=1 is refused: a whole number from 1000 to 3600000 ms`.
 */
export function wholeSetting(env: ModeEnvironment, name: string, rule: WholeSettingRule): number {
  const text = env[name]?.trim();
  if (text === undefined || text === "") return rule.fallback;
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (value >= rule.min && value <= rule.max) return value;
  const shown = NUMBER_LIKE.test(text) ? `=${text}` : " (not a whole number)";
  throw new StartupRefusal(
    `${name}${shown} is refused: a whole number from ${rule.min} to ${rule.max}${
      rule.unit ? ` ${rule.unit}` : ""
    }`,
    [name],
  );
}

/** The fewest characters a production secret may have (`openssl rand -base64 32` gives 44). */
export const SECRET_MIN_LENGTH = 32;
// A long run of few characters ("aaaa…", "abab…") is as guessable as a short secret.
const SECRET_MIN_DISTINCT = 10;

/**
 * In production, throws a `StartupRefusal` naming the first of `names` whose secret is weak:
 * shorter than {@link SECRET_MIN_LENGTH} characters, of fewer than 10 distinct characters, or
 * one of `publicSecrets` (development secrets written in source, the kit's or an app's). A name in `lists` holds secrets separated by commas (rotated-out secrets
 * still accepted), each checked. Unset names are left to the presence check; development
 * accepts anything. The secret itself is never repeated.
 */
export function requireStrongSecrets(
  env: ModeEnvironment,
  names: readonly string[],
  options: { readonly lists?: readonly string[]; readonly publicSecrets?: readonly string[] } = {},
): void {
  if (isDevelopment(env)) return;
  const known = new Set(options.publicSecrets ?? []);
  const check = (name: string, secrets: readonly string[]) => {
    for (const secret of secrets) {
      if (known.has(secret))
        throw new StartupRefusal(
          `${name} is a public development secret and is refused in production; set a random one (openssl rand -base64 32)`,
          [name],
        );
      if (secret.length < SECRET_MIN_LENGTH || new Set(secret).size < SECRET_MIN_DISTINCT)
        throw new StartupRefusal(
          `${name} is too weak for production: at least ${SECRET_MIN_LENGTH} characters, ${SECRET_MIN_DISTINCT} of them different (openssl rand -base64 32)`,
          [name],
        );
    }
  };
  for (const name of names) if (env[name]) check(name, [env[name]]);
  for (const name of options.lists ?? [])
    check(
      name,
      (env[name] ?? "")
        .split(",")
        .map((secret) => secret.trim())
        .filter((secret) => secret.length > 0),
    );
}

/** The environment variables that hold an app's idempotency timing (seconds). */
export interface IdempotencySettingNames {
  /** How long a finished record is kept; default name `IDEMPOTENCY_TTL_SECONDS`. */
  readonly ttlSeconds: string;
  /** How long a claim may run before it is stale; default name `IDEMPOTENCY_LEASE_SECONDS`. */
  readonly leaseSeconds: string;
}

const TIMING_NAMES: IdempotencySettingNames = {
  ttlSeconds: "IDEMPOTENCY_TTL_SECONDS",
  leaseSeconds: "IDEMPOTENCY_LEASE_SECONDS",
};

/**
 * What idempotency timing is held to, in seconds. In every mode: above 0 (a TTL or lease of 0
 * let concurrent commits of one key each run) and what the store holds (the lease is kept in
 * milliseconds in an `integer` column; a TTL is capped at ten years). In production also: a TTL
 * under a minute forgets a key before a person's retry arrives, one over 30 days keeps records
 * no retry needs; a lease over an hour blocks a crashed request's retries that long.
 */
export const IDEMPOTENCY_TIMING_BOUNDS = {
  ttlSeconds: { min: 1, max: 10 * 365 * 86_400, production: { min: 60, max: 30 * 86_400 } },
  leaseSeconds: { min: 1, max: 86_400, production: { min: 1, max: 3_600 } },
} as const;

/**
 * The idempotency timing of `env` in seconds (`defaults` for unset settings), or a
 * `StartupRefusal` naming the first setting outside {@link IDEMPOTENCY_TIMING_BOUNDS} — the
 * production bounds in production — or, in production, a TTL shorter than the lease (a claim
 * would outlive its record).
 */
export function requireIdempotencySettings(
  env: ModeEnvironment,
  names: IdempotencySettingNames = TIMING_NAMES,
  defaults: { ttlSeconds: number; leaseSeconds: number } = { ttlSeconds: 86_400, leaseSeconds: 30 },
): { ttlSeconds: number; leaseSeconds: number } {
  const production = !isDevelopment(env);
  const read = (which: keyof IdempotencySettingNames): number => {
    const bounds = IDEMPOTENCY_TIMING_BOUNDS[which];
    const { min, max } = production ? bounds.production : bounds;
    return wholeSetting(env, names[which], {
      fallback: defaults[which],
      min,
      max,
      unit: production ? "seconds in production" : "seconds",
    });
  };
  const ttlSeconds = read("ttlSeconds");
  const leaseSeconds = read("leaseSeconds");
  if (production && ttlSeconds < leaseSeconds)
    throw new StartupRefusal(
      `${names.ttlSeconds}=${ttlSeconds} is refused: at least ${names.leaseSeconds} (${leaseSeconds}) in production`,
      [names.ttlSeconds],
    );
  return { ttlSeconds, leaseSeconds };
}
