/**
 * The checks of a JWT access token beyond signature, issuer and audience: its `typ` (RFC 9068
 * §4), an `iat` no further ahead than the clock skew, and the `Authorization` scheme in any
 * case (RFC 9110 §11.1) — each accepted and refused, in the verifier and over HTTP.
 */
import { createTokenVerifier, type TokenVerifierOptions } from "../../src/server/auth/index.ts";
import { FIXTURE_SCOPE } from "../fixture-app/app.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

describe("createTokenVerifier: typ and iat", () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await createTestIssuer();
  });
  afterAll(() => issuer.close());

  const verifier = (options: Partial<TokenVerifierOptions> = {}) =>
    createTokenVerifier({
      issuer: issuer.issuer,
      audience: issuer.audience,
      jwks: issuer.jwks,
      ...options,
    });

  it.each(["at+jwt", "application/at+jwt", "AT+JWT", "Application/At+Jwt"])(
    "accepts typ %s",
    async (typ) => {
      expect(await verifier().verify(await issuer.mint({ typ }))).toMatchObject({ ok: true });
    },
  );

  it.each([["JWT"], ["jwt"], ["application/jwt"], ["JOSE"], ["at+jwt2"], [null]])(
    "refuses typ %s by default",
    async (typ) => {
      expect(await verifier().verify(await issuer.mint({ typ }))).toEqual({
        ok: false,
        reason: "not an access token (typ)",
      });
    },
  );

  it("accepts typ JWT when the issuer is configured to send it, and still no typ at all", async () => {
    const lenient = verifier({ tokenTypes: ["at+jwt", "JWT"] });
    expect(await lenient.verify(await issuer.mint({ typ: "JWT" }))).toMatchObject({ ok: true });
    expect(await lenient.verify(await issuer.mint({ typ: "at+jwt" }))).toMatchObject({ ok: true });
    expect(await lenient.verify(await issuer.mint({ typ: null }))).toMatchObject({ ok: false });
    expect(await lenient.verify(await issuer.mint({ typ: "JOSE" }))).toMatchObject({ ok: false });
  });

  it("accepts an iat within the clock skew ahead and refuses one beyond it", async () => {
    const v = verifier({ clockToleranceSeconds: 30 });
    expect(await v.verify(await issuer.mint({ issuedIn: 20 }))).toMatchObject({ ok: true });
    expect(await v.verify(await issuer.mint({ issuedIn: 90 }))).toEqual({
      ok: false,
      reason: "issued in the future (iat)",
    });
    // A year ahead, with a lifetime that would otherwise still be valid.
    const yearAhead = await issuer.mint({ issuedIn: 365 * 86_400, expiresIn: 400 * 86_400 });
    expect(await v.verify(yearAhead)).toMatchObject({ ok: false });
  });
});

describe("the Authorization scheme over HTTP", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    h = await startFixture();
  });
  afterAll(() => h.close());

  const prepare = async (authorization: string) => {
    const response = await fetch(h.endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        authorization,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "prepare_purchase", arguments: { product_id: "p-mug" } },
      }),
    });
    return response.status;
  };

  it.each(["Bearer", "bearer", "BEARER", "bEaReR"])("accepts the scheme %s", async (scheme) => {
    expect(await prepare(`${scheme} ${await h.issuer.mint({ scope: FIXTURE_SCOPE })}`)).toBe(200);
  });

  it.each([
    ["another scheme", async () => `Basic ${Buffer.from("alice:x").toString("base64")}`],
    ["no space", async () => `Bearer${await h.issuer.mint({ scope: FIXTURE_SCOPE })}`],
    [
      "two tokens",
      async () =>
        `Bearer ${await h.issuer.mint({ scope: FIXTURE_SCOPE })} ${await h.issuer.mint({ scope: FIXTURE_SCOPE })}`,
    ],
    ["typ JWT", async () => `bearer ${await h.issuer.mint({ typ: "JWT" })}`],
    ["iat a year ahead", async () => `Bearer ${await h.issuer.mint({ issuedIn: 31_536_000 })}`],
  ])("refuses %s with 401", async (_name, header) => {
    expect(await prepare(await header())).toBe(401);
  });
});
