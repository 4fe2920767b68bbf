/**
 * Single-use drafts, in the kit's commit path (issue 49): `runCommit` places one write per
 * draft of a caller whatever the idempotency key — one draft committed under three keys,
 * one after another or all at once, is one effect, and every other key is told that write's
 * stored answer (or that it still runs). Held by the records table's own unique index in the
 * claim statement, on SQLite and PostgreSQL, so two processes cannot both pass.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  runCommit,
  type Attempt,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

type Placed = { order: string } | { unavailable: true };

/**
 * The suite on the store `open` gives; `judgeFirst`: each commit judges before it claims and
 * captures before it writes, so its claim and capture are one statement (`runCommit`'s
 * `judgeFirst`), and a second key of the draft meets the first one's record there.
 */
function singleUseSuite(open: () => IdempotencyStore, judgeFirst: boolean): void {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = open();
    await store.init();
  });
  afterAll(() => store.close());

  /** A commit of `draft` under `key`; `effects` counts the writes the effect placed. */
  const committer = (caller: string, effects: string[], answer?: () => Attempt<Placed>) => {
    return (draft_id: string, key: string, waitMs = 0) =>
      runCommit<Placed>({
        store,
        args: { draft_id, idempotency_key: key },
        context: { caller },
        timing: { waitMs },
        judgeFirst,
        async execute(effect) {
          const attempt = answer?.() ?? {
            final: true,
            value: { order: `ord_${effect.effectKey}` },
          };
          if (attempt.final) {
            if (judgeFirst) await effect.capture({ draft_id });
            effects.push(draft_id);
          }
          return attempt;
        },
      });
  };

  it("one draft under three keys, one after another: one write, the others replay it", async () => {
    const effects: string[] = [];
    const commit = committer(`user:${randomUUID()}`, effects);
    const first = await commit("drf_a", "key-00000001");
    expect(first.state).toBe("fresh");
    const value = first.state === "fresh" ? first.value : undefined;
    for (const key of ["key-00000002", "key-00000003"])
      expect(await commit("drf_a", key)).toEqual({ state: "replayed", value, inDoubt: false });
    expect(effects).toEqual(["drf_a"]);
    // The key stays bound to its draft, and another draft is another write.
    expect(await commit("drf_b", "key-00000001")).toEqual({ state: "key_reused" });
    expect((await commit("drf_b", "key-00000004")).state).toBe("fresh");
    expect(effects).toEqual(["drf_a", "drf_b"]);
  });

  it("one draft under three keys at once: one write, the others wait for it and replay it", async () => {
    const effects: string[] = [];
    const commit = committer(`user:${randomUUID()}`, effects);
    const outcomes = await Promise.all(
      ["key-00000001", "key-00000002", "key-00000003"].map((key) => commit("drf_a", key, 5_000)),
    );
    expect(effects).toEqual(["drf_a"]);
    expect(outcomes.map((outcome) => outcome.state).sort()).toEqual([
      "fresh",
      "replayed",
      "replayed",
    ]);
  });

  it("a first key that failed cleanly before anything was captured gives the draft up", async () => {
    const effects: string[] = [];
    let down = true;
    const commit = committer(`user:${randomUUID()}`, effects, () =>
      down
        ? { final: false, value: { unavailable: true } }
        : { final: true, value: { order: "ord" } },
    );
    expect((await commit("drf_a", "key-00000001")).state).toBe("fresh");
    down = false;
    expect((await commit("drf_a", "key-00000002")).state).toBe("fresh");
    // The first key's retry meets the write the second placed.
    expect(await commit("drf_a", "key-00000001")).toMatchObject({ state: "replayed" });
    expect(effects).toEqual(["drf_a"]);
  });

  it("the drafts of two callers never meet", async () => {
    const effects: string[] = [];
    await committer(`user:${randomUUID()}`, effects)("drf_a", "key-00000001");
    await committer(`user:${randomUUID()}`, effects)("drf_a", "key-00000001");
    expect(effects).toEqual(["drf_a", "drf_a"]);
  });
}

describe("single-use drafts on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-single-use-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const judgeFirst of [false, true])
    describe(judgeFirst ? "judged first" : "claimed first", () =>
      singleUseSuite(() => createSqliteStore(join(dir, "single-use.sqlite")), judgeFirst),
    );
});

describePostgres("single-use drafts on PostgreSQL", () => {
  for (const judgeFirst of [false, true])
    describe(judgeFirst ? "judged first" : "claimed first", () =>
      singleUseSuite(
        () =>
          createPostgresStore({
            connectionString: DATABASE_URL!,
            table: "idempotency_single_use_test",
          }),
        judgeFirst,
      ),
    );
});
