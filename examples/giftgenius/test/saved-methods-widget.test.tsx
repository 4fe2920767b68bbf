// @vitest-environment jsdom
/**
 * The GiftGenius widget offers the person's saved payment methods in its confirm dialog: a
 * radio group of the draft's methods (display fields only; anything else in the result is
 * never shown), the default preselected, the choice moved with the keyboard, and the chosen
 * id sent as `commit_order`'s `payment_method_id`. Where the host has a payment sheet, the
 * sheet takes the payment and no method is offered.
 */
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../widget/app.tsx";
import { gift, prepared as draftPrepared, suggestions } from "./one-draft.ts";
import { renderWithHost } from "../../../test/components/helpers.tsx";

/** Where a result's widget-only fields travel (`_meta`, which the model never reads). */
const WIDGET_ONLY_META = "mcp-widget-kit/widget-only";

/** The draft of one-draft.ts, with the person's saved methods in its widget-only `_meta`. */
const prepared = {
  ...draftPrepared,
  _meta: {
    ...draftPrepared._meta,
    [WIDGET_ONLY_META]: {
      payment_methods: [
        // Keys a careless server adds never reach the dialog.
        {
          id: "pm_visa",
          brand: "Visa",
          last4: "4242",
          label: "Personal",
          default: true,
          number: "4242424242424242",
          cvc: "314",
        },
        {
          id: "pm_mc",
          brand: "Mastercard",
          last4: "4444",
          label: "Work",
          fingerprint: "fp_secret",
        },
      ],
    },
  },
};
/** The order, and the card it was charged to in its widget-only `_meta`. */
const placed = {
  structuredContent: {
    contract_version: "1.2",
    kind: "order",
    ok: true,
    replayed: false,
    order: { order_id: "o-77", draft_id: "d-1", status: "created", total: gift.price },
  },
  _meta: { [WIDGET_ONLY_META]: { card: { brand: "Mastercard", last4: "4444" } } },
};

afterEach(() => cleanup());

async function openDialog() {
  const rendered = renderWithHost(<App />, {
    globals: { toolOutput: suggestions },
    tools: { prepare_order: () => prepared, commit_order: () => placed },
  });
  await act(
    async () => void fireEvent.click(rendered.container.querySelector('[data-action="prepare"]')!),
  );
  return rendered;
}

describe("GiftGenius offers the saved payment methods", () => {
  it("lists the methods in a named radio group, the default preselected, and nothing but display fields", async () => {
    const { container } = await openDialog();
    const group = screen.getByRole("group", { name: "Pay with" });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("radio", { name: /Visa •••• 4242/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Mastercard •••• 4444/ })).not.toBeChecked();
    expect(container.innerHTML).not.toContain("4242424242424242");
    expect(container.innerHTML).not.toContain("314");
    expect(container.innerHTML).not.toContain("fp_secret");
  });

  it("the keyboard moves the choice and the chosen id is commit_order's payment_method_id", async () => {
    const { container, host } = await openDialog();
    const user = userEvent.setup();
    screen.getByRole("radio", { name: /Visa/ }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: /Mastercard/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Confirm purchase" }));
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    const calls = host.toolCalls("commit_order").map((call) => call.args);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      draft_id: "d-1",
      payment_method_id: "pm_mc",
      confirmation: "v1.proof-of-d-1",
    });
    expect(container).toHaveTextContent("o-77");
    // The receipt says which card the order was charged to.
    expect(container).toHaveTextContent("Paid with Mastercard •••• 4444");
  });

  it("without a choice commits with the default method", async () => {
    const { host } = await openDialog();
    await userEvent.setup().click(screen.getByRole("button", { name: "Confirm purchase" }));
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(host.toolCalls("commit_order")[0]?.args).toMatchObject({ payment_method_id: "pm_visa" });
  });
});
