/**
 * Idempotency timing that breaks the rules is refused at start (issue 32: production started
 * with IDEMPOTENCY_TTL_SECONDS=0 and a 0 lease, and 50 concurrent commits of one key placed 49
 * orders). Each refusal names the setting and never repeats its value.
 */
import { StartupRefusal, type IdempotencyStore } from "../../src/server/index.ts";
import { requireIdempotencySettings } from "../../src/server/app/setting-bounds.ts";
import { runIdempotent } from "../../src/server/idempotency/index.ts";

function refusal(env: { [name: string]: string }): StartupRefusal | undefined {
  try {
    requireIdempotencySettings(env);
    return undefined;
  } catch (error) {
    if (error instanceof StartupRefusal) return error;
    throw error;
  }
}

describe("idempotency settings at start", () => {
  it.each([
    ["IDEMPOTENCY_TTL_SECONDS", "0"],
    ["IDEMPOTENCY_LEASE_SECONDS", "0"],
    ["IDEMPOTENCY_TTL_SECONDS", "-5"],
    ["IDEMPOTENCY_LEASE_SECONDS", "thirty"],
    ["IDEMPOTENCY_TTL_SECONDS", "1.5"],
    ["IDEMPOTENCY_LEASE_SECONDS", "1e3"],
  ])("refuses %s=%s in every mode, naming it", (name, value) => {
    for (const mode of ["production", "development", "test"]) {
      const refused = refusal({ NODE_ENV: mode, [name]: value });
      expect(refused?.missing).toEqual([name]);
      expect(refused?.message).toContain(name);
      // A number is shown with its bounds; text that is not one is never repeated.
      if (/^[-\d.e]+$/.test(value)) expect(refused?.message).toContain(`${name}=${value} `);
      else expect(refused?.message).not.toContain(value);
      expect(refused?.message).toMatch(/from \d+ to \d+ seconds/);
    }
  });

  it.each([
    ["IDEMPOTENCY_TTL_SECONDS", "99999999999"],
    ["IDEMPOTENCY_LEASE_SECONDS", String(30 * 86_400 + 1)],
    ["IDEMPOTENCY_LEASE_SECONDS", "2147484"],
  ])("refuses %s=%s in every mode: more than the store holds", (name, value) => {
    for (const mode of ["production", "development", "test"])
      expect(refusal({ NODE_ENV: mode, [name]: value })?.missing).toEqual([name]);
  });

  it.each([
    ["IDEMPOTENCY_TTL_SECONDS", "59"],
    ["IDEMPOTENCY_TTL_SECONDS", String(30 * 86_400 + 1)],
    ["IDEMPOTENCY_LEASE_SECONDS", "3601"],
  ])("refuses %s=%s in production only (absurd, not broken)", (name, value) => {
    expect(refusal({ NODE_ENV: "production", [name]: value })?.missing).toEqual([name]);
    expect(refusal({ NODE_ENV: "development", [name]: value })).toBeUndefined();
  });

  it("refuses a TTL shorter than the lease in production", () => {
    const env = { IDEMPOTENCY_TTL_SECONDS: "120", IDEMPOTENCY_LEASE_SECONDS: "600" };
    expect(refusal({ ...env, NODE_ENV: "production" })?.missing).toEqual([
      "IDEMPOTENCY_TTL_SECONDS",
    ]);
    expect(refusal({ ...env, NODE_ENV: "test" })).toBeUndefined();
  });

  it("starts with the defaults, and with sound values", () => {
    expect(refusal({ NODE_ENV: "production" })).toBeUndefined();
    expect(
      refusal({
        NODE_ENV: "production",
        IDEMPOTENCY_TTL_SECONDS: "86400",
        IDEMPOTENCY_LEASE_SECONDS: "30",
      }),
    ).toBeUndefined();
    // Tests and development may run short records and leases (2 s), as the suites do.
    expect(refusal({ NODE_ENV: "test", IDEMPOTENCY_TTL_SECONDS: "2" })).toBeUndefined();
  });

  it("runIdempotent itself never runs under a TTL or lease of 0", async () => {
    const store = {} as IdempotencyStore; // never reached
    for (const timing of [{ ttlMs: 0 }, { leaseMs: 0 }, { ttlMs: Number.NaN }, { waitMs: -1 }])
      await expect(
        runIdempotent({
          store,
          scope: "s",
          key: "k",
          args: {},
          timing,
          execute: async () => ({ final: true, value: 1 }),
        }),
      ).rejects.toBeInstanceOf(RangeError);
  });
});
