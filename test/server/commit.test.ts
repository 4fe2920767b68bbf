/**
 * The kit's idempotent commit under concurrency and after a crash, on the fixture app's
 * `place_purchase`: one key runs its effect once however many calls overlap, a repeat still
 * running past the wait is IN_PROGRESS, and a claim left by a crash is taken over after its
 * lease and finishes the same purchase.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore, NEXT_ACTIONS } from "../../src/server/index.ts";
import { recordsOf } from "../../src/server/idempotency/store.ts";
import { call, draftFor, startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { sc } from "./mcp-client.ts";

/** An effect hook the test opens: calls that reach it wait until `release()`. */
function gate() {
  let open = false;
  const waiting: Array<() => void> = [];
  return {
    hook: () => (open ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    waiting: () => waiting.length,
    release() {
      open = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

describe("place_purchase under concurrency (SQLite)", () => {
  it("50 parallel calls with one key → one purchase, one replayed: false, the same id for all, one effect", async () => {
    // The effect holds until every call is in: they overlap for real.
    const held = gate();
    const h = await startFixture({ timing: { waitMs: 5_000 }, beforePlace: held.hook });
    try {
      const client = await h.connect();
      const draftId = await draftFor(client, "p-lamp", 2);
      const pending = Array.from({ length: 50 }, () =>
        call(client, "place_purchase", { draft_id: draftId, idempotency_key: "parallel-key-1" }),
      );
      await expect.poll(held.waiting, { timeout: 10_000 }).toBe(1);
      held.release();
      const contents = (await Promise.all(pending)).map(sc);
      expect(contents.every((content) => content.ok === true)).toBe(true);
      expect(contents.filter((content) => content.replayed === false)).toHaveLength(1);
      expect(
        new Set(
          contents.map((content) => (content.purchase as { purchase_id: string }).purchase_id),
        ).size,
      ).toBe(1);
      expect(h.app.effects()).toBe(1);
    } finally {
      await h.close();
    }
  });

  it("a repeat while the first still runs past the wait → IN_PROGRESS, retryable, with retry_after_seconds", async () => {
    const held = gate();
    const h = await startFixture({ timing: { waitMs: 50 }, beforePlace: held.hook });
    try {
      const client = await h.connect();
      const draftId = await draftFor(client, "p-mug");
      const args = { draft_id: draftId, idempotency_key: "slow-key-001" };
      const first = call(client, "place_purchase", args);
      await expect.poll(held.waiting, { timeout: 10_000 }).toBe(1);
      const second = await call(client, "place_purchase", args);
      expect(second.isError).toBe(true);
      expect(sc(second).error).toMatchObject({
        code: "IN_PROGRESS",
        retryable: true,
        retry_after_seconds: expect.any(Number),
        changes: "unknown",
        next_action: NEXT_ACTIONS.retrySameKey,
      });
      held.release();
      expect(sc(await first)).toMatchObject({ ok: true, replayed: false });
      expect(sc(await call(client, "place_purchase", args))).toMatchObject({
        ok: true,
        replayed: true,
      });
    } finally {
      await h.close();
    }
  });
});

describe("a crash between claim and completion", () => {
  it("leaves a stale claim that a retry after the lease recovers: same purchase, placed once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fixture-crash-"));
    const inner = recordsOf(createSqliteStore(join(dir, "idem.sqlite")));
    let crashNextComplete = true;
    // The process "dies" after the effect, before the record is written: complete() never lands.
    const store = {
      ...inner,
      name: inner.name,
      complete: async (...args: Parameters<typeof inner.complete>) => {
        if (crashNextComplete) {
          crashNextComplete = false;
          throw new Error("process killed");
        }
        return inner.complete(...args);
      },
    };
    let h: FixtureHarness | undefined;
    try {
      h = await startFixture({ store: inner, records: store, timing: { leaseMs: 300, waitMs: 0 } });
      const client = await h.connect();
      const draftId = await draftFor(client, "p-mug");
      const args = { draft_id: draftId, idempotency_key: "crash-key-001" };
      const first = await call(client, "place_purchase", args);
      expect(sc(first)).toMatchObject({ ok: true, replayed: false });
      expect(
        h.log.lines.some((line) => line.event === "idempotency_store_failed_after_effect"),
      ).toBe(true);
      // Within the lease the claim still looks alive.
      expect(sc(await call(client, "place_purchase", args)).error).toMatchObject({
        code: "IN_PROGRESS",
        retryable: true,
      });
      await new Promise((resolve) => setTimeout(resolve, 350));
      const recovered = await call(client, "place_purchase", args);
      expect(sc(recovered)).toMatchObject({ ok: true, purchase: sc(first).purchase });
      expect(sc(await call(client, "place_purchase", args))).toMatchObject({
        ok: true,
        replayed: true,
        purchase: sc(first).purchase,
      });
      // The takeover reran the effect under the same effect key: one purchase.
      expect(h.app.placed()).toBe(1);
    } finally {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
