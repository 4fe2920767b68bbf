/**
 * A commit's confirmation form (`ConfirmForm`), from what `defineWrite` already has (or from a
 * hand-declared commit's `confirm.form`): the draft (from the kit's store, or the app's ids)
 * shown as the person reads it — the app's words, or the commit's title, then the draft's
 * lines with its total last — and the single
 * use of an answered form, kept as a record of the write's idempotency store under a key no
 * `idempotency_key` can spell (`#` is outside its alphabet), so every process agrees.
 */
import { recordsOf, type IdempotencyStore } from "../idempotency/store.ts";
import type { ConfirmForm } from "./confirm-forms.ts";
import { formMessage } from "./confirmation-form.ts";
import type { ToolDefinition } from "../tool-definition.ts";
import { draftWords, refusal } from "./write-refusals.ts";

/** What a form reads about one draft: its lines and the words above them, or why it cannot be confirmed. */
export type FormDraft =
  { readonly draft: unknown; readonly words: string } | "DRAFT_NOT_FOUND" | "DRAFT_EXPIRED";

/** Where a commit's form reads its drafts, and spends its answers. */
export interface WriteFormSource {
  readonly store: IdempotencyStore;
  /** The draft `draftId` names for `caller`, as the person reads it. */
  readonly read: (draftId: string, caller: string) => Promise<FormDraft>;
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

/** Each hand-declared commit's form, made once from its `confirm.form`. */
const byRule = new WeakMap<object, ConfirmForm>();

/** The form a commit declared by hand asks for (`confirm.form`), if any. */
export function ruleFormOf(
  tool: Pick<ToolDefinition<unknown>, "confirm">,
): ConfirmForm | undefined {
  const rule = tool.confirm;
  if (typeof rule !== "object" || !rule.form) return undefined;
  const spec = rule.form;
  let form = byRule.get(spec);
  if (!form) {
    form = writeForm({
      store: spec.store,
      read: (draftId, caller) => spec.draft(draftId, caller),
      refusals: draftWords(rule.prepare),
      now: Date.now,
    });
    byRule.set(spec, form);
  }
  return form;
}

/** A commit's form. */
export function writeForm(source: WriteFormSource): ConfirmForm {
  return {
    async describe(draftId, caller) {
      const found = await source.read(draftId, caller);
      if (typeof found === "string") {
        const { value } = refusal(found, source.refusals[found] ?? found);
        if (!value.ok) return { error: value.error };
        throw new TypeError("unreachable: a refusal is not ok");
      }
      return { message: formMessage(found.words, draftLines(found.draft)) };
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
