/**
 * The replies sent, in the app's own table in the store's database (the SQLite file or
 * PostgreSQL database of the idempotency records). `send_reply` writes a reply in the
 * transaction that completes its record, so the two commit together (or neither does) and a
 * restart keeps every reply a key replays.
 */
import {
  localDatabase,
  type IdempotencyStore,
  type LocalDatabase,
  type SqlQueries,
} from "mcp-widget-kit/server";
import type { Reply } from "../contract.ts";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS replies_sent (
    reply_id TEXT PRIMARY KEY,
    scope TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_at BIGINT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS replies_sent_scope ON replies_sent (scope, sent_at)`,
];

/** The sent-replies table of `store`. */
export function createSentReplies(store: IdempotencyStore) {
  // Opened on first use: a server whose store never answers never needs the table.
  let opened: LocalDatabase | undefined;
  const db = () => (opened ??= localDatabase(store, SCHEMA));
  return {
    /** Makes the table; call before handing `insert` to the kit as an `Attempt.local`. */
    ready: () => db().ready(),
    /** Writes `reply` of `scope` in `tx` (the completing transaction). */
    async insert(tx: SqlQueries, scope: string, reply: Reply, now: number): Promise<void> {
      await tx.query(
        `INSERT INTO replies_sent (reply_id, scope, body, sent_at)
         VALUES (:reply_id, :scope, :body, :sent_at)`,
        { reply_id: reply.reply_id, scope, body: JSON.stringify(reply), sent_at: now },
      );
    },
    /** The replies `scope` sent, oldest first. */
    async list(scope: string): Promise<Reply[]> {
      const { rows } = await db().query<{ body: string }>(
        `SELECT body FROM replies_sent WHERE scope = :scope ORDER BY sent_at, reply_id`,
        { scope },
      );
      return rows.map((row) => JSON.parse(row.body) as Reply);
    },
  };
}
