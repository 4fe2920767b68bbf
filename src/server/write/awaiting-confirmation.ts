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

/**
 * The sentence for a client that shows the confirmation form and no widget. It names the
 * `confirmation` argument: the commit's schema lists it as required (the widget's proof), and
 * a value the model makes up is checked as a proof and refused, never turned into a form.
 */
export const AWAITING_FORM_SENTENCE =
  "Nothing has happened yet: call the commit tool named in `commit` with this draft_id, a new idempotency_key and no confirmation argument; this client then shows the person a form to confirm it, and only their confirmation carries it out. Until then, do not say it is done.";

/**
 * How the person confirms in this client: in the app's widget, or in the form of the client
 * (the model calls `commit`, the client asks the person).
 */
export type ConfirmedBy =
  { readonly by: "widget" } | { readonly by: "form"; readonly commit: string };

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
  here: ConfirmedBy = { by: "widget" },
): { message: string; confirm_in?: "form"; commit?: string; until?: string } | undefined {
  if (Object.hasOwn(data, AWAITING_CONFIRMATION)) return undefined;
  const expires =
    typeof draft === "object" && draft !== null
      ? (draft as { readonly expires_at?: unknown }).expires_at
      : undefined;
  const how =
    here.by === "form"
      ? { message: AWAITING_FORM_SENTENCE, confirm_in: "form" as const, commit: here.commit }
      : // The widget's status as it always read: a widget host's results stay as recorded.
        { message: AWAITING_SENTENCE };
  return v.is(TIMESTAMP, expires) ? { ...how, until: expires } : how;
}
