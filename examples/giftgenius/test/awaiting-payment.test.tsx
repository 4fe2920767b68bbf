// @vitest-environment jsdom
/**
 * The GiftGenius widget under external checkout: the confirmed order's link is the merchant's
 * checkout page, so the widget hands the person over (the host's open-link) and shows the order
 * waiting for its payment — never "placed". When the person comes back (the page visible or
 * focused again, a remount, the "I've paid — check" button) it reads `order_status` and shows
 * what the server says: still unpaid, expired, or the paid order, which a remount then keeps.
 */
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { HostProvider } from "mcp-widget-kit";
import { App } from "../widget/app.tsx";
import { prepared, suggestions } from "./one-draft.ts";
import { renderWithHost } from "../../../test/components/helpers.tsx";

const CHECKOUT = "https://pay.giftgenius.example/checkout/cs_0123456789abcdef01234567";
const order = (checkoutUrl: string) => ({
  contract_version: "1.0",
  kind: "order",
  ok: true,
  replayed: false,
  order: {
    order_id: "ord_ext_1",
    draft_id: "d-1",
    status: "created",
    total: { amount: "11.99", currency: "USD" },
    checkout_url: checkoutUrl,
  },
});
/** `order_status`' answer in `status` (each state is an answer, never an error). */
const statusOf = (status: string, extra: object = {}) => ({
  contract_version: "1.2",
  kind: "order_status",
  ok: true,
  status,
  summary: `The order is ${status}.`,
  ...extra,
});
const { status: _created, ...placed } = order(
  "https://shop.giftgenius.example/orders/ord_ext_1",
).order;
const paid = statusOf("placed", {
  order: placed,
  charged: { amount: "11.99", currency: "USD" },
});

afterEach(() => cleanup());

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));

async function confirmed() {
  const rendered = renderWithHost(<App />, {
    globals: { toolOutput: suggestions },
    tools: {
      prepare_order: () => prepared,
      commit_order: () => order(CHECKOUT),
      order_status: () => statusOf("awaiting_payment"),
    },
  });
  const { container } = rendered;
  await act(async () => void fireEvent.click(container.querySelector('[data-action="prepare"]')!));
  await act(async () => void fireEvent.click(container.querySelector('[data-action="confirm"]')!));
  await settle();
  return rendered;
}

describe("GiftGenius under external checkout", () => {
  it("hands the person to the checkout page and shows the order awaiting payment, not placed", async () => {
    const { container, host } = await confirmed();
    expect(host.callsOf("openExternal").map((call) => call.args)).toEqual([[CHECKOUT]]);
    expect(container.querySelector('[data-payment="awaiting"]')).not.toBeNull();
    expect(container).not.toHaveTextContent("Order placed");
    // Just confirmed: nothing to read yet.
    expect(host.toolCalls("order_status")).toHaveLength(0);
    await act(
      async () => void fireEvent.click(container.querySelector('[data-action="pay-on-checkout"]')!),
    );
    expect(host.callsOf("openExternal")).toHaveLength(2);
  });

  it("reads order_status on the check button, and shows unpaid, then paid when the person comes back", async () => {
    const { container, host } = await confirmed();
    await act(
      async () => void fireEvent.click(container.querySelector('[data-action="check-payment"]')!),
    );
    await settle();
    expect(host.toolCalls("order_status").map((call) => call.args)).toEqual([{ draft_id: "d-1" }]);
    expect(container).toHaveTextContent("No payment has arrived yet");
    host.setTool("order_status", () => paid);
    await act(async () => void window.dispatchEvent(new Event("focus")));
    await settle();
    expect(host.toolCalls("order_status")).toHaveLength(2);
    expect(container.querySelector("[data-payment]")).toBeNull();
    expect(container).toHaveTextContent("ord_ext_1");
    // A remount shows the paid receipt at once: the answer was kept as the flow's result.
    const second = render(
      <HostProvider host={host}>
        <App />
      </HostProvider>,
    );
    await settle();
    expect(second.container.querySelector("[data-payment]")).toBeNull();
    expect(second.container).toHaveTextContent("ord_ext_1");
    expect(host.toolCalls("order_status")).toHaveLength(2);
    expect(host.toolCalls("commit_order")).toHaveLength(1);
  });

  it("reads order_status when shown again after a remount, and shows an expired checkout", async () => {
    const { host, unmount } = await confirmed();
    unmount();
    host.setTool("order_status", () => statusOf("expired"));
    const again = render(
      <HostProvider host={host}>
        <App />
      </HostProvider>,
    );
    await settle();
    expect(host.toolCalls("order_status")).toHaveLength(1);
    expect(again.container.querySelector('[data-payment="expired"]')).not.toBeNull();
    expect(again.container.querySelector('[data-action="pay-on-checkout"]')).toBeNull();
    // Shown again: no second hand-off.
    expect(host.callsOf("openExternal")).toHaveLength(1);
  });
});
