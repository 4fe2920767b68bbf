/**
 * `peekCommit`: what became of the commit of one draft, read by the draft id alone (the model
 * never holds the widget's idempotency key) — nothing on record, running, in doubt, done or
 * refused — without taking or finishing anything, on SQLite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  peekCommit,
  runCommit,
  type Attempt,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

type Placed = { order: string } | { refused: string };

function commitStatusSuite(open: () => IdempotencyStore): void {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = open();
    await store.init();
  });
  afterAll(() => store.close());

  const commit = (
    caller: string,
    draft_id: string,
    key: string,
    execute: () => Promise<Attempt<Placed>>,
  ) =>
    runCommit<Placed>({
      store,
      args: { draft_id, idempotency_key: key },
      context: { caller },
      timing: { waitMs: 0 },
      execute,
    });

  it("nothing on record before a commit, the stored answer after it whatever the key, another caller's never", async () => {
    const caller = `user:${randomUUID()}`;
    expect(await peekCommit(store, "drf_a", { caller })).toBeUndefined();
    await commit(caller, "drf_a", "key-00000001", async () => ({
      final: true,
      value: { order: "ord_1" },
    }));
    const read = { state: "replayed", value: { order: "ord_1" }, inDoubt: false };
    expect(await peekCommit(store, "drf_a", { caller })).toEqual(read);
    // Reading takes nothing: it reads the same again, and another draft is still free.
    expect(await peekCommit(store, "drf_a", { caller })).toEqual(read);
    expect(await peekCommit(store, "drf_b", { caller })).toBeUndefined();
    expect(await peekCommit(store, "drf_a", { caller: `user:${randomUUID()}` })).toBeUndefined();
  });

  it("a commit still running is in_progress, then its answer", async () => {
    const caller = `user:${randomUUID()}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = commit(caller, "drf_run", "key-00000002", async () => {
      await gate;
      return { final: true, value: { order: "ord_2" } };
    });
    await expect
      .poll(() => peekCommit(store, "drf_run", { caller }))
      .toMatchObject({
        state: "in_progress",
      });
    release();
    await running;
    expect(await peekCommit(store, "drf_run", { caller })).toMatchObject({
      state: "replayed",
      value: { order: "ord_2" },
    });
  });

  it("in doubt (captured, then an unknown outcome) is in_progress, never nothing", async () => {
    const caller = `user:${randomUUID()}`;
    await runCommit<Placed, { total: number }>({
      store,
      args: { draft_id: "drf_doubt", idempotency_key: "key-00000003" },
      context: { caller },
      timing: { waitMs: 0 },
      async execute({ capture }) {
        await capture({ total: 5 });
        return { final: false, value: { refused: "timeout" }, inDoubt: true };
      },
    });
    expect(await peekCommit(store, "drf_doubt", { caller })).toMatchObject({
      state: "in_progress",
    });
  });

  it("a refusal is the stored refusal; a retryable failure before any capture leaves nothing on record", async () => {
    const caller = `user:${randomUUID()}`;
    await commit(caller, "drf_no", "key-00000004", async () => ({
      final: true,
      value: { refused: "expired" },
    }));
    expect(await peekCommit(store, "drf_no", { caller })).toMatchObject({
      state: "replayed",
      value: { refused: "expired" },
    });
    await commit(caller, "drf_retry", "key-00000005", async () => ({
      final: false,
      value: { refused: "busy" },
    }));
    // Retryable and nothing captured: nothing can have happened, and nothing runs now.
    expect(await peekCommit(store, "drf_retry", { caller })).toBeUndefined();
  });
}

describe("peekCommit on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-commit-status-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  commitStatusSuite(() => createSqliteStore(join(dir, "commit-status.sqlite")));
});

describePostgres("peekCommit on PostgreSQL", () => {
  commitStatusSuite(() =>
    createPostgresStore({
      connectionString: DATABASE_URL!,
      table: "idempotency_commit_status_test",
    }),
  );
});
