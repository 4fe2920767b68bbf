/** Helpers whose state lives beside the idempotency records, shared by every server process. */
export {
  createDraftStore,
  type DraftStore,
  type DraftStoreOptions,
  type DraftLookup,
  type DraftUse,
} from "./draft-store.ts";
export {
  createRateLimiter,
  rateLimitFailure,
  type RateLimiter,
  type RateLimiterOptions,
  type RateDecision,
} from "./rate-limiter.ts";
export { localDatabase, type LocalDatabase } from "./local-database.ts";
export type { SqlQueries } from "./sql-database.ts";
export type { SqlParams } from "./named-sql.ts";
export { purgeInBatches, startRetention, type Purge, type RetentionOptions } from "./retention.ts";
