/**
 * `readSettings`: the one reader an app asks for the kit's settings, with the checks `serveApp`
 * runs before it starts (a refusal names the variables, never their values).
 */
import { describe, expect, it } from "vitest";
import { readSettings, StartupRefusal } from "../../src/server/index.ts";

function refusal(run: () => unknown): StartupRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof StartupRefusal) return error;
    throw error;
  }
  throw new Error("expected a StartupRefusal");
}

describe("readSettings", () => {
  it("reads the mode, the public origin and the issuer from one place", () => {
    const settings = readSettings({
      env: {
        NODE_ENV: "test",
        PUBLIC_ORIGIN: "https://cal.example/",
        AUTH_ISSUER: "https://id.example",
        AUTH_AUDIENCE: "https://cal.example/mcp",
        AUTH_TOKEN_TYPES: "at+jwt, JWT",
      },
    });
    expect(settings.development).toBe(true);
    expect(settings.publicOrigin).toBe("https://cal.example");
    expect(settings.authorization).toEqual({
      issuer: "https://id.example",
      audience: "https://cal.example/mcp",
      tokenTypes: ["at+jwt", "JWT"],
    });
    expect(settings.port).toBe(8787);
    expect(readSettings({ env: {}, port: 9000 })).toMatchObject({
      development: false,
      authorization: undefined,
      port: 9000,
    });
  });

  it("names every required setting production lacks, and none in development", () => {
    const required = ["APP_SECRET", "AUTH_ISSUER", "AUTH_AUDIENCE"];
    const refused = refusal(() => readSettings({ env: { AUTH_ISSUER: "" }, required }));
    expect(refused.missing).toEqual(required);
    expect(refused.message).toContain("APP_SECRET, AUTH_ISSUER, AUTH_AUDIENCE");
    expect(readSettings({ env: { NODE_ENV: "development" }, required }).development).toBe(true);
  });

  it("refuses a malformed value or idempotency timing by name, never repeating the value", () => {
    const origin = refusal(() => readSettings({ env: { PUBLIC_ORIGIN: "http://evil.example" } }));
    expect(origin.missing).toEqual(["PUBLIC_ORIGIN"]);
    expect(origin.message).not.toContain("evil");
    const ttl = refusal(() => readSettings({ env: { IDEMPOTENCY_TTL_SECONDS: "0" } }));
    expect(ttl.missing).toEqual(["IDEMPOTENCY_TTL_SECONDS"]);
    const audience = refusal(() => readSettings({ env: { AUTH_ISSUER: "https://id.example" } }));
    expect(audience.missing).toEqual(["AUTH_AUDIENCE"]);
  });
});
