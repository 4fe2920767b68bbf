/**
 * An app with two writes (buy tickets, refund a ticket) on one tool server: its
 * `reconciler` — derived from what the server serves, no list kept by hand — finishes an
 * in-doubt record of each write with that write's own effect, under the record's effect key.
 * One write's hooks alone leave the other's record untouched (`unowned`), never finishing it
 * with the wrong effect.
 */
import * as v from "valibot";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { id } from "../../src/contract/index.ts";
import { ticketsContract, ticketsWidget } from "../support/tickets-contract.ts";
import {
  appToolServer,
  createSqliteStore,
  defineWrite,
  silentLogger,
} from "../../src/server/index.ts";
import { reconcileInDoubt } from "../../src/server/idempotency/reconcile.ts";
import { callAsWidget } from "../../src/testing/index.ts";

const contract = ticketsContract;
const widget = ticketsWidget;

/** What the outside provider was asked, per write: `buy <seat> <effect key>`. */
type Ledger = string[];

/** One write of the app (`buy` or `refund`), whose provider times out while `timeouts` > 0. */
function ticketWrite(
  verb: "buy" | "refund",
  store: ReturnType<typeof createSqliteStore>,
  ledger: Ledger,
  faults: { timeouts: number },
  now: () => number,
) {
  return defineWrite(contract, {
    widget,
    store,
    now,
    scope: "tickets:write",
    drafts: { name: `${verb}_drafts`, ttlMs: 600_000, schema: v.object({ seat: v.string() }) },
    prepare: {
      name: `prepare_${verb}`,
      kind: "ticket_draft",
      title: `Prepare ${verb}`,
      description: `Prepare a ${verb}.`,
      words: { invoking: "…", invoked: "…" },
      arguments: { schema: v.strictObject({ seat: id() }), repair: () => ({ seat: "s-1" }) },
      async handler({ seat }, { put }) {
        const { draft_id } = await put({ seat });
        return { data: { draft: { draft_id, seat } }, text: "Prepared." };
      },
    },
    commit: {
      name: `${verb}_ticket`,
      kind: "ticket_done",
      title: verb,
      description: `Commit a ${verb}.`,
      words: { invoking: "…", invoked: "…" },
      draftExample: "drf_x",
      refusals: {},
      async effect({ draft, effectKey, fence, unknown }) {
        await fence();
        ledger.push(`${verb} ${draft.seat} ${effectKey}`);
        if (faults.timeouts > 0) {
          faults.timeouts -= 1;
          return unknown("The provider did not answer in time.");
        }
        return { done: { ref: `${verb}_${effectKey.slice(0, 8)}`, seat: draft.seat } };
      },
      show: (done, replayed) => ({ data: { done, replayed }, text: "Done." }),
    },
  });
}

function openApp() {
  let clock = Date.parse("2030-05-01T10:00:00Z");
  const now = () => clock;
  const store = createSqliteStore(":memory:");
  const ledger: Ledger = [];
  const faults = { timeouts: 0 };
  const buy = ticketWrite("buy", store, ledger, faults, now);
  const refund = ticketWrite("refund", store, ledger, faults, now);
  const tools = appToolServer(
    { widget, log: silentLogger, store, now },
    {
      info: { name: "tickets", version: "1" },
      contract,
      tools: [buy.prepare, buy.commit, refund.prepare, refund.commit],
    },
  );
  const origin = {
    principal: { issuer: "local", subject: `p-${randomUUID()}`, scopes: ["tickets:write"] },
  };
  const caller = callAsWidget(tools, { parse: contract.parse, origin });
  /** A commit of `verb` for `seat` whose provider answer is lost. */
  async function lost(verb: "buy" | "refund", seat: string) {
    const prepared = await caller.view(`prepare_${verb}`, { seat });
    if (prepared.state !== "confirm") throw new Error(prepared.state);
    faults.timeouts = 1;
    const answer = await caller.view(`${verb}_ticket`, {
      draft_id: prepared.data.draft.draft_id,
      idempotency_key: `key-${verb}-${randomUUID()}`,
    });
    expect(answer).toMatchObject({ error: { code: "UPSTREAM_TIMEOUT", changes: "unknown" } });
  }
  return {
    store,
    ledger,
    tools,
    buy,
    lost,
    later: (ms: number) => (clock += ms),
    now,
  };
}

describe("two writes on one tool server", () => {
  it("the server's reconciler finishes an in-doubt record of each write with that write's own effect", async () => {
    const app = openApp();
    await app.lost("buy", "s-7");
    await app.lost("refund", "s-3");
    app.later(120_000);
    const counts = await reconcileInDoubt({
      store: app.store,
      now: app.now,
      ...app.tools.reconciler,
    });
    expect(counts).toMatchObject({ completed: 2, unowned: 0, retry_later: 0 });
    // Each write's effect ran again under its record's own key, for its own seat.
    const [buyFirst, refundFirst, ...finishes] = app.ledger;
    expect(finishes.sort()).toEqual([buyFirst, refundFirst].sort());
    expect(app.ledger.filter((line) => line.startsWith("buy s-7"))).toHaveLength(2);
    expect(app.ledger.filter((line) => line.startsWith("refund s-3"))).toHaveLength(2);
  });

  it("one write's hooks alone leave the other write's record in doubt, untouched", async () => {
    const app = openApp();
    await app.lost("buy", "s-1");
    await app.lost("refund", "s-2");
    app.later(120_000);
    const only = await reconcileInDoubt({ store: app.store, now: app.now, ...app.buy.reconciler });
    expect(only).toMatchObject({ completed: 1, unowned: 1 });
    expect(app.ledger.filter((line) => line.startsWith("buy "))).toHaveLength(2);
    expect(app.ledger.filter((line) => line.startsWith("refund "))).toHaveLength(1);
    // The server's reconciler, next, finishes the refund with the refund's effect.
    app.later(120_000);
    const rest = await reconcileInDoubt({
      store: app.store,
      now: app.now,
      ...app.tools.reconciler,
    });
    expect(rest).toMatchObject({ completed: 1, unowned: 0 });
    expect(app.ledger.filter((line) => line.startsWith("refund s-2"))).toHaveLength(2);
  });
});
