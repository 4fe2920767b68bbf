/**
 * `checkWrite` on a write that needs the person's own state first: a refund of a ticket only
 * its buyer may refund. Its `prepare.args` buys the ticket through `call` (the same signed-in
 * person, the purchase's proof going with its commit), and every one of the kit's checks then
 * runs on the refund. Without the setup the refund's prepare is refused, so the checks fail.
 */
import * as v from "valibot";
import * as vitest from "vitest";
import { id } from "../../src/contract/index.ts";
import { ticketsContract, ticketsWidget } from "../support/tickets-contract.ts";
import {
  appToolServer,
  defineWrite,
  silentLogger,
  ToolFailure,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { checkWrite } from "../../src/testing/server/index.ts";

const contract = ticketsContract;
const widget = ticketsWidget;

/** One write of the tickets app; `owned` holds who bought which seat. */
function ticketWrite(
  verb: "buy" | "refund",
  options: { store: IdempotencyStore; now: () => number; onEffect: () => void },
  owned: Map<string, string>,
) {
  return defineWrite(contract, {
    widget,
    store: options.store,
    now: options.now,
    scope: "tickets:write",
    drafts: {
      name: `${verb}_drafts`,
      ttlMs: 600_000,
      schema: v.object({ seat: v.string(), owner: v.string() }),
    },
    prepare: {
      name: `prepare_${verb}`,
      kind: "ticket_draft",
      title: `Prepare ${verb}`,
      description: `Prepare a ${verb}.`,
      words: { invoking: "…", invoked: "…" },
      arguments: { schema: v.strictObject({ seat: id() }), repair: () => ({ seat: "s-1" }) },
      async handler({ seat }, { context, put }) {
        if (verb === "refund" && owned.get(seat) !== context.caller)
          throw new ToolFailure({
            code: "NOT_YOUR_TICKET",
            message: "Only the ticket's buyer can refund it.",
            retryable: false,
            changes: "none",
          });
        const { draft_id } = await put({ seat, owner: context.caller });
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
      async effect({ draft, effectKey, fence }) {
        await fence();
        if (verb === "buy") owned.set(draft.seat, draft.owner);
        else options.onEffect();
        return { done: { ref: `${verb}_${effectKey.slice(0, 8)}`, seat: draft.seat } };
      },
      show: (done, replayed) => ({ data: { done, replayed }, text: "Done." }),
    },
  });
}

checkWrite({
  vitest,
  parse: contract.parse,
  commit: "refund_ticket",
  scopes: ["tickets:write"],
  ownedDrafts: true,
  prepare: {
    tool: "prepare_refund",
    async args(n, call) {
      const seat = `s-${n}`;
      const prepared = (await call("prepare_buy", { seat })).structuredContent as {
        draft: { draft_id: string };
      };
      const bought = await call("buy_ticket", {
        draft_id: prepared.draft.draft_id,
        idempotency_key: `check-setup-buy-${n}-${Math.random()}`,
      });
      vitest.expect(bought.structuredContent).toMatchObject({ ok: true });
      return { seat };
    },
  },
  open(options) {
    const owned = new Map<string, string>();
    const buy = ticketWrite("buy", options, owned);
    const refund = ticketWrite("refund", options, owned);
    return appToolServer(
      { widget, log: silentLogger, store: options.store, now: options.now },
      {
        info: { name: "tickets", version: "1" },
        contract,
        tools: [buy.prepare, buy.commit, refund.prepare, refund.commit],
      },
    );
  },
});
