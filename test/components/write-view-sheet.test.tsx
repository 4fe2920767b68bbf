// @vitest-environment jsdom
/**
 * WriteView with ChatGPT's payment sheet (`sheet`): where it is available (the host has one
 * and the server says it has one), Confirm pays the draft there and the commit tool is not
 * called, even when the sheet fails; where it is not, the commit tool commits.
 * `renderCommitted` draws a committed result in place of the kit's Receipt.
 */
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SheetCheckout } from "../../src/hooks/use-sheet-checkout.ts";
import type { CommitOutcome } from "../../src/write/commit-outcome.ts";
import { payloads, resultOf } from "../fixture-app/payloads.ts";
import { renderWithHost, widgetRoot } from "./helpers.tsx";
import { ShopWriteView } from "./shop-write-view.tsx";

const click = (selector: string) =>
  act(async () => void fireEvent.click(document.querySelector(selector)!));

/** A sheet whose `pay` answers `outcome`. */
function sheetAnswering(outcome: CommitOutcome, available = true) {
  return { available, pay: vi.fn(async (_draftId: string) => outcome) } satisfies SheetCheckout;
}

function render(sheet: SheetCheckout) {
  return renderWithHost(<ShopWriteView sheet={sheet} />, {
    globals: { toolOutput: payloads.draft },
    tools: { place_purchase: () => resultOf(payloads.placed) },
  });
}

describe("WriteView with the payment sheet", () => {
  it("pays on the host's sheet, not through the commit tool, and shows the order with the draft's total", async () => {
    const sheet = sheetAnswering({ ok: true, reference: "ord_sheet_1" });
    const { container, host } = render(sheet);
    await click('[data-action="confirm"]');
    expect(sheet.pay).toHaveBeenCalledWith("drf_fixture_1");
    expect(host.toolCalls("place_purchase")).toEqual([]);
    expect(container).toHaveTextContent("ord_sheet_1");
    expect(container).toHaveTextContent("$12.50");
    // The model is told as after a commit: the same sentence, once.
    expect(host.callsOf("updateModelContext").map((call) => call.args[0])).toEqual([
      { content: [{ type: "text", text: "The person confirmed (reference ord_sheet_1)." }] },
    ]);
  });

  it("shows a failed sheet call and pays again on the sheet, never through the commit tool", async () => {
    const sheet = sheetAnswering({
      ok: false,
      error: { code: "HOST_CALL_FAILED", message: "", retryable: true, changes: "none" },
    });
    const { container, host } = render(sheet);
    await click('[data-action="confirm"]');
    expect(sheet.pay).toHaveBeenCalledTimes(1);
    expect(host.toolCalls("place_purchase")).toEqual([]);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    await click('[data-action="retry"]');
    expect(sheet.pay).toHaveBeenCalledTimes(2);
    expect(host.toolCalls("place_purchase")).toEqual([]);
  });

  it("says a closed sheet was closed and charged nothing, offers to pay again, and sends no commit", async () => {
    const sheet = sheetAnswering({
      ok: false,
      error: {
        code: "CHECKOUT_NOT_COMPLETED",
        message: "The payment was not completed; nothing was charged.",
        retryable: true,
        changes: "none",
      },
    });
    const { host } = render(sheet);
    await click('[data-action="confirm"]');
    expect(host.toolCalls("place_purchase")).toEqual([]);
    const dialog = screen.getByRole("alertdialog", { name: "This was not done" });
    expect(dialog).toHaveTextContent("The payment was not completed. Nothing was charged.");
    // A way to pay again: Try again pays on the sheet once more.
    await click('[data-action="retry"]');
    expect(sheet.pay).toHaveBeenCalledTimes(2);
    expect(host.toolCalls("place_purchase")).toEqual([]);
  });

  it("commits through the commit tool where the host has no sheet", async () => {
    const sheet = sheetAnswering({ ok: true, reference: "never" }, false);
    const { host } = render(sheet);
    await click('[data-action="confirm"]');
    expect(sheet.pay).not.toHaveBeenCalled();
    expect(host.toolCalls("place_purchase")).toHaveLength(1);
  });
});

describe("WriteView's renderCommitted", () => {
  it("draws a committed result in place of the Receipt, and leaves the Receipt where it answers undefined", async () => {
    const own = renderWithHost(
      <ShopWriteView
        renderCommitted={(view, justCommitted) => (
          <p data-testid="own">
            Own view of {view.data.purchase.purchase_id}, fresh: {String(justCommitted)}
          </p>
        )}
      />,
      { globals: { toolOutput: payloads.placed } },
    );
    expect(own.container).toHaveTextContent("Own view of pur_fixture_1, fresh: false");
    expect(own.container.querySelector("h2")).toBeNull(); // no Receipt heading
    const kit = renderWithHost(<ShopWriteView renderCommitted={() => undefined} />, {
      globals: { toolOutput: payloads.placed },
    });
    expect(kit.container).toHaveTextContent("Status: placed");
    expect(kit.container.querySelector("h2")).not.toBeNull();
  });
});
