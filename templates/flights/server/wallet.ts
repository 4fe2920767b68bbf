/**
 * The cards a person already saved with the app, as ChatGPT's saved-method checkout allows a
 * widget to show them: brand, last four digits and the person's name for each, never a card
 * number (docs/checkout.md in mcp-widget-kit). Every person of this template has the same two;
 * a real app asks its payments provider for the verified caller's own.
 */
import type { SavedPaymentMethod } from "mcp-widget-kit/checkout";
import { callerScope } from "mcp-widget-kit/server";

const CARDS: readonly SavedPaymentMethod[] = [
  { id: "pm_personal", brand: "Visa", last4: "4242", label: "Personal", default: true },
  { id: "pm_work", brand: "Mastercard", last4: "5454", label: "Work" },
];

/** The saved cards of `caller` (the tool's caller scope): none before the person signs in. */
export function cardsOf(caller: string): readonly SavedPaymentMethod[] {
  return caller === callerScope(undefined) ? [] : CARDS;
}

/** The card `id` names among the caller's own, its default without one; undefined for none. */
export function cardOf(caller: string, id: string | undefined) {
  const cards = cardsOf(caller);
  return id === undefined ? cards.find((card) => card.default) : cards.find((c) => c.id === id);
}
