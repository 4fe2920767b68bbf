/**
 * GiftGenius' fake store of saved payment methods: what each signed-in person saved with the
 * merchant. A real app reads its provider's customer (Stripe's PaymentMethods of a Customer,
 * say); what matters is that a method belongs to one person and that the widget is given its
 * display fields only. Every person here has the same two demo cards, under ids of their own,
 * so one person's ids are unknown to everyone else.
 */
import { createHash } from "node:crypto";
import type { SavedPaymentMethod } from "mcp-widget-kit/checkout";

/**
 * A method as the provider holds it: more than the widget may see. The card number and the
 * fingerprint stay on the server (the fake keeps them so a test can show they never leave).
 */
export interface StoredPaymentMethod {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly label: string;
  readonly default: boolean;
  /** Never sent: the provider's record of the card (a fake number here). */
  readonly number: string;
  /** Never sent: the provider's fingerprint of the card. */
  readonly fingerprint: string;
}

/** The demo cards every person has saved (Stripe's test numbers). */
const DEMO_CARDS = [
  { brand: "Visa", number: "4242424242424242", label: "Personal", default: true },
  { brand: "Mastercard", number: "5555555555554444", label: "Work", default: false },
] as const;

/** The subject's own method id: an opaque hash, so no id names or guesses another's. */
function methodIdOf(subject: string, index: number): string {
  const digest = createHash("sha256").update(`saved-method:${subject}:${index}`).digest("hex");
  return `pm_${digest.slice(0, 24)}`;
}

/** The methods `subject` saved, as the provider holds them. */
export function storedMethodsOf(subject: string): StoredPaymentMethod[] {
  return DEMO_CARDS.map((card, index) => ({
    id: methodIdOf(subject, index),
    brand: card.brand,
    last4: card.number.slice(-4),
    label: card.label,
    default: card.default,
    number: card.number,
    fingerprint: methodIdOf(`fingerprint:${card.number}`, 0),
  }));
}

/** The display fields of `subject`'s methods: all the widget is given (no number, no fingerprint). */
export function savedMethodsOf(subject: string): SavedPaymentMethod[] {
  return storedMethodsOf(subject).map((method) => ({
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    label: method.label,
    default: method.default,
  }));
}

/**
 * The method `subject` pays with: `id` when it is one of theirs, their default when no id was
 * given, and undefined for anyone else's or an unknown id.
 */
export function paymentMethodOf(
  subject: string,
  id: string | undefined,
): StoredPaymentMethod | undefined {
  const methods = storedMethodsOf(subject);
  return id === undefined
    ? methods.find((method) => method.default)
    : methods.find((method) => method.id === id);
}
