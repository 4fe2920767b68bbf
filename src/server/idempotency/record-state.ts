/**
 * The one home of the conditions on an idempotency record. Each is written once, as a small
 * expression over the record's columns and the statements' parameters, and read two ways:
 * `sqlOf` renders it into the store's statements (with the statement's table alias and its
 * spelling of each parameter), `holds` evaluates it over a record's fields in JavaScript (with
 * SQL's three-valued logic, so the two agree on every row: test/server/record-state.test.ts).
 * `classify` names the state a record is in from the same conditions.
 */
/** The record states a table holds (`retryable`: reopened, free for the same fingerprint). */
export type RecordStatus = "pending" | "completed" | "retryable" | "compensating";

/** The columns a condition reads (as both stores' tables name them). */
type Column =
  | "status"
  | "captured"
  | "response"
  | "fingerprint"
  | "in_doubt"
  | "locked_at"
  | "lease_ms"
  | "expires_at"
  | "created_at";

/** The parameters a condition reads, named as the statements name them (`:now`). */
type Param = "now" | "settled_before" | "compensate_before" | "fingerprint";

const NUMERIC: ReadonlySet<Column> = new Set([
  "in_doubt",
  "locked_at",
  "lease_ms",
  "expires_at",
  "created_at",
]);

type Value =
  | { readonly kind: "column"; readonly name: Column }
  | { readonly kind: "param"; readonly name: Param }
  | { readonly kind: "literal"; readonly value: string | number }
  | { readonly kind: "sum"; readonly left: Value; readonly right: Value };

type CompareOp = "=" | "<>" | "<" | "<=";

/** A condition on one record: rendered by `sqlOf`, evaluated by `holds`. */
export type Condition =
  | {
      readonly kind: "compare";
      readonly op: CompareOp;
      readonly left: Value;
      readonly right: Value;
    }
  | { readonly kind: "isNull"; readonly value: Value }
  | { readonly kind: "not"; readonly of: Condition }
  | { readonly kind: "and" | "or"; readonly of: readonly Condition[] };

const column = (name: Column): Value => ({ kind: "column", name });
const param = (name: Param): Value => ({ kind: "param", name });
const literal = (value: string | number): Value => ({ kind: "literal", value });
const sum = (left: Value, right: Value): Value => ({ kind: "sum", left, right });
const compare = (op: CompareOp) => (left: Value, right: Value) =>
  ({ kind: "compare", op, left, right }) as const;
const eq = compare("=");
const ne = compare("<>");
const lt = compare("<");
const le = compare("<=");
const isNull = (value: Value): Condition => ({ kind: "isNull", value });
const not = (of: Condition): Condition => ({ kind: "not", of });
const and = (...of: Condition[]): Condition => ({ kind: "and", of });
const or = (...of: Condition[]): Condition => ({ kind: "or", of });
const statusIs = (status: RecordStatus): Condition => eq(column("status"), literal(status));
const statusIsNot = (status: RecordStatus): Condition => ne(column("status"), literal(status));

/** The record's last claim has run past its lease (`locked_at + lease_ms <= now`). */
const leaseEnded = le(sum(column("locked_at"), column("lease_ms")), param("now"));
/** A claim whose lease still runs: its side effect may be under way now. */
const liveClaim = and(statusIs("pending"), not(leaseEnded));
/** A claim past its lease (its owner crashed or hung): the next retry takes it over. */
const staleClaim = and(statusIs("pending"), leaseEnded);
/** Unfinished with captured claims (the reconciler's index holds only these). */
const unfinishedCapture = and(not(isNull(column("captured"))), statusIsNot("completed"));
/**
 * Owes its effect: unfinished with captured claims, and in doubt or never settled (a crash
 * after the capture) — it may have acted, so it is finished, never given a new effect key.
 */
const owesEffect = and(
  unfinishedCapture,
  or(eq(column("in_doubt"), literal(1)), statusIs("pending")),
);
/** Owes its effect and nobody is finishing it now: reopened, or its lease ran out. */
const owed = and(owesEffect, or(statusIs("retryable"), leaseEnded));
/** The claim's arguments are the record's (the fingerprint it is bound to). */
const sameArguments = eq(column("fingerprint"), param("fingerprint"));
/**
 * No longer binds its key at `now`: past its time to live, not a live claim (a running side
 * effect keeps its record whatever the TTL), and not owing its effect.
 */
const expired = and(le(column("expires_at"), param("now")), not(owesEffect), not(liveClaim));

/** The conditions the store's statements and peeks decide by, each defined here only. */
export const RECORD_PREDICATES = {
  leaseEnded,
  liveClaim,
  staleClaim,
  unfinishedCapture,
  owesEffect,
  owed,
  /** `owed`, untouched since `:settled_before`: due to the reconciler. */
  owedSettled: and(owed, le(column("locked_at"), param("settled_before"))),
  /**
   * Owed, with these arguments, and not under compensation: an attempt that only finishes
   * (`existingOnly`) may take it.
   */
  owedToRetry: and(sameArguments, statusIsNot("compensating"), owed),
  expired,
  /** Ended cleanly (reopened) before capturing anything, in no doubt: nothing can have happened. */
  idle: and(statusIs("retryable"), isNull(column("captured")), eq(column("in_doubt"), literal(0))),
  /** Reopened: free at once for its next attempt (same arguments). */
  reopened: statusIs("retryable"),
  /** Finished with a stored answer to replay. */
  replayable: and(statusIs("completed"), not(isNull(column("response")))),
  /** Reopened with its last attempt's answer after capturing: told as retryable by `peekKey`. */
  answeredRetryable: and(
    statusIs("retryable"),
    not(isNull(column("response"))),
    not(isNull(column("captured"))),
  ),
  /**
   * What a claim takes: an expired record (a new one in its place), or — with the same
   * arguments — the same record again: reopened, or a stale claim.
   */
  claimable: or(expired, and(sameArguments, or(statusIs("retryable"), staleClaim))),
  /** Held by a claim (an attempt, or the reconciler's refund): a renewal extends its lease. */
  held: or(statusIs("pending"), statusIs("compensating")),
  /** A claim that has not captured yet: its capture may store the claims. */
  capturable: and(statusIs("pending"), isNull(column("captured"))),
  /** A claim that captured and never settled: taken over, it may have acted (in doubt). */
  capturedClaim: and(statusIs("pending"), not(isNull(column("captured")))),
  /** Taken by the reconciler as a compensation: one already, or first claimed long enough ago. */
  toCompensate: or(statusIs("compensating"), lt(column("created_at"), param("compensate_before"))),
} as const satisfies Record<string, Condition>;

/** How a statement spells what a condition reads: its table alias, and each parameter. */
export interface SqlSpelling {
  /** The table alias (`r` → `r.status`); none: bare column names. */
  readonly alias?: string;
  /** A parameter's SQL text, where it is not `:name` (`now` → `excluded.locked_at`). */
  readonly params?: Partial<Record<Param, string>>;
}

function valueSql(value: Value, spelling: SqlSpelling): string {
  switch (value.kind) {
    case "column":
      return spelling.alias ? `${spelling.alias}.${value.name}` : value.name;
    case "param":
      return spelling.params?.[value.name] ?? `:${value.name}`;
    case "literal":
      if (typeof value.value === "number") return String(value.value);
      if (!/^[a-z_]+$/.test(value.value)) throw new TypeError("a plain word is needed");
      return `'${value.value}'`;
    case "sum":
      return `${valueSql(value.left, spelling)} + ${valueSql(value.right, spelling)}`;
  }
}

/** `condition` as SQL text, parenthesised, for a statement spelling it as `spelling` says. */
export function sqlOf(condition: Condition, spelling: SqlSpelling = {}): string {
  switch (condition.kind) {
    case "compare":
      return `(${valueSql(condition.left, spelling)} ${condition.op} ${valueSql(condition.right, spelling)})`;
    case "isNull":
      return `(${valueSql(condition.value, spelling)} IS NULL)`;
    case "not":
      return condition.of.kind === "isNull"
        ? `(${valueSql(condition.of.value, spelling)} IS NOT NULL)`
        : `(NOT ${sqlOf(condition.of, spelling)})`;
    case "and":
    case "or":
      return `(${condition.of.map((of) => sqlOf(of, spelling)).join(` ${condition.kind.toUpperCase()} `)})`;
  }
}

/** A record's fields as a store read them (PostgreSQL's driver reads `bigint` as a string). */
export type RecordFields = { readonly [name in Column]?: string | number | null };

/** The parameters' values for `holds`. */
export type ParamValues = { readonly [name in Param]?: string | number };

function valueOf(value: Value, row: RecordFields, params: ParamValues): string | number | null {
  switch (value.kind) {
    case "column": {
      const found = row[value.name];
      if (found === undefined) throw new TypeError(`the record's ${value.name} was not read`);
      return found === null || !NUMERIC.has(value.name) ? found : Number(found);
    }
    case "param": {
      const found = params[value.name];
      if (found === undefined) throw new TypeError(`the parameter ${value.name} has no value`);
      return found;
    }
    case "literal":
      return value.value;
    case "sum": {
      const left = valueOf(value.left, row, params);
      const right = valueOf(value.right, row, params);
      return left === null || right === null ? null : Number(left) + Number(right);
    }
  }
}

/** SQL's three-valued truth: `null` is unknown (a comparison with NULL). */
type Truth = boolean | null;

/** The three-valued truth of `condition` on `row`: what SQL's `WHERE` would see. */
export function truthOf(condition: Condition, row: RecordFields, params: ParamValues = {}): Truth {
  switch (condition.kind) {
    case "compare": {
      const left = valueOf(condition.left, row, params);
      const right = valueOf(condition.right, row, params);
      if (left === null || right === null) return null;
      if (typeof left !== typeof right) throw new TypeError("a comparison of unlike values");
      if (condition.op === "=") return left === right;
      if (condition.op === "<>") return left !== right;
      if (typeof left !== "number" || typeof right !== "number")
        throw new TypeError("an ordering of text");
      return condition.op === "<" ? left < right : left <= right;
    }
    case "isNull":
      return valueOf(condition.value, row, params) === null;
    case "not": {
      const truth = truthOf(condition.of, row, params);
      return truth === null ? null : !truth;
    }
    case "and":
    case "or": {
      const decisive = condition.kind === "or";
      let unknown = false;
      for (const of of condition.of) {
        const truth = truthOf(of, row, params);
        if (truth === decisive) return decisive;
        if (truth === null) unknown = true;
      }
      return unknown ? null : !decisive;
    }
  }
}

/** Whether `condition` holds on `row` (SQL's `WHERE`: unknown does not hold). */
export function holds(condition: Condition, row: RecordFields, params: ParamValues = {}): boolean {
  return truthOf(condition, row, params) === true;
}

/**
 * The states a record is in, each with the condition that names it, in order: a record is in
 * the first whose condition holds at `now`. Every record is in one (the last two cover what a
 * reopened record can be; a pending one is owed, running or stale).
 */
export const RECORD_STATES = [
  /** No longer binds its key: the next claim makes a new record (new effect key) in its place. */
  ["expired", RECORD_PREDICATES.expired],
  /** Finished: its answer is replayed until it expires. */
  ["completed", statusIs("completed")],
  /** A compensation whose attempt ended or ran out: the reconciler's next pass takes it. */
  ["compensation-owed", and(statusIs("compensating"), owed)],
  /** The reconciler's refund runs: no retry takes it, repeats wait. */
  ["under-compensation", statusIs("compensating")],
  /** Owes its effect and nobody finishes it: a retry or the reconciler completes it. */
  ["owed", owed],
  /** A claim runs under its lease: repeats wait (`in_progress`). */
  ["running", liveClaim],
  /** A claim past its lease with nothing captured: the next retry takes it over. */
  ["stale", staleClaim],
  /** Reopened before it did anything: peeks read it as absent, its subject goes free. */
  ["retryable-idle", RECORD_PREDICATES.idle],
  /** Reopened (a retryable or unknown outcome): the next retry runs it again. */
  ["retryable", statusIs("retryable")],
] as const satisfies ReadonlyArray<readonly [string, Condition]>;

/** The name of a record's state (`RECORD_STATES`). */
export type RecordState = (typeof RECORD_STATES)[number][0];

/** The state `record` is in at `now` (ms since the epoch). */
export function classify(
  record: RecordFields & { readonly status: RecordStatus },
  now: number,
): RecordState {
  for (const [state, condition] of RECORD_STATES)
    if (holds(condition, record, { now })) return state;
  throw new TypeError(`a record in no state: ${record.status}`);
}
