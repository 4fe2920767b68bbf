/** Idempotency: a store interface, SQLite and PostgreSQL stores, and the runner. */
export type {
  IdempotencyStore,
  RecordStore,
  ClaimHandle,
  ClaimRequest,
  ClaimResult,
  InDoubtClaim,
  InDoubtRequest,
  StoredResponse,
} from "./store.ts";
export { recordsOf } from "./store.ts";
export { guardStore } from "./guard-store.ts";
export { createSqliteStore } from "./sqlite-store.ts";
export { createPostgresStore, type PostgresStoreOptions } from "./postgres-store.ts";
export { fingerprint } from "./fingerprint.ts";
export {
  runIdempotent,
  DEFAULT_IDEMPOTENCY_TIMING,
  type Attempt,
  type EffectContext,
  type IdempotencyTiming,
  type IdempotentOutcome,
  type IdempotentRequest,
} from "./run-idempotent.ts";
export {
  reconcileInDoubt,
  startReconciler,
  type InDoubtRecord,
  type ReconcileAction,
  type ReconcileCounts,
  type ReconcileOptions,
} from "./reconcile.ts";
