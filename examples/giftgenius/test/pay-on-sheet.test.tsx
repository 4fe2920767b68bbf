// @vitest-environment jsdom
/**
 * The GiftGenius widget pays on ChatGPT's payment sheet where the host offers one and the
 * server says it has one (its results' `_meta` name the session tool): Confirm calls
 * `start_checkout` with the person's proof, hands its session to the sheet, and shows the order
 * the server's `complete_checkout` placed — never `commit_order`, not even when
 * `start_checkout` fails or times out (that is shown, and paid again on the sheet). Without a
 * sheet, in the host or on the server, it commits its own way; a closed sheet is an error that
 * charged nothing.
 */
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HostProvider } from "mcp-widget-kit";
import { App } from "../widget/app.tsx";
import { gift, prepared, suggestions } from "./one-draft.ts";
import { renderWithHost, widgetRoot } from "../../../test/components/helpers.tsx";

const session = {
  id: "cs1_session",
  payment_provider: {
    provider: "giftgenius_test_pay",
    merchant_id: "m",
    supported_payment_methods: [],
  },
  payment_mode: "test",
  status: "ready_for_payment",
  currency: "USD",
  line_items: [],
  totals: [{ type: "total", display_text: "Total", amount: 1199 }],
  links: [],
};
const paid = {
  id: "cs1_session",
  status: "completed",
  currency: "USD",
  totals: [],
  order: {
    id: "ord_sheet_1",
    checkout_session_id: "cs1_session",
    permalink_url: "https://x.example/o",
  },
  messages: [],
};

/** `order_status` of the paid draft: placed, the order as commit_order gives it. */
const placed = {
  contract_version: "1.1",
  kind: "order_status",
  ok: true,
  status: "placed",
  summary: "Order ord_sheet_1 was placed and paid on the payment sheet and 11.99 USD was charged.",
  charged: { amount: "11.99", currency: "USD" },
  order: {
    order_id: "ord_sheet_1",
    draft_id: "d-1",
    total: { amount: "11.99", currency: "USD" },
    checkout_url: "https://x.example/o",
  },
};

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  cleanup();
});

async function buyAndConfirm(container: HTMLElement) {
  await act(async () => void fireEvent.click(container.querySelector('[data-action="prepare"]')!));
  await act(async () => void fireEvent.click(container.querySelector('[data-action="confirm"]')!));
  // The sheet and the tool calls answer on later microtasks.
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
}

/** What a server with the payment sheet says in every result's `_meta`: its session tool. */
const SERVER_HAS_SHEET = { "mcp-widget-kit/sheet": "start_checkout" };

/** `commit_order`'s answer: the order placed the app's own way. */
const committed = () => ({
  contract_version: "1.0",
  kind: "order",
  ok: true,
  replayed: false,
  order: { order_id: "o-77", draft_id: "d-1", status: "created", total: gift.price },
});

/**
 * The widget on a host with ChatGPT's payment sheet, played as `sheet` says, and a server that
 * has one (unless `serverSheet` is false); `startCheckout` replaces the session tool.
 */
function withSheet(
  sheet: { token?: () => string; cancel?: boolean },
  {
    serverSheet = true,
    startCheckout,
  }: { serverSheet?: boolean; startCheckout?: () => unknown } = {},
) {
  const rendered = renderWithHost(<App />, {
    globals: {
      toolOutput: suggestions,
      ...(serverSheet ? { toolResponseMetadata: SERVER_HAS_SHEET } : {}),
    },
    tools: {
      prepare_order: () => prepared,
      start_checkout: startCheckout ?? (() => ({ checkout_session: session })),
      complete_checkout: () => paid,
      order_status: () => placed,
      commit_order: committed,
    },
    checkout: sheet,
  });
  uninstall = rendered.host.installAsOpenAI();
  return rendered;
}

describe("GiftGenius pays on the payment sheet", () => {
  it("starts the checkout with the proof, pays on the sheet and shows the order; commit_order is never called", async () => {
    const { container, host } = withSheet({ token: () => "spt_test_ok_1199_n1" });
    await buyAndConfirm(container);
    expect(host.toolCalls("start_checkout").map((call) => call.args)).toEqual([
      { draft_id: "d-1", confirmation: "v1.proof-of-d-1" },
    ]);
    expect(host.toolCalls("complete_checkout")[0]?.args).toMatchObject({
      checkout_session_id: "cs1_session",
      payment_data: { token: "spt_test_ok_1199_n1", provider: "giftgenius_test_pay" },
    });
    expect(widgetRoot(container)).toHaveAttribute("data-state", "committed");
    expect(container).toHaveTextContent("ord_sheet_1");
    expect(host.toolCalls("commit_order")).toHaveLength(0);
  });

  it("tells the model after a sheet payment as after a commit, once", async () => {
    const { container, host } = withSheet({ token: () => "spt_test_ok_1199_n1" });
    await buyAndConfirm(container);
    expect(container).toHaveTextContent("ord_sheet_1");
    expect(host.callsOf("updateModelContext").map((call) => call.args[0])).toEqual([
      { content: [{ type: "text", text: "The person confirmed (reference ord_sheet_1)." }] },
    ]);
  });

  it("tells the model nothing after a closed sheet", async () => {
    const { container, host } = withSheet({ cancel: true });
    await buyAndConfirm(container);
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    expect(host.callsOf("updateModelContext")).toEqual([]);
  });

  it("keeps the order after a sheet payment: a remount shows the receipt, not the confirm dialog again", async () => {
    const first = withSheet({ token: () => "spt_test_ok_1199_n1" });
    await buyAndConfirm(first.container);
    expect(first.container).toHaveTextContent("ord_sheet_1");
    const host = first.host;
    first.unmount();
    const second = render(
      <HostProvider host={host}>
        <App />
      </HostProvider>,
    );
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(widgetRoot(second.container)).toHaveAttribute("data-state", "committed");
    expect(second.container).toHaveTextContent("ord_sheet_1");
    expect(second.container.querySelector('[data-action="confirm"]')).toBeNull();
    // The order as the server has it, read once; nothing paid or committed again.
    expect(host.toolCalls("order_status").map((call) => call.args)).toEqual([{ draft_id: "d-1" }]);
    expect(host.toolCalls("complete_checkout")).toHaveLength(1);
    expect(host.toolCalls("commit_order")).toHaveLength(0);
  });

  it("commits its own way where the host has no sheet", async () => {
    const { container, host } = renderWithHost(<App />, {
      globals: { toolOutput: suggestions, toolResponseMetadata: SERVER_HAS_SHEET },
      tools: { prepare_order: () => prepared, commit_order: committed },
    });
    await buyAndConfirm(container);
    expect(host.toolCalls("start_checkout")).toHaveLength(0);
    expect(host.toolCalls("commit_order")).toHaveLength(1);
    expect(container).toHaveTextContent("o-77");
  });

  it("shows a closed sheet as an error that charged nothing, and places no order", async () => {
    const { container, host } = withSheet({ cancel: true });
    await buyAndConfirm(container);
    expect(host.toolCalls("complete_checkout")).toHaveLength(0);
    expect(host.toolCalls("commit_order")).toHaveLength(0);
    expect(container).not.toHaveTextContent("ord_sheet_1");
    expect(container.querySelector('[role="alert"]')).toHaveTextContent(
      "The payment was not completed. Nothing was charged.",
    );
    expect(container).not.toHaveTextContent("not available");
    expect(container.querySelector('[data-action="retry"]')).not.toBeNull();
  });

  it("says where to confirm when the host dropped the draft's proof, and nothing expired", async () => {
    const { container, host } = withSheet(
      { token: () => "spt_test_ok_1199_n1" },
      {
        startCheckout: () => ({
          structuredContent: {
            error: {
              code: "CONFIRMATION_REQUIRED",
              message: "This write is confirmed by the person in the app.",
              retryable: false,
              changes: "none",
            },
          },
          isError: true,
        }),
      },
    );
    host.setTool("prepare_order", () => ({ ...prepared, _meta: {} }));
    await buyAndConfirm(container);
    expect(host.toolCalls("start_checkout")[0]?.args).toEqual({ draft_id: "d-1" });
    expect(container).not.toHaveTextContent(/expired/i);
    expect(container.querySelector('[role="alert"]')).toHaveTextContent(
      "This host does not pass on what the app needs to confirm here.",
    );
    expect(container.querySelector('[data-action="prepare"]')).toBeNull();
    expect(host.toolCalls("commit_order")).toHaveLength(0);
  });

  it("commits its own way where the server has no sheet, though the host has one", async () => {
    const { container, host } = withSheet(
      { token: () => "spt_test_ok_1199_n1" },
      { serverSheet: false },
    );
    await buyAndConfirm(container);
    expect(host.toolCalls("start_checkout")).toHaveLength(0);
    expect(host.callsOf("requestCheckout")).toHaveLength(0);
    expect(host.toolCalls("commit_order")).toHaveLength(1);
    expect(container).toHaveTextContent("o-77");
    // Told once, by the flow's commit (not twice, not by the sheet's way).
    expect(host.callsOf("updateModelContext").map((call) => call.args[0])).toEqual([
      { content: [{ type: "text", text: "The person confirmed (reference o-77)." }] },
    ]);
  });

  it("shows a failed start_checkout as what it is, never commits another way, and pays again on the sheet", async () => {
    let fail = true;
    const { container, host } = withSheet(
      { token: () => "spt_test_ok_1199_n1" },
      {
        startCheckout: () => {
          if (fail) throw new Error("the host lost the call");
          return { checkout_session: session };
        },
      },
    );
    await buyAndConfirm(container);
    expect(host.toolCalls("start_checkout")).toHaveLength(1);
    expect(host.toolCalls("commit_order")).toHaveLength(0);
    expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert).toHaveTextContent("The request could not reach the app. Please try again.");
    expect(alert).toHaveTextContent("Nothing was created.");
    // The retry is the sheet's again: the session tool, then the sheet, and no commit.
    fail = false;
    await act(async () => void fireEvent.click(container.querySelector('[data-action="retry"]')!));
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(host.toolCalls("start_checkout")).toHaveLength(2);
    expect(host.callsOf("requestCheckout")).toHaveLength(1);
    expect(host.toolCalls("commit_order")).toHaveLength(0);
    expect(container).toHaveTextContent("ord_sheet_1");
  });

  it("shows a timed-out start_checkout as what it is, and never commits another way", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container, host } = withSheet(
        { token: () => "spt_test_ok_1199_n1" },
        { startCheckout: () => new Promise(() => {}) },
      );
      await buyAndConfirm(container);
      await act(async () => void (await vi.advanceTimersByTimeAsync(61_000)));
      expect(host.toolCalls("start_checkout")).toHaveLength(1);
      expect(host.toolCalls("commit_order")).toHaveLength(0);
      expect(widgetRoot(container)).toHaveAttribute("data-state", "error");
      expect(container.querySelector('[role="alert"]')).toHaveTextContent("Nothing was created.");
      expect(container.querySelector('[data-action="retry"]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
