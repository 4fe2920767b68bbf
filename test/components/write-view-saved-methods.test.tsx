// @vitest-environment jsdom
/**
 * WriteView offers saved payment methods through its `confirm`: the app's picker in the
 * dialog's body, and `commitArguments` read when the commit is sent, so the chosen method
 * goes beside the kit's own commit arguments (which it cannot replace).
 */
import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { usePaymentMethodChoice } from "../../src/components/payment-method-picker.tsx";
import type { SavedPaymentMethod } from "../../src/contract/saved-payment-method.ts";
import { payloads, resultOf } from "../fixture-app/payloads.ts";
import { renderWithHost } from "./helpers.tsx";
import { ShopWriteView } from "./shop-write-view.tsx";

/** The person's saved methods (the fixture shop's draft has none of its own). */
const methods: SavedPaymentMethod[] = [
  { id: "pm_visa", brand: "Visa", last4: "4242", label: "Personal", default: true },
  { id: "pm_mc", brand: "Mastercard", last4: "4444", label: "Work" },
];

function Shop() {
  const payment = usePaymentMethodChoice();
  return (
    <ShopWriteView
      dialog={(draftId) => ({
        body: payment.picker(draftId, methods),
        // Even a careless app cannot replace the kit's draft id or key.
        commitArguments: () => ({ payment_method_id: payment.take(), draft_id: "forged" }),
      })}
    />
  );
}

describe("WriteView with saved payment methods", () => {
  it("shows the picker in the dialog and commits the chosen method beside the kit's arguments", async () => {
    const { host } = renderWithHost(<Shop />, {
      globals: { toolOutput: payloads.products },
      tools: {
        prepare_purchase: () => resultOf(payloads.draft),
        place_purchase: () => resultOf(payloads.placed),
      },
    });
    await act(async () => void fireEvent.click(document.querySelector('[data-action="prepare"]')!));
    const user = userEvent.setup();
    expect(screen.getByRole("radio", { name: /Visa/ })).toBeChecked();
    screen.getByRole("radio", { name: /Visa/ }).focus();
    await user.keyboard("{ArrowDown}");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    const [commit] = host.toolCalls("place_purchase");
    expect(commit?.args).toMatchObject({ draft_id: "drf_fixture_1", payment_method_id: "pm_mc" });
    expect(commit?.args.idempotency_key).toMatch(/^[\w-]{16,128}$/);
  });
});
