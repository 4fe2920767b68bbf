/**
 * A store that runs an app's check before each of its operations (a fault drill that makes the
 * database look unreachable, a metric, a circuit breaker), and is the same store to the rest of
 * the kit: drafts, rate limits and `localDatabase` share its database as they share the
 * store's it wraps.
 */
import { attachSqlDatabase, recordsTableOf, sqlDatabaseOf } from "../stores/sql-database.ts";
import { recordsOf, type IdempotencyStore, type RecordStore } from "./store.ts";

/**
 * `store` with `before` run ahead of each claim (a fresh one with its capture too), capture, completion, reopen, in-doubt claim
 * and purge; what `before` throws (or rejects with) is the operation's failure, so the kit
 * answers it as an unavailable store. `init` and `close` are passed through unchecked. The
 * wrapper keeps the store's SQL database for `createDraftStore`, `createRateLimiter` and
 * `localDatabase`.
 */
export function guardStore(
  store: IdempotencyStore,
  before: () => void | Promise<void>,
): IdempotencyStore {
  const records = recordsOf(store);
  // The check first, then the operation: what the check throws is the operation's rejection.
  const checked =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await before();
      return operation(...args);
    };
  const guarded: RecordStore = {
    name: store.name,
    init: () => store.init(),
    claim: checked((request) => records.claim(request)),
    ...(records.claimFresh
      ? { claimFresh: checked((request, captured) => records.claimFresh!(request, captured)) }
      : {}),
    ...(records.claimFreshWith
      ? {
          claimFreshWith: checked((request, along) => records.claimFreshWith!(request, along)),
        }
      : {}),
    ...(records.completeFresh
      ? {
          completeFresh: checked((request, token, response, local) =>
            records.completeFresh!(request, token, response, local),
          ),
        }
      : {}),
    capture: checked((claim, captured) => records.capture(claim, captured)),
    complete: checked((claim, response, inDoubt, local, deferFlush) =>
      records.complete(claim, response, inDoubt, local, deferFlush),
    ),
    reopen: checked((claim, response, inDoubt) => records.reopen(claim, response, inDoubt)),
    peek: checked((scope, key, print) => records.peek(scope, key, print)),
    peekSubject: checked((scope, subject) => records.peekSubject(scope, subject)),
    peekKey: checked((scope, key) => records.peekKey(scope, key)),
    renew: checked((claim, now, leaseMs) => records.renew(claim, now, leaseMs)),
    claimInDoubt: checked((request) => records.claimInDoubt(request)),
    purgeExpired: checked((now, limit) => store.purgeExpired(now, limit)),
    close: () => store.close(),
  };
  // A store that shares no known SQL database (another copy of the kit loaded it, as a test that
  // mixes src/ and lib/ does, or an app's own store) is still guarded; only the helpers that
  // need the shared database then refuse it, with their own error.
  let database: ReturnType<typeof sqlDatabaseOf> | undefined;
  try {
    database = sqlDatabaseOf(store, "guardStore");
  } catch {
    return guarded;
  }
  return attachSqlDatabase(guarded, database, recordsTableOf(store));
}
