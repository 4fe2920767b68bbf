/**
 * What a call sends to PostgreSQL, counted at the driver (`pg.Client.prototype.query`): every
 * query is a round trip, each `;`-separated part a statement, and a commit waits for its WAL
 * flush unless its connection runs `synchronous_commit=off` or the statement turns it off for
 * its own transaction (the stores' deferred writes, `relaxedCommit`).
 */
import { RELAXED_COMMIT } from "../src/server/stores/postgres-database.ts";

/** Round trips, statements and the commits that flush, of one call. */
export interface Traffic {
  roundTrips: number;
  statements: number;
  durableCommits: number;
}

/**
 * Runs `call` with every pg client's queries counted (calls running meanwhile count too), or
 * only those whose text `only` accepts (a transaction's `BEGIN` and `COMMIT` count with it
 * when they travel in the same query, as the stores send them).
 */
export async function pgTraffic(
  call: () => Promise<unknown>,
  only: (text: string) => boolean = () => true,
): Promise<Traffic> {
  const { default: pg } = await import("pg");
  const traffic: Traffic = { roundTrips: 0, statements: 0, durableCommits: 0 };
  const prototype = pg.Client.prototype as unknown as {
    query: (this: unknown, query: unknown, ...rest: unknown[]) => unknown;
  };
  const send = prototype.query;
  const inTransaction = new WeakSet<object>();
  prototype.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
    const text = typeof query === "string" ? query : ((query as { text?: string }).text ?? "");
    if (!only(text)) return send.call(this, query, ...rest);
    const client = this as { connectionParameters?: { options?: string } };
    const deferred =
      String(client.connectionParameters?.options ?? "").includes("synchronous_commit=off") ||
      text.includes(RELAXED_COMMIT);
    const parts = text.split(";").filter((part) => part.trim().length > 0);
    traffic.roundTrips += 1;
    traffic.statements += parts.length;
    for (const part of parts) {
      const word = part.trim().split(/\s+/)[0]!.toUpperCase();
      if (word === "BEGIN") inTransaction.add(client);
      else if (word === "COMMIT") {
        inTransaction.delete(client);
        if (!deferred) traffic.durableCommits += 1;
      } else if (!inTransaction.has(client) && !deferred && word !== "SELECT")
        traffic.durableCommits += 1;
    }
    return send.call(this, query, ...rest);
  };
  try {
    await call();
  } finally {
    prototype.query = send;
  }
  return traffic;
}

/** `traffic` as the bench prints it. */
export const trafficText = (traffic: Traffic) =>
  `${traffic.roundTrips} / ${traffic.statements} / ${traffic.durableCommits}`;
