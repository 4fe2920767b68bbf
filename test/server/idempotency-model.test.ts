/**
 * The model-based test of the exactly-once rules (see idempotency-model.ts) on SQLite (always)
 * and PostgreSQL (with DATABASE_URL). A failure prints fast-check's seed and path; replay it
 * with MODEL_SEED=<seed> MODEL_PATH=<path>. MODEL_RUNS sets the number of runs per store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import {
  createPostgresStore,
  createSqliteStore,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { commandsArbitrary, newWorld, settleAndCheck } from "./idempotency-model.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

/** Runs per store: about 4 s on SQLite and 8 s on PostgreSQL alone on a loaded 2-core machine, 8 s and 20 s inside the whole suite. */
const RUNS = { sqlite: 1_000, postgres: 400 };
const runsOf = (store: "sqlite" | "postgres") => Number(process.env.MODEL_RUNS ?? RUNS[store]);
const replay = process.env.MODEL_SEED
  ? {
      seed: Number(process.env.MODEL_SEED),
      ...(process.env.MODEL_PATH ? { path: process.env.MODEL_PATH } : {}),
    }
  : {};

function modelTest(kind: "sqlite" | "postgres", open: () => IdempotencyStore): void {
  const runs = runsOf(kind);
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = open();
    await store.init();
  });
  afterAll(() => store.close());

  it(`holds the rules and the invariant over ${runs} random runs`, async () => {
    let run = 0;
    let commands = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(commandsArbitrary(), async (cmds) => {
        const world = newWorld(store, run++);
        await fc.asyncModelRun(() => ({ model: world, real: world }), cmds);
        await settleAndCheck(world);
        commands += world.commands;
      }),
      { numRuns: runs, ...replay },
    );
    console.info(
      `[model] ${store.name}: ${run} runs, ${commands} commands, ${Math.round(performance.now() - started)} ms`,
    );
  }, 120_000);
}

describe("the exactly-once model on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-model-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  modelTest("sqlite", () => createSqliteStore(join(dir, "model.sqlite")));
});

describePostgres("the exactly-once model on PostgreSQL", () => {
  // The rules, not the disk, are under test: no WAL flush per statement keeps it bounded.
  modelTest("postgres", () =>
    createPostgresStore({
      connectionString: DATABASE_URL!,
      table: "idempotency_model_test",
      synchronousCommit: false,
    }),
  );
});
