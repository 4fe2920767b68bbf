/**
 * What a prepare tool's result tells the model beside the draft: nothing has happened yet, the
 * person confirms in the app, and until when. A model that reads only `structuredContent`
 * (what ChatGPT gives it) would otherwise have a draft and no status, and could say "placed".
 * The kit adds it to every result that carries a confirmation proof, so no app can forget it.
 */
import * as v from "valibot";
import { isoDateTime } from "../../contract/fields.ts";

/** The envelope key: beside `contract_version`, `kind` and `ok`, read by models, not widgets. */
export const AWAITING_CONFIRMATION = "awaiting_confirmation";

/** The fixed sentence (nothing of the call is echoed). */
export const AWAITING_SENTENCE =
  "Nothing has happened yet: the person reviews this draft in the app and confirms it there, which carries it out. Until then, do not say it is done.";

/** The contract's own timestamp field: `until` is given only for what a widget would accept. */
const TIMESTAMP = isoDateTime();

/**
 * The status for a prepare result's `data`: the sentence, and `until` when the draft entry
 * names a valid `expires_at`. `undefined` when the app's data already uses the key (the app's
 * own field wins; nothing is overwritten).
 */
export function awaitingConfirmation(
  data: { readonly [key: string]: unknown },
  draft: unknown,
): { message: string; until?: string } | undefined {
  if (Object.hasOwn(data, AWAITING_CONFIRMATION)) return undefined;
  const expires =
    typeof draft === "object" && draft !== null
      ? (draft as { readonly expires_at?: unknown }).expires_at
      : undefined;
  return v.is(TIMESTAMP, expires)
    ? { message: AWAITING_SENTENCE, until: expires }
    : { message: AWAITING_SENTENCE };
}
