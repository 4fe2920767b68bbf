/**
 * The predicate table's two sides agree: for every combination of a record's fields, each
 * condition's SQL (evaluated by SQLite and PostgreSQL on a row of a real records table) and
 * its JavaScript evaluation give the same three-valued truth, and `classify` names the state
 * the SQL form of `RECORD_STATES` names; and the store's own claim, reconciler claim and purge
 * take or delete exactly the rows the predicates' JavaScript side says.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  classify,
  RECORD_PREDICATES,
  RECORD_STATES,
  holds,
  sqlOf,
  truthOf,
  type RecordFields,
} from "../../src/server/idempotency/record-state.ts";
import { createSqlStore } from "../../src/server/idempotency/sql-store.ts";
import type { RecordStatus } from "../../src/server/idempotency/store.ts";
import { openPostgresDatabase } from "../../src/server/stores/postgres-database.ts";
import type { SqlDatabase } from "../../src/server/stores/sql-database.ts";
import { openSqliteDatabase } from "../../src/server/stores/sqlite-database.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const NOW = 1_000_000;
const PARAMS = {
  now: NOW,
  settled_before: NOW - 5_000,
  compensate_before: NOW - 100_000,
  fingerprint: "f-same",
};
const STATUSES: RecordStatus[] = ["pending", "completed", "retryable", "compensating"];

/** -1, 0, +1 around a boundary: before it, on it, after it. */
const AROUND = [-1, 0, 1];

interface Combination extends Required<RecordFields> {
  readonly key: string;
  readonly status: RecordStatus;
}

/**
 * Every combination: status × captured × in_doubt × lease (ended, ending now, running) ×
 * expires_at (past, now, future) × locked_at (before, at, after `settled_before`) × response ×
 * fingerprint (the claim's or another) × created_at (before or at `compensate_before`).
 */
function combinations(): Combination[] {
  const all: Combination[] = [];
  for (const status of STATUSES)
    for (const captured of [null, '{"c":1}'])
      for (const in_doubt of [0, 1])
        for (const lease of AROUND)
          for (const expires of AROUND)
            for (const locked of AROUND)
              for (const response of [null, '{"r":1}'])
                for (const fingerprint of ["f-same", "f-other"])
                  for (const created of [-1, 0]) {
                    const locked_at = PARAMS.settled_before + locked;
                    all.push({
                      key: `k${all.length}`,
                      status,
                      captured,
                      in_doubt,
                      locked_at,
                      // locked_at + lease_ms is NOW - 1, NOW or NOW + 1.
                      lease_ms: NOW - locked_at + lease,
                      expires_at: NOW + expires,
                      response,
                      fingerprint,
                      created_at: PARAMS.compensate_before + created,
                    });
                  }
  return all;
}

const quote = (value: string | number | null): string =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value}'`;

const truthSql = (sql: string): string => `CASE WHEN ${sql} THEN 1 WHEN NOT ${sql} THEN 0 END`;
const asTruth = (value: unknown): boolean | null =>
  value === null ? null : Number(value) === 1 ? true : false;

const COLUMNS = Object.keys(combinations()[0]!).filter((name) => name !== "key") as Array<
  Exclude<keyof Combination, "key">
>;

const NAMES = Object.keys(RECORD_PREDICATES) as Array<keyof typeof RECORD_PREDICATES>;

/** `table` (a records table made by the store) holding exactly every combination. */
async function fill(db: SqlDatabase, table: string) {
  const store = createSqlStore(db, table, "agreement");
  await store.init();
  await db.query(`DELETE FROM ${table} WHERE scope = 'agree'`);
  const rows = combinations();
  for (let at = 0; at < rows.length; at += 500)
    await db.query(
      `INSERT INTO ${table} (scope, key, token, ${COLUMNS.join(", ")}) VALUES ${rows
        .slice(at, at + 500)
        .map(
          (row) =>
            `('agree', '${row.key}', 't', ${COLUMNS.map((name) => quote(row[name])).join(", ")})`,
        )
        .join(", ")}`,
    );
  return { store, rows };
}

async function agreement(db: SqlDatabase, table: string): Promise<void> {
  const { rows } = await fill(db, table);
  const columns = COLUMNS;
  // Aliases by position: PostgreSQL folds an unquoted alias to lower case.
  const predicates = NAMES.map(
    (name, index) => `${truthSql(sqlOf(RECORD_PREDICATES[name], { alias: "r" }))} AS p${index}`,
  );
  const state = `CASE ${RECORD_STATES.map(
    ([name, condition]) => `WHEN ${sqlOf(condition, { alias: "r" })} THEN '${name}'`,
  ).join(" ")} END AS state`;
  const read = await db.query<Record<string, unknown>>(
    `SELECT key, ${columns.join(", ")}, ${predicates.join(", ")}, ${state}
      FROM ${table} AS r WHERE scope = 'agree'`,
    PARAMS,
  );
  expect(read.rows).toHaveLength(rows.length);
  const disagreements: string[] = [];
  const seen = new Map<string, Set<boolean | null>>();
  const states = new Set<string>();
  for (const row of read.rows) {
    const fields = Object.fromEntries(
      ["key", ...columns].map((name) => [name, row[name]]),
    ) as RecordFields & { status: RecordStatus };
    for (const [index, name] of NAMES.entries()) {
      const sql = asTruth(row[`p${index}`]);
      const js = truthOf(RECORD_PREDICATES[name], fields, PARAMS);
      if (sql !== js)
        disagreements.push(`${name} on ${JSON.stringify(fields)}: SQL ${sql}, JS ${js}`);
      if (!seen.has(name)) seen.set(name, new Set());
      seen.get(name)!.add(js);
    }
    const named = classify(fields, NOW);
    states.add(named);
    if (row.state !== named)
      disagreements.push(
        `state of ${JSON.stringify(fields)}: SQL ${String(row.state)}, JS ${named}`,
      );
  }
  expect(disagreements.slice(0, 5)).toEqual([]);
  // Not vacuous: each condition holds on some combinations and fails on others, and every
  // state is reached.
  for (const name of NAMES)
    expect([name, [...seen.get(name)!].sort()]).toEqual([name, [false, true]]);
  expect([...states].sort()).toEqual(RECORD_STATES.map(([name]) => name).sort());
}

/**
 * The store's own statements decide as the predicates' JavaScript side says, on every
 * combination: the claim takes what `claimable` holds on (a new record where `expired` does),
 * the reconciler takes what `owedSettled` holds on (as a compensation where `toCompensate`
 * does), and the purge deletes what `expired` holds on.
 */
async function statementsAgree(db: SqlDatabase, table: string): Promise<void> {
  let { store, rows } = await fill(db, table);
  const request = { scope: "agree", fingerprint: PARAMS.fingerprint, now: NOW, ttlMs: 1_000 };
  // Each key's claim meets only its own row: in parallel, a batch at a time.
  const claims: string[] = [];
  for (let at = 0; at < rows.length; at += 100)
    for (const [index, result] of (
      await Promise.all(
        rows
          .slice(at, at + 100)
          .map((row) => store.claim({ ...request, key: row.key, leaseMs: 1_000 })),
      )
    ).entries())
      claims.push(
        `${rows[at + index]!.key}: ${result.state === "claimed" ? `attempt ${result.attempt > 1 ? "n" : "1"}` : "not"}`,
      );
  expect(claims).toEqual(
    rows.map(
      (row) =>
        `${row.key}: ${holds(RECORD_PREDICATES.claimable, row, PARAMS) ? `attempt ${holds(RECORD_PREDICATES.expired, row, PARAMS) ? "1" : "n"}` : "not"}`,
    ),
  );

  ({ store, rows } = await fill(db, table));
  const taken: string[] = [];
  for (let round = 0; round <= rows.length; round++) {
    const claim = await store.claimInDoubt({
      now: NOW,
      settledBefore: PARAMS.settled_before,
      compensateBefore: PARAMS.compensate_before,
      leaseMs: 1_000,
      ttlMs: 1_000,
    });
    if (!claim) break;
    taken.push(`${claim.key}${claim.compensating ? " compensating" : ""}`);
  }
  const due = rows.filter((row) => holds(RECORD_PREDICATES.owedSettled, row, PARAMS));
  expect(due.length).toBeGreaterThan(0);
  expect(taken.sort()).toEqual(
    due
      .map(
        (row) =>
          `${row.key}${holds(RECORD_PREDICATES.toCompensate, row, PARAMS) ? " compensating" : ""}`,
      )
      .sort(),
  );

  // The purge, on the rows as the reconciler left them.
  const read = async () =>
    (
      await db.query<RecordFields & { key: string }>(
        `SELECT key, ${COLUMNS.join(", ")} FROM ${table} WHERE scope = 'agree'`,
      )
    ).rows;
  const before = await read();
  const kept = before.filter((row) => !holds(RECORD_PREDICATES.expired, row, PARAMS));
  expect(await store.purgeExpired(NOW, rows.length)).toBe(before.length - kept.length);
  expect((await read()).map((row) => row.key).sort()).toEqual(kept.map((row) => row.key).sort());
}

const COMBINATIONS = combinations().length;

describe("the record's predicates: SQL and JavaScript agree", () => {
  it(`on SQLite, on all ${COMBINATIONS} combinations of a record's fields`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-record-state-"));
    const db = openSqliteDatabase(join(dir, "records.sqlite"), "record-state test");
    try {
      await agreement(db, "record_state");
      await statementsAgree(db, "record_state_statements");
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a reconciler's due record owed and a running claim's record running", () => {
    const record = {
      status: "pending" as const,
      captured: "{}",
      in_doubt: 1,
      locked_at: NOW - 10,
      lease_ms: 5,
      expires_at: NOW - 1,
    };
    expect(classify(record, NOW)).toBe("owed");
    expect(classify({ ...record, lease_ms: 50 }, NOW)).toBe("running");
    expect(classify({ ...record, captured: null, in_doubt: 0 }, NOW)).toBe("expired");
  });
});

describePostgres("the record's predicates on PostgreSQL", () => {
  it(`agree with JavaScript on all ${COMBINATIONS} combinations`, async () => {
    const db = openPostgresDatabase(
      { connectionString: DATABASE_URL!, maxConnections: 4 },
      "record-state test",
    );
    const table = `record_state_${randomBytes(4).toString("hex")}`;
    try {
      await agreement(db, table);
      await statementsAgree(db, `${table}_s`);
    } finally {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
      await db.query(`DROP TABLE IF EXISTS ${table}_s`);
      await db.close();
    }
  });
});
