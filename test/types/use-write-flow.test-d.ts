/**
 * Type tests of `useWriteFlow` (vitest typecheck, part of `npm test`): typed by the refs of
 * its tools, so a misspelt or mistyped write argument fails typecheck.
 */
import { describe, expectTypeOf, it } from "vitest";
import { useWriteFlow, type CommitOutcome } from "mcp-widget-kit";
import { receipt, seats, tools, type SeatView } from "../write/seats.ts";

const options = {
  contract: seats,
  prepare: tools.hold_seat,
  commit: tools.book_seat,
  tools,
  receipt,
};

describe("useWriteFlow", () => {
  it("takes the prepare tool's arguments, and marks them pending", () => {
    const flow = useWriteFlow(options);
    expectTypeOf(flow.prepare).parameter(0).toEqualTypeOf<{ seat: string }>();
    expectTypeOf(flow.pending).toEqualTypeOf<{ seat: string } | null>();
    void flow.prepare({ seat: "12A" });
    // @ts-expect-error a misspelt argument
    void flow.prepare({ saet: "12A" });
    // @ts-expect-error a mistyped argument
    void flow.prepare({ seat: 12 });
  });

  it("takes the commit tool's arguments (the proof is the flow's own)", () => {
    const flow = useWriteFlow(options);
    expectTypeOf(flow.commit).returns.toEqualTypeOf<Promise<CommitOutcome>>();
    void flow.commit({ hold_id: "h-12A", key: "k" });
    // @ts-expect-error the key is missing
    void flow.commit({ hold_id: "h-12A" });
  });

  it("shows the contract's views", () => {
    const flow = useWriteFlow(options);
    expectTypeOf(flow.view).toEqualTypeOf<SeatView | null>();
    expectTypeOf(flow.retry).toEqualTypeOf<(() => Promise<unknown>) | undefined>();
  });

  it("takes typed refs only", () => {
    // @ts-expect-error the untyped `{ tool, kind }` form is gone
    useWriteFlow({ ...options, prepare: { tool: "hold_seat", kind: "seat_hold" } });
  });
});
