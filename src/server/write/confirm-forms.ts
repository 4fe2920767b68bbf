/**
 * Each commit's confirmation form, kept beside the tool (as its reconciler is): `defineWrite`
 * keeps one for every commit it makes, the tool server finds it by the tool, and neither the
 * tool definition nor the call's origin grows a public field for what only the kit reads.
 * Also the client's side of a form, as the SDK wiring hands it to the tool server.
 */
import type { ToolErrorBody } from "../tool-failure.ts";

/** The client's side of a confirmation form: what it can show and what its retry answered. */
export interface CallInput {
  /** The client declared form elicitation: it can show the person a form. */
  readonly form: boolean;
  /** The client declared the MCP Apps extension: it shows the app's widget. */
  readonly widgets?: boolean | undefined;
  /** The retry's `inputResponses` (untrusted). */
  readonly responses?: { readonly [key: string]: unknown } | undefined;
  /** The retry's `requestState` as the client echoed it (untrusted). */
  readonly state?: unknown;
}

/**
 * How a confirmed commit without the widget's proof asks the person in a form their client
 * shows (`defineWrite` gives every write one).
 */
export interface ConfirmForm {
  /** What the person reads about the draft, or why the draft cannot be confirmed. */
  describe(
    draftId: string,
    caller: string,
  ): Promise<{ message: string } | { error: ToolErrorBody }>;
  /**
   * Spends an answered form's nonce in the idempotency store: true the first time only, in
   * every process, until `expires` (ms) has passed.
   */
  spend(caller: string, nonce: string, expires: number): Promise<boolean>;
}

/** Each commit tool's form. */
const byCommit = new WeakMap<object, ConfirmForm>();

/** Keeps `form` as the confirmation form of `commit` (called by `defineWrite`). */
export function keepConfirmForm(commit: object, form: ConfirmForm): void {
  byCommit.set(commit, form);
}

/** The confirmation form of `commit`, if it has one. */
export function confirmFormOf(commit: object): ConfirmForm | undefined {
  return byCommit.get(commit);
}
