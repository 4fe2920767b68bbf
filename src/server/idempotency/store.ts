/**
 * The idempotency store: one record per (caller scope, key). The claim is atomic and happens
 * before the side effect, so of N concurrent requests with one key exactly one runs it.
 */

/** A finished request's stored answer (success or non-retryable failure), as JSON text. */
export interface StoredResponse {
  /** JSON of what the handler returned; replayed verbatim. */
  body: string;
}

/** What a claim attempt found. */
export type ClaimResult =
  /** This request owns the key now and must run the side effect. `recovered`: it took over a stale claim. */
  | { state: "claimed"; token: string; recovered: boolean }
  /** Finished earlier with the same arguments: replay `response`. */
  | { state: "completed"; response: StoredResponse }
  /** Another request with this key is running; `lockedUntil` is when its claim goes stale (ms). */
  | { state: "in_progress"; lockedUntil: number }
  /** The key was used with other arguments. */
  | { state: "mismatch" };

/** Arguments of `claim`. */
export interface ClaimRequest {
  scope: string;
  key: string;
  /** Hash of the request's arguments (see `fingerprint`). */
  fingerprint: string;
  /** Now, in ms since the epoch (passed in so tests and stores agree on one clock). */
  now: number;
  /** How long a finished record is kept. */
  ttlMs: number;
  /** How long a claim may run before another request may take it over. */
  leaseMs: number;
}

/** A place to keep idempotency records. Implementations: SQLite, PostgreSQL. */
export interface IdempotencyStore {
  /** A short name for logs and benchmarks, e.g. `sqlite`. */
  readonly name: string;
  /** Creates the table if needed. Safe to call more than once, from several processes. */
  init(): Promise<void>;
  /** Atomically claims the key, or reports who has it. */
  claim(request: ClaimRequest): Promise<ClaimResult>;
  /** Stores the answer of the claim `token`; false when the claim was lost to a takeover. */
  complete(scope: string, key: string, token: string, response: StoredResponse): Promise<boolean>;
  /** Gives the key back (the request failed retryably without changing anything). */
  release(scope: string, key: string, token: string): Promise<void>;
  /** Deletes expired records; returns how many. */
  purgeExpired(now: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * The columns of a stored record that decide what a repeat of its key gets, named as both
 * stores' tables name them, so each store hands its row over as it was read.
 */
export interface StoredRecord {
  readonly fingerprint: string;
  readonly status: string;
  readonly response: string | null;
  /**
   * When the current claim was taken (ms since the epoch; PostgreSQL's driver reads its
   * `bigint` as a string) and how long it is leased.
   */
  readonly locked_at: number | string;
  readonly lease_ms: number;
}

/**
 * What a repeat of a taken key gets, the same for every store: other arguments → `mismatch`,
 * a finished call → its stored response, else `in_progress` until the claim's lease ends.
 */
export function claimResultOf(record: StoredRecord, fingerprint: string | undefined): ClaimResult {
  if (fingerprint !== undefined && record.fingerprint !== fingerprint) return { state: "mismatch" };
  if (record.status === "completed" && record.response !== null)
    return { state: "completed", response: { body: record.response } };
  return { state: "in_progress", lockedUntil: Number(record.locked_at) + record.lease_ms };
}
