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
