/**
 * A saved payment method reaches the widget as display fields only: unknown keys (a card
 * number, a CVC) are stripped, and a display field that holds a card number is refused.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  SavedPaymentMethodSchema,
  savedPaymentMethods,
} from "../../src/contract/saved-payment-method.ts";

const visa = { id: "pm_1", brand: "Visa", last4: "4242", label: "Personal", default: true };

describe("SavedPaymentMethodSchema", () => {
  it("keeps the display fields and strips every other key", () => {
    const parsed = v.parse(SavedPaymentMethodSchema, {
      ...visa,
      number: "4242424242424242",
      cvc: "123",
      exp_month: 12,
    });
    expect(parsed).toEqual(visa);
  });

  it.each([
    ["a card number as the label", { label: "4242 4242 4242 4242" }],
    ["a card number as the brand", { brand: "Visa 4242-4242-4242-4242" }],
    ["last4 that is not four digits", { last4: "42424" }],
    ["an empty brand", { brand: "" }],
    ["no id", { id: undefined }],
  ])("refuses %s", (_name, change) => {
    expect(v.is(SavedPaymentMethodSchema, { ...visa, ...change })).toBe(false);
  });

  it("the list entry drops a bad list, never the record that holds it", () => {
    const record = v.object({ draft_id: v.string(), methods: savedPaymentMethods(2) });
    expect(v.parse(record, { draft_id: "d", methods: [visa] }).methods).toEqual([visa]);
    expect(v.parse(record, { draft_id: "d", methods: [{ ...visa, last4: "x" }] })).toEqual({
      draft_id: "d",
      methods: undefined,
    });
    expect(v.parse(record, { draft_id: "d", methods: [visa, visa, visa] }).methods).toBeUndefined();
  });
});
