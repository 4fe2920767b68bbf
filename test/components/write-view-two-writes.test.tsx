// @vitest-environment jsdom
/**
 * Two writes in one widget (buy a ticket, refund one), drawn with today's API: one WriteView
 * per write, picked by the kind of the host's result, each with its own `stateKey`. On one
 * host, each write's draft, proof and receipt stay its own: a remount after either shows that
 * write's committed state, and neither commit ever sends the other's draft or proof
 * (docs/components.md, "Two writes in one widget").
 */
import { act, fireEvent, screen } from "@testing-library/react";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { WriteView } from "../../src/components/write-view.tsx";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import {
  defineContract,
  id,
  listKind,
  recordKind,
  toolRefs,
  type ToolSignature,
} from "../../src/contract/index.ts";
import { useToolOutput } from "../../src/hooks/use-tool-output.ts";
import { renderWithHost, widgetRoot, type HostRender } from "./helpers.tsx";

const Seat = v.object({ id: id() });
const tickets = defineContract({
  kinds: {
    seats: listKind({ items: "seats", item: Seat }),
    ticket_draft: recordKind({
      state: "confirm",
      entries: { draft: v.object({ draft_id: id(), seat: id() }) },
    }),
    ticket: recordKind({
      state: "committed",
      entries: { ticket: v.object({ ticket_id: id(), seat: id() }) },
    }),
    my_tickets: listKind({ items: "tickets", item: v.object({ id: id(), seat: id() }) }),
    refund_draft: recordKind({
      state: "confirm",
      entries: { draft: v.object({ draft_id: id(), ticket_id: id() }) },
    }),
    refund: recordKind({
      state: "committed",
      entries: { refund: v.object({ refund_id: id(), ticket_id: id() }) },
    }),
  },
});

type Kinds = typeof tickets.kinds;
type Tool<Input, Kind extends keyof Kinds & string> = ToolSignature<Input, Kind, Kinds>;
const tools = toolRefs<{
  list_seats: Tool<object, "seats">;
  prepare_buy: Tool<{ seat: string }, "ticket_draft">;
  buy_ticket: Tool<{ draft_id: string; idempotency_key: string }, "ticket">;
  list_my_tickets: Tool<object, "my_tickets">;
  prepare_refund: Tool<{ ticket_id: string }, "refund_draft">;
  refund_ticket: Tool<{ draft_id: string; idempotency_key: string }, "refund">;
}>(tickets, {
  list_seats: "seats",
  prepare_buy: "ticket_draft",
  buy_ticket: "ticket",
  list_my_tickets: "my_tickets",
  prepare_refund: "refund_draft",
  refund_ticket: "refund",
});

type View = ReturnType<typeof tickets.parse>;

function BuyView() {
  return (
    <WriteView
      stateKey="buy"
      contract={tickets}
      prepare={tools.prepare_buy}
      commit={tools.buy_ticket}
      tools={tools}
      receipt={(view: View) =>
        view.state === "committed" && view.kind === "ticket"
          ? { ok: true, reference: view.data.ticket.ticket_id }
          : null
      }
      renderResults={(view, write) =>
        view.kind === "seats" &&
        view.items.map((seat) => (
          <button
            key={seat.id}
            type="button"
            data-action="prepare"
            onClick={() => write.prepare({ seat: seat.id })}
          >
            Buy {seat.id}
          </button>
        ))
      }
      confirm={(view) => ({
        draft: {
          id: view.data.draft.draft_id,
          title: view.kind === "ticket_draft" ? `Buy seat ${view.data.draft.seat}` : "",
        },
      })}
    />
  );
}

function RefundView() {
  return (
    <WriteView
      stateKey="refund"
      contract={tickets}
      prepare={tools.prepare_refund}
      commit={tools.refund_ticket}
      tools={tools}
      receipt={(view: View) =>
        view.state === "committed" && view.kind === "refund"
          ? { ok: true, reference: view.data.refund.refund_id }
          : null
      }
      renderResults={(view, write) =>
        view.kind === "my_tickets" &&
        view.items.map((ticket) => (
          <button
            key={ticket.id}
            type="button"
            data-action="prepare"
            onClick={() => write.prepare({ ticket_id: ticket.id })}
          >
            Refund {ticket.id}
          </button>
        ))
      }
      confirm={(view) => ({
        draft: {
          id: view.data.draft.draft_id,
          title: view.kind === "refund_draft" ? `Refund ticket ${view.data.draft.ticket_id}` : "",
        },
      })}
    />
  );
}

/** The refund's kinds: a host result of one of them is the refund's view, else the buy's. */
const REFUND_KINDS: readonly string[] = [
  tools.list_my_tickets.kind,
  tools.prepare_refund.kind,
  tools.refund_ticket.kind,
];

/** The app: one widget for both writes' tools. */
function Tickets() {
  const shown = tickets.parse(useToolOutput());
  return REFUND_KINDS.includes(shown.kind ?? "") ? <RefundView /> : <BuyView />;
}

const wire = (kind: string, fields: object) => ({
  contract_version: "1.0",
  kind,
  ok: true,
  ...fields,
});
const SEATS = wire("seats", { seats: [{ id: "s-7" }] });
const MY_TICKETS = wire("my_tickets", { tickets: [{ id: "tkt_1", seat: "s-7" }] });
/** A prepare's answer, with the draft's proof in its `_meta`, as the server sends it. */
const prepared = (kind: string, draft: object, proof: string) => ({
  structuredContent: wire(kind, { draft }),
  content: [],
  _meta: { [CONFIRMATION_META]: proof },
});

function render(): HostRender {
  return renderWithHost(<Tickets />, {
    globals: { toolOutput: SEATS },
    tools: {
      prepare_buy: ({ seat }) =>
        prepared("ticket_draft", { draft_id: "drf_buy", seat }, "proof-buy"),
      buy_ticket: () => wire("ticket", { ticket: { ticket_id: "tkt_1", seat: "s-7" } }),
      prepare_refund: ({ ticket_id }) =>
        prepared("refund_draft", { draft_id: "drf_refund", ticket_id }, "proof-refund"),
      refund_ticket: () => wire("refund", { refund: { refund_id: "rfd_1", ticket_id: "tkt_1" } }),
    },
  });
}

const click = (selector: string) =>
  act(async () => void fireEvent.click(document.querySelector(selector)!));

/** Each commit sent: the tool, its draft and its proof. */
const commits = (app: HostRender) =>
  app.host
    .toolCalls()
    .filter((call) => call.name === "buy_ticket" || call.name === "refund_ticket")
    .map(({ name, args }) => [name, args.draft_id, args.confirmation]);

/** The same widget mounted again on the same host (its widget state kept). */
function remount(app: HostRender, n: number) {
  app.rerender(<Tickets key={n} />);
}

/** The host shows another result in this widget (the model called the other write's tool). */
const show = (app: HostRender, output: unknown) =>
  act(() => app.host.setGlobals({ toolOutput: output }));

describe("Two writes in one widget: a WriteView per write, each under its own stateKey", () => {
  it("buys, then refunds; a remount after each shows that write's own receipt", async () => {
    const app = render();
    await click('[data-action="prepare"]');
    expect(screen.getByRole("alertdialog")).toHaveTextContent("Buy seat s-7");
    await click('[data-action="confirm"]');
    expect(widgetRoot(app.container)).toHaveAttribute("data-state", "committed");
    expect(app.container).toHaveTextContent("tkt_1");
    remount(app, 1);
    expect(widgetRoot(app.container)).toHaveAttribute("data-state", "committed");
    expect(app.container).toHaveTextContent("tkt_1");

    await show(app, MY_TICKETS);
    expect(widgetRoot(app.container)).toHaveAttribute("data-state", "results");
    await click('[data-action="prepare"]');
    expect(screen.getByRole("alertdialog")).toHaveTextContent("Refund ticket tkt_1");
    await click('[data-action="confirm"]');
    expect(app.container).toHaveTextContent("rfd_1");
    remount(app, 2);
    expect(widgetRoot(app.container)).toHaveAttribute("data-state", "committed");
    expect(app.container).toHaveTextContent("rfd_1");

    // The buy's receipt outlived the refund's: its own key, not overwritten.
    await show(app, SEATS);
    remount(app, 3);
    expect(widgetRoot(app.container)).toHaveAttribute("data-state", "committed");
    expect(app.container).toHaveTextContent("tkt_1");
    expect(app.container).not.toHaveTextContent("rfd_1");
    expect(commits(app)).toEqual([
      ["buy_ticket", "drf_buy", "proof-buy"],
      ["refund_ticket", "drf_refund", "proof-refund"],
    ]);
  });

  it("a buy draft left open while a refund is done commits the buy's own draft and proof", async () => {
    const app = render();
    await click('[data-action="prepare"]');
    await show(app, MY_TICKETS);
    await click('[data-action="prepare"]');
    await click('[data-action="confirm"]');
    expect(app.container).toHaveTextContent("rfd_1");

    await show(app, SEATS);
    expect(screen.getByRole("alertdialog")).toHaveTextContent("Buy seat s-7");
    await click('[data-action="confirm"]');
    expect(app.container).toHaveTextContent("tkt_1");
    await show(app, MY_TICKETS);
    expect(app.container).toHaveTextContent("rfd_1");
    expect(commits(app)).toEqual([
      ["refund_ticket", "drf_refund", "proof-refund"],
      ["buy_ticket", "drf_buy", "proof-buy"],
    ]);
  });

  it("a buy whose answer was lost is sent again with its own key after a refund", async () => {
    const app = render();
    await click('[data-action="prepare"]');
    app.host.failNext(); // the buy's answer is lost: it may have gone through
    await click('[data-action="confirm"]');
    await show(app, MY_TICKETS);
    await click('[data-action="prepare"]');
    await click('[data-action="confirm"]');
    await show(app, SEATS);
    await click('[data-action="confirm"]');
    expect(app.container).toHaveTextContent("tkt_1");
    const keys = app.host.toolCalls("buy_ticket").map((call) => call.args.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
