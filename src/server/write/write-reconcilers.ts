/**
 * The reconciler's work of a whole tool server, derived from what it serves: each commit
 * `defineWrite` made carries its write's hooks (kept here, beside the tool, so the tool
 * server can find them without importing `defineWrite`), and the payment sheet its own. A
 * record goes to the write whose commit captured it (`WriteCapture.write`), a sheet payment
 * to the sheet — so the server's reconciler, the `reconcile` command and any process that
 * builds the same tool server finish every write the same way, with no list kept by hand.
 */
import { isRecord } from "../../core/is-record.ts";
import { isKitRecord, type ReconcileOptions } from "../idempotency/reconcile.ts";

/** What a reconciler needs of a write: its hooks, whose records they are, and its timing. */
export type WriteReconciler = Pick<
  ReconcileOptions<unknown, unknown>,
  "complete" | "compensate" | "owns" | "leaseMs" | "ttlMs"
>;

/** Each commit tool `defineWrite` made, with its write's reconciler hooks. */
const byCommit = new WeakMap<object, WriteReconciler>();

/** Keeps `hooks` as the reconciler's work of `commit` (called by `defineWrite`). */
export function keepWriteReconciler(commit: object, hooks: WriteReconciler): void {
  byCommit.set(commit, hooks);
}

/**
 * Whether `captured` is a record of the write whose commit is `name`. A record captured
 * before commits named their write (no `write`, but a draft) counts as any write's: an
 * upgraded server still finishes what its earlier version left in doubt.
 */
export function capturedBy(name: string, captured: unknown): boolean {
  if (!isRecord(captured) || isKitRecord(captured)) return false;
  return captured.write === undefined ? "draft_id" in captured : captured.write === name;
}

const rejectUnowned = () =>
  Promise.reject(new TypeError("no write of this server owns the record"));

/**
 * The reconciler's work for every write among `tools` and the payment sheet: each record to
 * the hooks that own it; a record none owns is left in doubt (`unowned`). The lease and the
 * lifetime are the longest any write asks for, so no write's record is taken too early or
 * forgotten too soon.
 */
export function serverReconciler(
  tools: ReadonlyArray<object>,
  /** The payment sheet (`PaymentSheet`, named by its shape: checkout/ imports write/). */
  sheet:
    | {
        reconciler(
          others: WriteReconciler,
        ): Pick<ReconcileOptions<unknown, unknown>, "complete" | "compensate" | "owns">;
      }
    | undefined,
): WriteReconciler {
  const writes = tools.flatMap((tool) => byCommit.get(tool) ?? []);
  const ownerOf = (captured: unknown) => writes.find((write) => write.owns?.(captured) === true);
  const longest = (pick: (write: WriteReconciler) => number | undefined) => {
    const values = writes.flatMap((write) => pick(write) ?? []);
    return values.length > 0 ? Math.max(...values) : undefined;
  };
  const leaseMs = longest((write) => write.leaseMs);
  const ttlMs = longest((write) => write.ttlMs);
  const own: WriteReconciler = {
    owns: (captured) => ownerOf(captured) !== undefined,
    complete: (record) => ownerOf(record.captured)?.complete(record) ?? rejectUnowned(),
    compensate: (record) => {
      const owner = ownerOf(record.captured);
      if (!owner) return rejectUnowned();
      if (!owner.compensate)
        return Promise.reject(new TypeError("this write declares no compensate: it stays owed"));
      return owner.compensate(record);
    },
    ...(leaseMs === undefined ? {} : { leaseMs }),
    ...(ttlMs === undefined ? {} : { ttlMs }),
  };
  return sheet ? { ...own, ...sheet.reconciler(own) } : own;
}
