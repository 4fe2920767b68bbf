/**
 * Issue 32's sequences, as regression tests on SQLite and PostgreSQL: after a payment timeout
 * (the charge went through, its answer was lost) the record is in doubt, and every later
 * attempt under it finishes the order the person confirmed — whatever happened to the draft,
 * the secret or the catalog meanwhile. Once, a retry re-judged the draft and stored
 * `DRAFT_EXPIRED` / `DRAFT_NOT_FOUND` with `changes: "none"` over an orphan charge, and
 * catalog or payment outages on the retry said `changes: "none"` too.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { setFaults } from "../../examples/giftgenius/server/faults.ts";
import { createSqliteStore } from "../../src/server/index.ts";
import { call, draftFor, sc, startHarness, widgetProof, type Harness } from "./harness.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const HOUR = 3_600_000;
const SECRET_BEFORE_ROTATION = `before-rotation-${randomUUID()}`;

function inDoubtSequences(databaseUrl: string | undefined): void {
  let h: Harness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await startHarness(
      { databaseUrl, dailyLimit: 1_000, draftSecret: SECRET_BEFORE_ROTATION },
      { now: () => clock },
    );
  });
  afterAll(() => h.close());
  afterEach(() => void setFaults(""));

  /** A commit of (`draft`, `key`) that times out at the provider after charging. */
  async function timedOut(client: Client, draft: string, key: string) {
    setFaults("payments=timeout");
    const first = sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key }));
    setFaults("");
    expect(first.error).toMatchObject({ code: "PAYMENT_TIMEOUT", changes: "unknown" });
  }

  it("payment timeout, then the retry after the draft expired → the confirmed order, charged once", async () => {
    const client = await h.connect({ sub: `expiry-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 1);
    const key = `doubt-expiry-${randomUUID()}`;
    const charges = await h.app.payments.countCharges();
    await timedOut(client, draft, key);
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    clock += 2 * HOUR; // the draft lived at most 30 minutes
    // A new draft is expired now: the retry cannot be judging the draft again and pass.
    const placed = sc(
      await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
    );
    expect(placed).toMatchObject({
      ok: true,
      replayed: false,
      order: { total: { amount: "45.57", currency: "USD" } },
    });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    expect(
      sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key })),
    ).toMatchObject({ ok: true, replayed: true, order: placed.order });
  });

  it("payment timeout, then the retry on a server whose secret was rotated → the confirmed order", async () => {
    const sub = `rotation-${randomUUID()}`;
    const client = await h.connect({ sub });
    const draft = await draftFor(client, "gift-0010", 2);
    const key = `doubt-rotation-${randomUUID()}`;
    await timedOut(client, draft, key);
    const charges = await h.app.payments.countCharges();
    // The same database and sign-in, another draft secret: the old draft reads as not found.
    // The old secret stays among the previous ones, so the proof the widget holds still counts.
    const auth = { issuer: h.issuer.issuer, audience: h.issuer.audience, jwks: h.issuer.jwks };
    const rotated = await startHarness(
      {
        databaseUrl,
        sqliteFile: join(h.dir, "idem.sqlite"),
        draftSecret: `rotated-${randomUUID()}`,
        previousSecrets: [SECRET_BEFORE_ROTATION],
        dailyLimit: 1_000,
      },
      {
        now: () => clock,
        auth,
        ...(databaseUrl ? {} : { store: createSqliteStore(join(h.dir, "idem.sqlite")) }),
      },
    );
    try {
      const after = await rotated.connect({ token: await h.issuer.mint({ sub }) });
      // What the widget kept from the prepare result before the rotation.
      const confirmation = widgetProof(client, draft);
      expect(confirmation).toBeDefined();
      // A draft signed with the old secret is refused on a fresh key: the rotation is real.
      expect(
        sc(
          await call(after, "commit_order", {
            draft_id: draft,
            idempotency_key: `fresh-${randomUUID()}`,
            confirmation,
          }),
        ).error,
      ).toMatchObject({ code: "DRAFT_NOT_FOUND", changes: "none" });
      const placed = sc(
        await call(after, "commit_order", { draft_id: draft, idempotency_key: key, confirmation }),
      );
      expect(placed).toMatchObject({
        ok: true,
        order: { total: { amount: "62.64", currency: "USD" } },
      });
      expect(await rotated.app.payments.countCharges()).toBe(charges);
    } finally {
      await rotated.close();
    }
  });

  for (const outage of ["catalog=503", "payments=503"] as const)
    it(`payment timeout, then retries meeting ${outage} → never changes: "none"; a later retry → the order`, async () => {
      const client = await h.connect({ sub: `outage-${randomUUID()}` });
      const draft = await draftFor(client, "gift-0020", 1);
      const key = `doubt-outage-${randomUUID()}`;
      await timedOut(client, draft, key);
      const charges = await h.app.payments.countCharges();
      setFaults(outage);
      for (let retry = 0; retry < 2; retry++) {
        const answer = sc(
          await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
        );
        // The catalog is never asked again (what was confirmed is finished): the order is placed.
        if (outage === "catalog=503") expect(answer).toMatchObject({ ok: true });
        else
          expect(answer.error).toMatchObject({
            code: "PAYMENT_UNAVAILABLE",
            retryable: true,
            changes: "unknown",
          });
      }
      setFaults("");
      const placed = sc(
        await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
      );
      expect(placed).toMatchObject({ ok: true, order: { status: "created" } });
      expect(await h.app.payments.countCharges()).toBe(charges);
    });
}

describe("in-doubt commits are finished, never re-judged, on SQLite", () => {
  inDoubtSequences(undefined);
});

describePostgres("in-doubt commits are finished, never re-judged, on PostgreSQL", () => {
  inDoubtSequences(DATABASE_URL);
});
