/**
 * One write per thing, not per draft (issue 33): a calendar app built like the replies
 * template — "list my events, cancel one" — where two drafts of one event, confirmed at once,
 * both pass the app's "already cancelled?" check. N concurrent cancels of one event, each
 * through its own draft and idempotency key, from two "processes" (two stores on one SQLite
 * file or one PostgreSQL database): the effect runs once, the first commits, every other is
 * told the truth — in progress (retryable, nothing changed) while the first is unfinished, the
 * first's cancellation once it finished — and a retry of any key replays its own answer.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  createDraftStore,
  createPostgresStore,
  createSqliteStore,
  idempotentResult,
  localDatabase,
  runCommit,
  type Attempt,
  type IdempotencyStore,
  type ToolErrorBody,
} from "../../src/server/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const run = promisify(execFile);
const N = 10;
const CALLER = "user:alice";

interface Cancellation {
  readonly cancel_id: string;
  readonly event_id: string;
}
type CancelValue = { ok: true; cancellation: Cancellation } | { ok: false; error: ToolErrorBody };

/**
 * The calendar app's `cancel_event` commit, as an app writes it from the replies template.
 * `thing: true` names the event as the thing of each draft use (the kit's claim); without it the app
 * has only its own "already cancelled?" check and its table's primary key.
 */
function calendarApp(stores: IdempotencyStore[], table: string, options: { thing: boolean }) {
  let effects = 0;
  let hook: () => Promise<void> = () => Promise.resolve();
  const processes = stores.map((store) => ({
    store,
    drafts: createDraftStore<{ event_id: string }>(store, {
      name: `${table}_drafts`,
      ttlMs: 60_000,
    }),
    db: localDatabase(store, [
      `CREATE TABLE IF NOT EXISTS ${table} (event_id TEXT PRIMARY KEY, cancel_id TEXT NOT NULL)`,
    ]),
  }));
  const refusal = (code: string, retryable: boolean): Attempt<CancelValue> => ({
    final: !retryable,
    value: {
      ok: false,
      error: { code, message: code, retryable, changes: "none" },
    },
  });
  return {
    effects: () => effects,
    hold(next: () => Promise<void>) {
      hook = next;
    },
    prepare: (eventId: string) => processes[0]!.drafts.put(CALLER, { event_id: eventId }),
    async cancel(p: number, draftId: string, key: string) {
      const { store, drafts, db } = processes[p % processes.length]!;
      const outcome = await runCommit<CancelValue, { event_id: string }>({
        store,
        args: { draft_id: draftId, idempotency_key: key },
        context: { caller: CALLER },
        async execute({ effectKey, captured, capture }) {
          let draft = captured;
          if (!draft) {
            const use = await drafts.use<Cancellation>(
              CALLER,
              draftId,
              effectKey,
              options.thing ? { thing: (d) => `event:${d.event_id}` } : {},
            );
            if (use.state === "used" || use.state === "thing_used") {
              if (!use.result) return refusal("CANCEL_IN_PROGRESS", true);
              return refusal("EVENT_ALREADY_CANCELLED", false);
            }
            if (use.state !== "taken") return refusal("DRAFT_NOT_FOUND", false);
            draft = use.draft;
            // The app's own check: both drafts pass it when their commits overlap.
            const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE event_id = :id`, {
              id: draft.event_id,
            });
            if (rows.length > 0) return refusal("EVENT_ALREADY_CANCELLED", false);
            await capture(draft);
          }
          await hook();
          effects += 1; // the app's side effect (tell the attendees)
          const cancellation = {
            cancel_id: `cn_${effectKey.slice(0, 12)}`,
            event_id: draft.event_id,
          };
          await db.ready();
          return {
            final: true,
            value: { ok: true, cancellation },
            local: async (tx) => {
              await tx.query(`INSERT INTO ${table} (event_id, cancel_id) VALUES (:e, :c)`, {
                e: cancellation.event_id,
                c: cancellation.cancel_id,
              });
              await drafts.recordUse(CALLER, draftId, effectKey, cancellation, tx);
            },
          };
        },
      }).catch((error: unknown) => {
        const failure = error as { error?: ToolErrorBody };
        if (failure.error) return { thrown: failure.error } as const;
        throw error;
      });
      if ("thrown" in outcome) return { ok: false as const, error: outcome.thrown };
      return idempotentResult(outcome, (value) =>
        value.ok
          ? { ok: true as const, data: { cancellation: value.cancellation }, text: "cancelled" }
          : { ok: false as const, error: value.error },
      );
    },
  };
}

/** How many answers had each code (`OK` for a success), e.g. `{ OK: 1, CANCEL_IN_PROGRESS: 9 }`. */
function byCode(results: Array<{ ok: boolean; error?: ToolErrorBody }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const code = result.ok ? "OK" : `${result.error!.code}/${result.error!.changes ?? "-"}`;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

/**
 * `processes`: stores on the one database. SQLite gets one here: two connections in one thread
 * would block each other's transaction in the driver's synchronous busy wait (a real second
 * process does not); its take across processes is the test with real processes below.
 */
function oneWritePerThing(open: () => IdempotencyStore, processes: number) {
  const stores: IdempotencyStore[] = [];
  const two = () => {
    const made = Array.from({ length: processes }, open);
    stores.push(...made);
    return made;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  let table: string;
  beforeEach(() => {
    table = `cal_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  });

  it(`${N} concurrent cancels of one event through ${N} drafts and keys: one effect, one cancellation, the rest told the truth`, async () => {
    const app = calendarApp(two(), table, { thing: true });
    const drafts = await Promise.all(Array.from({ length: N }, () => app.prepare("evt_123")));
    // Every cancel that gets to the effect waits there until all others have answered or
    // arrived: they overlap for real.
    let arrived = 0;
    let answered = 0;
    const waiters: Array<() => void> = [];
    const check = () => {
      if (arrived + answered >= N) for (const go of waiters.splice(0)) go();
    };
    app.hold(() => {
      arrived += 1;
      const wait = new Promise<void>((resolve) => waiters.push(resolve));
      check();
      return wait;
    });
    const keys = drafts.map((_, i) => `cancel-key-${i}-${table}`);
    const results = await Promise.all(
      drafts.map((draft, i) =>
        app.cancel(i, draft.draft_id, keys[i]!).then((result) => {
          answered += 1;
          check();
          return result;
        }),
      ),
    );
    console.info(`one event, ${N} drafts: effects ${app.effects()}, answers`, byCode(results));
    expect(app.effects()).toBe(1);
    expect(byCode(results)).toEqual({ OK: 1, "CANCEL_IN_PROGRESS/none": N - 1 });
    for (const result of results.filter((r) => !r.ok))
      expect(result.error).toMatchObject({ retryable: true, changes: "none" });

    // Finished: every other key now gets the settled conflict, and the winner's retry replays.
    const winner = results.findIndex((r) => r.ok);
    const again = await Promise.all(drafts.map((d, i) => app.cancel(i + 1, d.draft_id, keys[i]!)));
    expect(app.effects()).toBe(1);
    expect(byCode(again)).toEqual({ OK: 1, "EVENT_ALREADY_CANCELLED/none": N - 1 });
    expect(again[winner]).toEqual(results[winner]);
    for (const result of again.filter((r) => !r.ok)) expect(result.error?.retryable).toBe(false);
    // A later draft of the same event, under a fresh key: the same conflict, no effect.
    const late = await app.prepare("evt_123");
    expect(await app.cancel(0, late.draft_id, `late-key-${table}`)).toMatchObject({
      ok: false,
      error: { code: "EVENT_ALREADY_CANCELLED", retryable: false, changes: "none" },
    });
    // Another event is another thing: it is cancelled once too.
    const other = await app.prepare("evt_456");
    expect(await app.cancel(1, other.draft_id, `other-key-${table}`)).toMatchObject({ ok: true });
    expect(app.effects()).toBe(2);
  });

  it("without a thing, the app's own primary key refusing a loser is a CONFLICT, never DATABASE_UNAVAILABLE", async () => {
    const app = calendarApp(two(), table, { thing: false });
    const drafts = await Promise.all(Array.from({ length: 2 }, () => app.prepare("evt_9")));
    let arrived = 0;
    const waiters: Array<() => void> = [];
    app.hold(() => {
      arrived += 1;
      const wait = new Promise<void>((resolve) => waiters.push(resolve));
      if (arrived === 2) for (const go of waiters.splice(0)) go();
      return wait;
    });
    const results = await Promise.all(
      drafts.map((d, i) => app.cancel(i, d.draft_id, `pk-key-${i}-${table}`)),
    );
    console.info("one event, 2 drafts, no thing: effects", app.effects(), byCode(results));
    // Both passed the app's check and acted (what the thing is for); the table kept one.
    expect(app.effects()).toBe(2);
    const loser = results.find((r) => !r.ok)!;
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(loser.error).toMatchObject({ code: "CONFLICT", retryable: true });
    expect(loser.error?.code).not.toBe("DATABASE_UNAVAILABLE");
  });
}

describe("one write per thing (SQLite)", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-thing-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  oneWritePerThing(() => createSqliteStore(join(dir, "calendar.sqlite")), 1);

  it("four processes on one file, each using its own draft of one event: one takes it", async () => {
    const file = join(dir, "processes.sqlite");
    const name = `proc_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const store = createSqliteStore(file);
    const drafts = createDraftStore<{ event_id: string }>(store, { name, ttlMs: 60_000 });
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push((await drafts.put(CALLER, { event_id: "evt_1" })).draft_id);
    await store.close();
    const taker = fileURLToPath(new URL("./thing-taker.ts", import.meta.url));
    const states = await Promise.all(
      ids.map(async (id, i) => {
        const { stdout } = await run(process.execPath, [
          "--import",
          "tsx",
          taker,
          file,
          name,
          CALLER,
          id,
          `effect-${i}`,
        ]);
        return stdout;
      }),
    );
    expect(states.filter((state) => state === "taken")).toHaveLength(1);
    expect(states.filter((state) => state === "thing_used")).toHaveLength(3);
  }, 60_000);
});

describePostgres("one write per thing (PostgreSQL, two processes on one database)", () => {
  oneWritePerThing(
    () => createPostgresStore({ connectionString: DATABASE_URL!, maxConnections: 4 }),
    2,
  );
});
