/**
 * Confirmation in a client without the widget: a confirmed commit called without the widget's
 * proof, by a client that declared form elicitation, answers with an input request (MCP
 * 2026-07-28 `input_required`; the SDK sends it as `elicitation/create` to an older client on a
 * connection that can carry it) — a form the person reads, Confirm or Cancel — and a
 * `requestState` the kit seals (request-state.ts). The client's retry carries the person's
 * answer: accepted, the state is opened against this very call and spent once in the
 * idempotency store, and the commit runs as a confirmed one; declined or cancelled, nothing
 * runs and the answer says so. The model cannot take part: it sends arguments, never
 * `inputResponses` or `requestState`. See docs/server.md, "Confirmation in every client".
 */
import {
  inputRequired,
  inputResponse,
  type InputRequiredResult,
} from "@modelcontextprotocol/server";
import type { ToolError } from "../../contract/schemas.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { CallInput, ConfirmForm } from "./confirm-forms.ts";
import { createFormStateSeal, FORM_STATE_CODES, type FormCall } from "./request-state.ts";
import type { ConfirmationOptions } from "./confirmation.ts";

/** The key of the form in `inputRequests` (and of its answer in `inputResponses`). */
export const FORM_INPUT_KEY = "confirm";

/** The person declined or cancelled the form (or the client answered without it). */
export const CONFIRMATION_DECLINED = "CONFIRMATION_DECLINED";

/** The longest form message the kit sends (the draft's lines are cut to fit). */
const MAX_MESSAGE = 1_500;

/** The form: one required checkbox the person ticks to confirm; Cancel is the client's own. */
const FORM_SCHEMA = {
  type: "object" as const,
  properties: {
    [FORM_INPUT_KEY]: {
      type: "boolean" as const,
      title: "Confirm",
      description: "Tick to carry this out. Cancel changes nothing.",
      default: false,
    },
  },
  required: [FORM_INPUT_KEY],
};

/** What one step of the form decided for a call. */
export type FormStep =
  | { readonly step: "confirmed" }
  | { readonly step: "ask"; readonly result: InputRequiredResult }
  | { readonly step: "refused"; readonly error: ToolError };

/** Whether this call goes through the form: a commit with one, from a client that shows forms. */
export function formApplies(
  form: ConfirmForm | undefined,
  input: CallInput | undefined,
): form is ConfirmForm {
  return form !== undefined && input?.form === true;
}

/** The message the person reads: the app's words, then the draft's lines, cut to fit. */
export function formMessage(words: string, lines: readonly string[]): string {
  const text = [words, ...lines].join("\n");
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE - 1)}…`;
}

/** A refusal of the form's state or answer: fixed words, nothing changed, not retryable. */
function formRefusal(code: string, requestId: string): ToolError {
  const declined = code === CONFIRMATION_DECLINED;
  return {
    code,
    message: declined
      ? "The person did not confirm: nothing was done."
      : "This confirmation cannot be used (it is not this call's, has expired or was already answered): nothing was done.",
    retryable: false,
    next_action: declined ? NEXT_ACTIONS.confirmationDeclined : NEXT_ACTIONS.confirmAgain,
    changes: "none",
    request_id: requestId,
  };
}

/** The confirmation forms of a tool server (throws `StartupRefusal` in production without a secret). */
export function createConfirmationForms(
  options: ConfirmationOptions & { readonly formTtlMs?: number } = {},
) {
  const seal = createFormStateSeal(options);

  /** The input request for `call`: the form and a new sealed state. */
  async function ask(form: ConfirmForm, call: FormCall, requestId: string): Promise<FormStep> {
    const described = await form.describe(call.draftId, call.caller);
    if ("error" in described)
      return { step: "refused", error: { ...described.error, request_id: requestId } };
    const { state } = seal.seal(call);
    const request = inputRequired.elicit({
      message: described.message,
      requestedSchema: FORM_SCHEMA,
    });
    return {
      step: "ask",
      result: inputRequired({ inputRequests: { [FORM_INPUT_KEY]: request }, requestState: state }),
    };
  }

  /** The person's answer to the form `input.state` sealed: confirmed once, or refused. */
  async function answer(
    form: ConfirmForm,
    call: FormCall,
    input: CallInput,
    requestId: string,
  ): Promise<FormStep> {
    const opened = seal.open(input.state, call);
    if ("refused" in opened)
      return { step: "refused", error: formRefusal(opened.refused, requestId) };
    // Every answer spends the state, a Cancel too: a declined form is never turned into a Yes.
    if (!(await form.spend(call.caller, opened.nonce, opened.expires)))
      return { step: "refused", error: formRefusal(FORM_STATE_CODES.used, requestId) };
    const view = inputResponse(input.responses, FORM_INPUT_KEY);
    const accepted =
      view.kind === "elicit" && view.action === "accept" && view.content?.[FORM_INPUT_KEY] === true;
    return accepted
      ? { step: "confirmed" }
      : { step: "refused", error: formRefusal(CONFIRMATION_DECLINED, requestId) };
  }

  return {
    /**
     * One step of `call`'s form: ask (no state yet), or read the answer the state came back
     * with.
     */
    step(form: ConfirmForm, call: FormCall, input: CallInput, requestId: string) {
      return input.state === undefined
        ? ask(form, call, requestId)
        : answer(form, call, input, requestId);
    },
  };
}

/** The forms `createConfirmationForms` makes. */
export type ConfirmationForms = ReturnType<typeof createConfirmationForms>;
