// @vitest-environment jsdom
/**
 * The saved-method picker in the confirm dialog: a radio group named "Pay with", the default
 * preselected, arrow keys move the choice, the commit's arguments carry the chosen id, and the
 * choice is locked once a commit took it (its retry sends the same key and method).
 */
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConfirmDraft } from "../../src/components/confirm-draft.tsx";
import { usePaymentMethodChoice } from "../../src/components/payment-method-picker.tsx";
import type { CommitOutcome } from "../../src/write/commit-outcome.ts";
import type { SavedPaymentMethod } from "../../src/contract/saved-payment-method.ts";
import { MUG_DRAFT, renderWithHost } from "./helpers.tsx";

const draft = MUG_DRAFT;

const methods: SavedPaymentMethod[] = [
  { id: "pm_visa", brand: "Visa", last4: "4242", label: "Personal" },
  { id: "pm_mc", brand: "Mastercard", last4: "4444", label: "Work", default: true },
  { id: "pm_amex", brand: "Amex", last4: "0005", label: "Travel" },
];

/** The dialog as an app wires it; each commit's chosen method is recorded in `sent`. */
function Dialog({
  sent,
  outcome,
}: {
  sent: (string | undefined)[];
  outcome: CommitOutcome | Promise<CommitOutcome>;
}) {
  const payment = usePaymentMethodChoice();
  return (
    <ConfirmDraft
      draft={draft}
      onCommit={async () => {
        sent.push(payment.take());
        return outcome;
      }}
      onCancel={() => {}}
    >
      {payment.picker(draft.id, methods)}
    </ConfirmDraft>
  );
}

const placed: CommitOutcome = { ok: true, reference: "o-1", replayed: false };

/** One hook across drafts, as an app holds it above WriteView. */
function Drafts({ draftId }: { draftId: string }) {
  const payment = usePaymentMethodChoice();
  return (
    <>
      {payment.picker(draftId, methods)}
      <button type="button" onClick={() => payment.take()}>
        Take
      </button>
    </>
  );
}

describe("usePaymentMethodChoice in ConfirmDraft", () => {
  it("starts a new draft with a fresh, unlocked choice", async () => {
    const { rerender } = renderWithHost(<Drafts draftId="d-1" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: /Visa/ }));
    await user.click(screen.getByRole("button", { name: "Take" }));
    expect(screen.getByRole("radio", { name: /Visa/ })).toBeDisabled();
    rerender(<Drafts draftId="d-2" />);
    expect(screen.getByRole("radio", { name: /Visa/ })).toBeEnabled();
    expect(screen.getByRole("radio", { name: /Mastercard/ })).toBeChecked();
  });

  it("lists the methods as a named radio group with the default preselected", () => {
    renderWithHost(<Dialog sent={[]} outcome={placed} />);
    const group = screen.getByRole("group", { name: "Pay with" });
    const radios = screen.getAllByRole("radio");
    expect(radios).toHaveLength(3);
    expect(group.contains(radios[0]!)).toBe(true);
    expect(screen.getByRole("radio", { name: /Mastercard •••• 4444/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Visa •••• 4242/ })).not.toBeChecked();
  });

  it("arrow keys move the choice, and the commit carries the chosen id", async () => {
    const sent: (string | undefined)[] = [];
    renderWithHost(<Dialog sent={sent} outcome={placed} />);
    const user = userEvent.setup();
    screen.getByRole("radio", { name: /Mastercard/ }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: /Amex/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(sent).toEqual(["pm_amex"]);
  });

  it("sends the default when the person does not choose", async () => {
    const sent: (string | undefined)[] = [];
    renderWithHost(<Dialog sent={sent} outcome={placed} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Confirm" }));
    expect(sent).toEqual(["pm_mc"]);
  });

  it("locks the choice while the commit is on its way", async () => {
    let answer: (outcome: CommitOutcome) => void = () => {};
    const pending = new Promise<CommitOutcome>((resolve) => (answer = resolve));
    renderWithHost(<Dialog sent={[]} outcome={pending} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    for (const radio of screen.getAllByRole("radio")) expect(radio).toBeDisabled();
    await act(async () => answer(placed));
  });

  it("the retry of a failed commit sends the same method", async () => {
    const sent: (string | undefined)[] = [];
    const failed: CommitOutcome = {
      ok: false,
      error: {
        code: "PAYMENT_UNAVAILABLE",
        message: "The payment service is unavailable.",
        retryable: true,
        changes: "none",
      },
    };
    renderWithHost(<Dialog sent={sent} outcome={failed} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: /Visa/ }));
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await act(async () => {});
    await user.click(screen.getByRole("button", { name: /try again/i }));
    expect(sent).toEqual(["pm_visa", "pm_visa"]);
  });
});
