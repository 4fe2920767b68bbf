/**
 * A declared write's confirmation form (`ConfirmForm`), from what `defineWrite` already has:
 * the draft (from the kit's store, or the app's ids) shown as the person reads it — the app's
 * words, or the commit's title, then the draft's lines with its total last — and the single
 * use of an answered form, kept as a record of the write's idempotency store under a key no
 * `idempotency_key` can spell (`#` is outside its alphabet), so every process agrees.
 */
import { recordsOf, type IdempotencyStore } from "../idempotency/store.ts";
import type { DraftStore } from "../stores/draft-store.ts";
import type { ConfirmForm } from "./confirm-forms.ts";
import { formMessage } from "./confirmation-form.ts";
import { refusal } from "./write-refusals.ts";

/** Where a write's form reads its drafts, and what it says about them. */
export interface WriteFormSource<Draft> {
  readonly store: IdempotencyStore;
  readonly drafts: DraftStore<Draft> | undefined;
  /** The app-carried drafts' reader, when the kit keeps none. */
  readonly read?: (draftId: string, now: number) => Draft | "DRAFT_NOT_FOUND" | "DRAFT_EXPIRED";
  /** The commit's title (the form's first line without the app's words). */
  readonly title: string;
  /** The app's words for a draft (`commit.form`). */
  readonly words?: ((draft: Draft) => string) | undefined;
  /** The words of the kit's draft refusals. */
  readonly refusals: { readonly [code: string]: string };
  readonly now: () => number;
}

/** A value as one line of the form: primitives as they are, objects by their own lines. */
function shown(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map(shown).join("; ");
  const money = value as { amount?: unknown; currency?: unknown };
  if (typeof money.amount === "string" && typeof money.currency === "string")
    return `${money.amount} ${money.currency}`;
  return Object.entries(value)
    .map(([key, each]) => `${key} ${shown(each)}`)
    .join(", ");
}

/** The draft's lines: each field but its id and expiry, `total` last. */
export function draftLines(draft: unknown): string[] {
  if (draft === null || typeof draft !== "object") return [shown(draft)];
  const entries = Object.entries(draft).filter(
    ([key]) => key !== "draft_id" && key !== "expires_at",
  );
  const ordered = [
    ...entries.filter(([key]) => key !== "total"),
    ...entries.filter(([key]) => key === "total"),
  ];
  return ordered.map(([key, value]) => `${key.replace(/_/g, " ")}: ${shown(value)}`);
}

/** The write's form. */
export function writeForm<Draft>(source: WriteFormSource<Draft>): ConfirmForm {
  async function draftOf(
    draftId: string,
    caller: string,
  ): Promise<{ draft: Draft } | { code: "DRAFT_NOT_FOUND" | "DRAFT_EXPIRED" }> {
    if (!source.drafts) {
      const read = source.read!(draftId, source.now());
      if (read === "DRAFT_NOT_FOUND" || read === "DRAFT_EXPIRED")
        return { code: read as "DRAFT_NOT_FOUND" | "DRAFT_EXPIRED" };
      return { draft: read as Draft };
    }
    const found = await source.drafts.get(caller, draftId);
    if (found.state === "found") return { draft: found.draft };
    return { code: found.state === "expired" ? "DRAFT_EXPIRED" : "DRAFT_NOT_FOUND" };
  }
  return {
    async describe(draftId, caller) {
      const found = await draftOf(draftId, caller);
      if ("code" in found) {
        const { value } = refusal(found.code, source.refusals[found.code] ?? found.code);
        if (!value.ok) return { error: value.error };
        throw new TypeError("unreachable: a refusal is not ok");
      }
      const draft = found.draft;
      const words = source.words ? source.words(draft) : `${source.title}?`;
      return { message: formMessage(words, draftLines(draft)) };
    },
    async spend(caller, nonce, expires) {
      const records = recordsOf(source.store);
      const now = source.now();
      const key = `form#${nonce}`;
      const ttlMs = Math.max(expires - now, 0) + 60_000;
      const claim = await records.claim({
        scope: caller,
        key,
        fingerprint: "confirmation-form",
        now,
        ttlMs,
        leaseMs: ttlMs,
      });
      // Only the first claim spends it; a taken-over claim (attempt 2) is a second use.
      if (claim.state !== "claimed" || claim.attempt > 1) return false;
      await records.complete({ scope: caller, key, token: claim.token }, { body: "null" });
      return true;
    },
  };
}
