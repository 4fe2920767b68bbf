/** The server's settings, from the environment (documented in docs/server.md). */
import { resolve } from "node:path";
import { readSettings, StartupRefusal } from "mcp-widget-kit/server";
import { externalCheckoutSettings } from "./external/checkout-setting.ts";

/** Everything `createGiftGenius` and `main` need. */
export interface GiftGeniusConfig {
  host: string;
  port: number;
  /** Directory with widget.manifest.json and widget.html. */
  widgetDist: string;
  /** PostgreSQL when set; SQLite at `sqliteFile` otherwise. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** `PG_SYNCHRONOUS_COMMIT=off`: faster, less durable idempotency records (see docs/server.md). */
  pgSynchronousCommit: boolean;
  /** Secret that signs draft ids; every process sharing a store must share it. */
  draftSecret: string;
  /**
   * `GIFTGENIUS_PREVIOUS_SECRETS` (comma list): secrets rotated out whose confirmation proofs
   * are still accepted, so the commits the person already confirmed survive a rotation.
   */
  previousSecrets: string[];
  dailyLimit: number;
  catalogTimeoutMs: number;
  idempotencyTtlMs: number;
  idempotencyLeaseMs: number;
  idempotencyWaitMs: number;
  /**
   * `AUTH_DEV_PORT`: where the development authorization server listens. (`AUTH_ISSUER`,
   * `AUTH_AUDIENCE` and `AUTH_JWKS_URL` are read by the kit: `serveApp`, `readSettings`.)
   */
  authDevPort: number;
  /**
   * `HTTP_BODY_TIMEOUT_MS`: how long a request body may take to arrive (default 30 000); a
   * stalled upload gets a 408 then, on Node, Bun and Deno alike.
   */
  bodyTimeoutMs: number;
  /** `STDIO_SUBJECT`: who the one person on a stdio connection is (the process owner). */
  stdioSubject: string;
  faults: string | undefined;
  /**
   * `GIFTGENIUS_PAYMENT_SHEET=off`: no ChatGPT payment sheet (`start_checkout`,
   * `complete_checkout`); the widget then pays by its own confirm-and-commit path everywhere.
   * Default on: the widget pays on the sheet where the host offers one.
   */
  paymentSheet: boolean;
  /**
   * `GIFTGENIUS_CHECKOUT_ORIGIN`: the merchant checkout's origin (https). Set, the app offers external checkout where the host has no payment sheet,
   * and the origin is the widget's redirect domain (external/checkout-setting.ts).
   */
  checkoutOrigin: string | undefined;
  /**
   * `GIFTGENIUS_WEBHOOK_SECRETS` (comma list, current first): the provider's webhook signing
   * secrets; required with `GIFTGENIUS_CHECKOUT_ORIGIN`.
   */
  webhookSecrets: string[];
  allowedHosts: string[] | undefined;
  allowedOrigins: string[] | undefined;
  /**
   * `PUBLIC_ORIGIN`: where people's browsers reach this server (the gift pictures' origin,
   * declared in the widget's CSP). Unset: the origin it listens on, `http://127.0.0.1:PORT`.
   */
  publicOrigin: string | undefined;
}

const DEV_SECRET = "giftgenius-dev-only-secret";

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

/** `GIFTGENIUS_PAYMENT_SHEET`: `on` (default) or `off`; anything else is a start-up refusal. */
function paymentSheetSetting(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new StartupRefusal("GIFTGENIUS_PAYMENT_SHEET must be on or off", []);
}

/** Reads the configuration from `env`. Throws on malformed values (a clear start-up error). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): GiftGeniusConfig {
  // The kit's settings within the kit's bounds (PORT, HTTP_BODY_TIMEOUT_MS, the idempotency
  // timing, PUBLIC_ORIGIN), and GiftGenius' own numbers within theirs: a value outside its
  // bounds is a one-line refusal at start, never a failure on every search later.
  const kit = readSettings({
    env,
    numbers: {
      // Counted in an `integer` column; a million a day is already no limit for one person.
      GIFTGENIUS_DAILY_LIMIT: { fallback: 50, min: 1, max: 1_000_000, unit: "searches a day" },
      GIFTGENIUS_CATALOG_TIMEOUT_MS: { fallback: 2_000, min: 100, max: 60_000, unit: "ms" },
      IDEMPOTENCY_WAIT_MS: { fallback: 5_000, min: 0, max: 120_000, unit: "ms" },
      AUTH_DEV_PORT: { fallback: 8788, min: 0, max: 65_535 },
    },
  });
  return {
    host: kit.host,
    port: kit.port,
    widgetDist: resolve(env.WIDGET_DIST || "dist"),
    databaseUrl: kit.databaseUrl,
    sqliteFile: resolve(kit.sqliteFile ?? "data/giftgenius.sqlite"),
    pgSynchronousCommit: kit.pgSynchronousCommit,
    draftSecret: env.GIFTGENIUS_SECRET || DEV_SECRET,
    previousSecrets: (env.GIFTGENIUS_PREVIOUS_SECRETS ?? "")
      .split(",")
      .map((secret) => secret.trim())
      .filter((secret) => secret.length > 0),
    // Counted in an `integer` column; a million a day is already no limit for one person.
    dailyLimit: kit.numbers.GIFTGENIUS_DAILY_LIMIT,
    catalogTimeoutMs: kit.numbers.GIFTGENIUS_CATALOG_TIMEOUT_MS,
    idempotencyTtlMs: kit.idempotency.ttlSeconds * 1000,
    idempotencyLeaseMs: kit.idempotency.leaseSeconds * 1000,
    idempotencyWaitMs: kit.numbers.IDEMPOTENCY_WAIT_MS,
    authDevPort: kit.numbers.AUTH_DEV_PORT,
    bodyTimeoutMs: kit.bodyTimeoutMs ?? 30_000,
    stdioSubject: kit.stdioSubject,
    faults: env.GIFTGENIUS_FAULTS,
    paymentSheet: paymentSheetSetting(env.GIFTGENIUS_PAYMENT_SHEET),
    ...externalCheckoutSettings(env),
    allowedHosts: list(env.ALLOWED_HOSTS),
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    // The kit's reading: an exact https origin (http on loopback), else a StartupRefusal.
    publicOrigin: kit.publicOrigin,
  };
}

/**
 * Why the server must not start with `env`, as one line naming every variable to set, or
 * `undefined`. Production (the kit's `development` setting is false: `NODE_ENV` unset,
 * `production`, `staging`, …) needs the draft secret — the built-in one is public (it is in this file), so
 * anyone could sign drafts with it — and, over HTTP, the issuer whose tokens it accepts and
 * `PUBLIC_ORIGIN`: without it the widget's CSP and the gift pictures would name the address the
 * process listens on, which no browser behind a proxy can reach. `GIFTGENIUS_FAULTS` is refused
 * there: it makes payments time out and the catalog fail on purpose, and a variable copied from a
 * test script into a deployment must stop the start, not quietly break real orders.
 */
export function startupRefusal(
  env: NodeJS.ProcessEnv = process.env,
  transport: "http" | "stdio" = "http",
): string | undefined {
  if (env.GIFTGENIUS_FAULTS && !readSettings({ env }).development)
    return "GIFTGENIUS_FAULTS injects faults (failed payments, catalog errors) and is for development and tests only; unset it in production, or set NODE_ENV=development";
  try {
    // The kit's rules too: a TTL or lease of 0 once let 50 concurrent commits of one key place
    // 49 orders.
    readSettings({
      env,
      // Rotated-out secrets still accept proofs: each is held to the same strength. So are the
      // provider's webhook secrets: a weak one would let anyone mark an order paid.
      secrets: ["GIFTGENIUS_SECRET"],
      previousSecrets: ["GIFTGENIUS_PREVIOUS_SECRETS", "GIFTGENIUS_WEBHOOK_SECRETS"],
      publicSecrets: [DEV_SECRET],
      required: transport === "http" ? ["AUTH_ISSUER", "AUTH_AUDIENCE", "PUBLIC_ORIGIN"] : [],
    });
    // GiftGenius' own numbers, within their bounds, before anything starts.
    readConfig(env);
    return undefined;
  } catch (error) {
    if (error instanceof StartupRefusal) return error.message;
    throw error;
  }
}

/**
 * Why `AUTH_AUDIENCE` (the canonical URI tokens must name) looks wrong beside `PUBLIC_ORIGIN`,
 * or `undefined`: one server answers both, so their origins should be one.
 */
export function audienceMismatch(
  config: GiftGeniusConfig,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (!config.publicOrigin || !env.AUTH_AUDIENCE) return undefined;
  let origin: string | undefined;
  try {
    origin = new URL(env.AUTH_AUDIENCE).origin;
  } catch {
    return "AUTH_AUDIENCE is not a URL";
  }
  return origin === config.publicOrigin
    ? undefined
    : `AUTH_AUDIENCE (${origin}) is not on PUBLIC_ORIGIN (${config.publicOrigin})`;
}

/** True when the draft secret is the built-in development one. */
export function usesDevSecret(config: GiftGeniusConfig): boolean {
  return config.draftSecret === DEV_SECRET;
}
