/**
 * The widget's side of the confirmation proof: read from a prepare result's `_meta` (the
 * widget-only lane), or from the widget state it was kept in under that same name, and sent
 * back with the commit. It is untrusted and opaque here — the server alone judges it — so it
 * is only bounded, never parsed, never shown.
 */
import { CONFIRMATION_META, MAX_CONFIRMATION_LENGTH } from "../contract/confirmation.ts";

/** The proof `holder` carries under `CONFIRMATION_META`: a bounded string, else undefined. */
export function proofOf(holder: unknown): string | undefined {
  try {
    const proof = (holder as { readonly [key: string]: unknown } | null)?.[CONFIRMATION_META];
    return typeof proof === "string" && proof.length <= MAX_CONFIRMATION_LENGTH ? proof : undefined;
  } catch {
    return undefined; // a hostile getter, or a primitive that has no such key
  }
}
