/** Helpers whose state lives beside the idempotency records, shared by every server process. */
export { createDraftStore, type DraftStore } from "./draft-store.ts";
export { createRateLimiter, rateLimitFailure, type RateLimiter } from "./rate-limiter.ts";
export { localDatabase, type LocalDatabase } from "./local-database.ts";
export type { SqlQueries } from "./sql-database.ts";
export { purgeInBatches, startRetention, type Purge } from "./retention.ts";
