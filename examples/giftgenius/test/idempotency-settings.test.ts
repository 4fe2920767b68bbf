/**
 * GiftGenius applies the kit's idempotency timing rules at start (issue 32): in production a
 * TTL or a lease of 0, or a lease past the bound, is refused, naming the setting. The rules
 * themselves are the kit's, tested in test/server/idempotency-settings.test.ts.
 */
import { describe, expect, it } from "vitest";
import { startupRefusal } from "../server/config.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  GIFTGENIUS_SECRET: "s",
  AUTH_ISSUER: "https://id.example",
  AUTH_AUDIENCE: "https://app.example/mcp",
  PUBLIC_ORIGIN: "https://app.example",
};

describe("GiftGenius' idempotency settings at start", () => {
  it("GiftGenius refuses to start in production with a TTL or a lease of 0, naming the setting", () => {
    expect(startupRefusal(PRODUCTION)).toBeUndefined();
    expect(startupRefusal({ ...PRODUCTION, IDEMPOTENCY_TTL_SECONDS: "0" })).toMatch(
      /^IDEMPOTENCY_TTL_SECONDS must be/,
    );
    expect(startupRefusal({ ...PRODUCTION, IDEMPOTENCY_LEASE_SECONDS: "0" }, "stdio")).toMatch(
      /^IDEMPOTENCY_LEASE_SECONDS must be/,
    );
    expect(startupRefusal({ ...PRODUCTION, IDEMPOTENCY_LEASE_SECONDS: "2592001" })).toMatch(
      /IDEMPOTENCY_LEASE_SECONDS must lie between 1 and 3600 seconds in production/,
    );
  });
});
