/**
 * The person's saved payment methods as a choice inside the confirm dialog: one radio per
 * method (brand, last four, the person's name for it), the default preselected, and the chosen
 * id handed to the commit. It shows what the merchant already holds and takes no card data.
 * Opt-in: ConfirmDraft does not import it, so an app that never shows saved methods ships none
 * of its bytes (docs/checkout.md, "Saved payment methods").
 */
import { useId, useRef, useState, type ReactNode } from "react";
import type { SavedPaymentMethod } from "../contract/saved-payment-method.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

/** The picker's words; English unless the app gives its own. */
export interface PaymentMethodWords {
  /** The group's name, read before its choices (default "Pay with"). */
  readonly legend?: string;
  /** One method's line after its brand (default `•••• 1234`). */
  readonly ending?: (last4: string) => string;
}

/** Props of `PaymentMethodPicker`. */
export interface PaymentMethodPickerProps {
  /** The person's saved methods, display fields only (parsed with `SavedPaymentMethodSchema`). */
  readonly methods: readonly SavedPaymentMethod[];
  /** The chosen method's id. */
  readonly value: string | undefined;
  /** The person chose another method. */
  readonly onChange: (id: string) => void;
  /** No change is possible (a commit with the chosen method is on its way or was sent). */
  readonly disabled?: boolean;
  /** The app's words. */
  readonly words?: PaymentMethodWords;
}

/**
 * A radio group of saved methods in a `<fieldset>` named by its legend: Tab enters it at the
 * chosen method, the arrow keys move the choice (the browser's own radio group), and a
 * disabled picker keeps the choice shown.
 */
export function PaymentMethodPicker({
  methods,
  value,
  onChange,
  disabled = false,
  words = {},
}: PaymentMethodPickerProps) {
  const name = useId();
  return (
    // The kit's panel border, not the browser's: a fieldset's default groove border takes a
    // system colour, which Chromium drew differently from one run to the next in the dark
    // theme (an app's visual reference flipped between CI runs).
    <fieldset className="wk-panel wk-stack" disabled={disabled}>
      <legend>{words.legend ?? "Pay with"}</legend>
      {methods.map((method) => (
        <label key={method.id} className="wk-row">
          <input
            type="radio"
            name={name}
            value={method.id}
            checked={method.id === value}
            onChange={() => onChange(method.id)}
          />
          <span>
            {method.brand} {words.ending?.(method.last4) ?? `•••• ${method.last4}`}
          </span>
          {method.label ? <span className="wk-muted">{method.label}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
if (IS_DEV) (PaymentMethodPicker as DevNamed).displayName = "PaymentMethodPicker";

/** What `usePaymentMethodChoice` gives the dialog. */
export interface PaymentMethodChoice {
  /**
   * The picker of one draft's methods, for the confirm dialog's body (null when there is no
   * method to choose). A new draft id starts a fresh, unlocked choice.
   */
  readonly picker: (draftId: string, methods: readonly SavedPaymentMethod[]) => ReactNode;
  /**
   * The chosen method's id for the commit's arguments, from the commit's own call (e.g. in
   * `onCommit`). It locks the choice: a retry of this commit sends the same key, and the
   * server finishes a key with the method its first attempt carried, so the picker may not
   * show another. Undefined when there is no method (the server charges its default).
   */
  readonly take: () => string | undefined;
}

/** The person's own choice for one draft. */
interface Chosen {
  readonly draftId: string;
  readonly picked: string | undefined;
  readonly locked: boolean;
}

/**
 * The person's choice among a draft's saved methods: the default method (else the first)
 * preselected, changeable until the first commit takes it. Held in component state: a remount
 * asks again (the default preselected) while the draft and its idempotency key are kept, and
 * a commit under that key is finished with the method its first attempt carried.
 *
 * @example
 * const payment = usePaymentMethodChoice();
 * <ConfirmDraft draft={purchase} onCommit={(key) =>
 *   commit({ draft_id, idempotency_key: key, payment_method_id: payment.take() })}>
 *   {payment.picker(draft_id, payment_methods)}
 * </ConfirmDraft>
 */
export function usePaymentMethodChoice(words?: PaymentMethodWords): PaymentMethodChoice {
  const [state, setState] = useState<Chosen | undefined>(undefined);
  // The draft and choice the dialog shows now: what `take` hands the commit.
  const shown = useRef<{ draftId: string; chosen: string | undefined } | undefined>(undefined);
  return {
    picker(draftId, methods) {
      const own = state?.draftId === draftId ? state : undefined;
      const preselected = (methods.find((method) => method.default) ?? methods[0])?.id;
      // A choice the methods no longer hold (a new result) falls back to the default.
      const chosen = methods.some((method) => method.id === own?.picked)
        ? own?.picked
        : preselected;
      shown.current = { draftId, chosen };
      return methods.length ? (
        <PaymentMethodPicker
          methods={methods}
          value={chosen}
          onChange={(id) => setState({ draftId, picked: id, locked: false })}
          disabled={own?.locked ?? false}
          words={words}
        />
      ) : null;
    },
    take() {
      const now = shown.current;
      if (!now) return undefined;
      setState({ draftId: now.draftId, picked: now.chosen, locked: true });
      return now.chosen;
    },
  };
}
