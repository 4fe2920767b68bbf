/**
 * GiftGenius applies the kit's idempotency timing rules at start (issue 32): in production a
 * TTL or a lease of 0, or a lease past the bound, is refused, naming the setting. The rules
 * themselves are the kit's, tested in test/server/idempotency-settings.test.ts.
 */
import { describe, expect, it } from "vitest";
import { startupRefusal } from "../server/config.ts";
import { PRODUCTION } from "./production-env.ts";

describe("GiftGenius' idempotency settings at start", () => {
  it("GiftGenius refuses to start in production with a TTL or a lease of 0, naming the setting", () => {
    expect(startupRefusal(PRODUCTION)).toBeUndefined();
    expect(startupRefusal({ ...PRODUCTION, IDEMPOTENCY_TTL_SECONDS: "0" })).toMatch(
      /^IDEMPOTENCY_TTL_SECONDS=0 is refused/,
    );
    expect(startupRefusal({ ...PRODUCTION, IDEMPOTENCY_LEASE_SECONDS: "0" }, "stdio")).toMatch(
      /^IDEMPOTENCY_LEASE_SECONDS=0 is refused/,
    );
    expect(startupRefusal({ ...PRODUCTION, IDEMPOTENCY_LEASE_SECONDS: "2592001" })).toMatch(
      /IDEMPOTENCY_LEASE_SECONDS=2592001 is refused: a whole number from 1 to 3600 seconds in production/,
    );
  });

  it("refuses its own numbers outside the bounds the store holds, and weak or public secrets (issue 49)", () => {
    // 99999999999 searches a day overflowed PostgreSQL's integer on every search.
    expect(startupRefusal({ ...PRODUCTION, GIFTGENIUS_DAILY_LIMIT: "99999999999" })).toMatch(
      /^GIFTGENIUS_DAILY_LIMIT=99999999999 is refused: a whole number from 1 to 1000000/,
    );
    expect(startupRefusal({ ...PRODUCTION, GIFTGENIUS_CATALOG_TIMEOUT_MS: "-1" })).toMatch(
      /^GIFTGENIUS_CATALOG_TIMEOUT_MS=-1 is refused/,
    );
    expect(startupRefusal({ ...PRODUCTION, HTTP_BODY_TIMEOUT_MS: "1" })).toMatch(
      /^HTTP_BODY_TIMEOUT_MS=1 is refused: a whole number from 1000/,
    );
    expect(startupRefusal({ ...PRODUCTION, GIFTGENIUS_SECRET: "x" })).toMatch(
      /^GIFTGENIUS_SECRET is too weak for production/,
    );
    expect(
      startupRefusal({ ...PRODUCTION, GIFTGENIUS_PREVIOUS_SECRETS: "giftgenius-dev-only-secret" }),
    ).toMatch(/^GIFTGENIUS_PREVIOUS_SECRETS is a public development secret/);
    // Development keeps its built-in secret.
    expect(startupRefusal({ NODE_ENV: "development" })).toBeUndefined();
  });
});
