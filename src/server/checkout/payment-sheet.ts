/**
 * The ChatGPT payment sheet, server side: `session` builds the checkout session a tool returns
 * (from a draft the server priced, with a signed id), and `complete` is `complete_checkout` —
 * it charges at most once per `checkout_session_id`, whatever ChatGPT repeats.
 *
 * How: a session's payments are a chain of idempotency records, `…:0`, `…:1`, …, all keyed by
 * the session and all with the same arguments (the session id, never the token), so a repeat
 * with any token meets the record of the payment already made. A record charges the token
 * its first attempt captured, under its own effect key, and finishes with an order, or with a
 * refusal for that token (declined, 3-D Secure: nothing charged, definite). Only a refusal
 * lets a call go on to the next record, and only with another token: a person who pays again
 * on the sheet with another card gets a fresh provider key, and a payment in doubt is
 * finished (by the retry, whatever its token, or the reconciler) before any other token is
 * tried. See docs/checkout.md.
 */
import { createHash } from "node:crypto";
import * as v from "valibot";
import type { ConfirmationOptions } from "../write/confirmation.ts";
import {
  isKitRecord,
  type InDoubtRecord,
  type ReconcileOptions,
} from "../idempotency/reconcile.ts";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { runIdempotent, type Attempt, type EffectContext } from "../idempotency/run-idempotent.ts";
import type { IdempotencyStore } from "../idempotency/store.ts";
import type { ServerLogger } from "../runtime/log.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { ToolContext } from "../tool-definition.ts";
import { ToolFailure, type ToolErrorBody } from "../tool-failure.ts";
import {
  checkedLinks,
  currencyOf,
  expiryOf,
  priceDraft,
  type CheckoutDraft,
} from "./build-session.ts";
import { CHECKOUT_FAILURES, DRAFT_ALREADY_USED } from "./checkout-errors.ts";
import { COMPLETE_CHECKOUT_TOOL, checkoutToolResult } from "./complete-checkout-tool.ts";
import {
  SHEET_RECORD,
  chargeFromClaims,
  isSheetClaims,
  refundFromClaims,
  tokenDigest,
  type SheetClaims,
  type SheetOrders,
  type SheetPaymentProvider,
  type SheetValue,
} from "./sheet-payment.ts";
import { completeCheckoutInputSchema } from "./sheet-schemas.ts";
import { MAX_SHEET_PAYMENTS, sheetChainOf, sheetGateKey, sheetPaymentKey } from "./sheet-status.ts";
import type {
  CheckoutLink,
  CheckoutSession,
  CompleteCheckoutAnswer,
  CompleteCheckoutArguments,
  CompletedCheckout,
  PaymentMode,
  PaymentProviderInfo,
  RefusedCheckout,
} from "./sheet-types.ts";

/** The refusals the sheet shows itself. */
type SheetErrorCode = RefusedCheckout["messages"][0]["code"];
import { createSessionIds, type SessionClaims } from "./session-id.ts";

/** Options of `createPaymentSheet`. */
export interface PaymentSheetOptions {
  /** Where the payments' records live (the app's idempotency store). */
  readonly store: IdempotencyStore;
  /** The app's payment service provider. */
  readonly provider: SheetPaymentProvider;
  /** The provider and merchant account the sheet pays, as the session names them. */
  readonly paymentProvider: PaymentProviderInfo;
  /** Live or test money; remove test mode before the app is submitted. */
  readonly paymentMode: PaymentMode;
  /** Terms, privacy, returns, support: the sheet shows them (`https:` only). */
  readonly links: readonly CheckoutLink[];
  /** The order's id, page and rows. */
  readonly orders: SheetOrders;
  /**
   * The scopes a token must grant to start and complete a checkout (the app's write scope,
   * say); default none beyond a verified sign-in.
   */
  readonly scopes?: readonly string[];
  /**
   * The tool the widget calls when the person chooses to pay (the kit registers it, hidden
   * from the model): it runs only for a signed-in caller with the person's confirmation of
   * the draft (the proof `prepare`'s result carried), and answers `{ checkout_session }`.
   */
  readonly sessionTool: {
    /** Its name, e.g. `start_checkout`. */
    readonly name: string;
    /** The prepare tool whose draft (and proof) it takes. */
    readonly prepare: string;
    /**
     * The confirmed draft, priced by the server now (never from figures the widget sent);
     * throw a `ToolFailure` to refuse (an unknown or expired draft, a price that changed).
     */
    draft(draftId: string, context: ToolContext): Promise<CheckoutDraft>;
  };
  /**
   * The secret the session ids are signed with (a key derived from it, so an id never equals
   * a confirmation proof): the app's confirmation secret and its rotated-out ones; default
   * `CONFIRMATION_SECRET` and `CONFIRMATION_PREVIOUS_SECRETS`, development's built-in one in
   * development. Production refuses to start without it.
   */
  readonly secret?: Pick<ConfirmationOptions, "secret" | "previousSecrets" | "env">;
  /** How many refused payments (declines, 3-D Secure) one session takes (default 10, at most 100). */
  readonly maxAttempts?: number;
  /** The payments' records: lifetime, lease and wait for a running first call (the kit's defaults). */
  readonly timing?: {
    /** How long a finished payment is replayed (default 24 h). */
    readonly ttlMs?: number;
    /** How long an attempt may run before another takes it over (default 30 s). */
    readonly leaseMs?: number;
    /** How long a repeat waits for a running first call before `IN_PROGRESS` (default 5 s). */
    readonly waitMs?: number;
  };
  /** The clock (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
}

/** Who calls `complete`: the verified caller (and the log a payment in doubt is told to). */
type CheckoutCaller = Pick<ToolContext, "caller"> & { readonly log?: ServerLogger | undefined };

/**
 * The payment sheet, declared once: hand it to the tool server (`checkout: sheet` on
 * `appToolServer` or `createToolServer`), which registers the session tool and
 * `complete_checkout`, and give its reconciler hooks to `startReconciler`. See
 * docs/checkout.md.
 */
export interface PaymentSheet {
  /**
   * The reconciler's work: the sheet's in-doubt payments are finished (the same charge under
   * the same key) or refunded by the sheet, every other record by `others` — the app's own
   * writes' hooks. A tool server given the sheet (`checkout`) includes this in its own
   * `reconciler`; `startReconciler({ store, ...sheet.reconciler(others) })` is for hooks the app
   * wired by hand.
   */
  reconciler<T, C>(
    others?: Pick<ReconcileOptions<T, C>, "complete" | "compensate" | "owns">,
  ): Pick<ReconcileOptions<unknown, unknown>, "complete" | "compensate" | "owns">;
}

/** The kit's side of a payment sheet: what the tool server registers. Not public. */
export interface KitPaymentSheet extends PaymentSheet {
  /** The session tool as the app declared it. */
  readonly sessionTool: PaymentSheetOptions["sessionTool"];
  /** The scopes both tools need (`options.scopes`). */
  readonly scopes: readonly string[];
  /**
   * The session for `draft`, as `context.caller`'s. RangeError for a price that is not whole
   * non-negative minor units.
   */
  session(draft: CheckoutDraft, context: Pick<ToolContext, "caller">): CheckoutSession;
  /**
   * `complete_checkout`: checks the arguments (untrusted), the session's signature and
   * caller, takes the draft's single use, and charges once per session, whatever is
   * repeated. Never throws.
   */
  complete(args: unknown, context: CheckoutCaller): Promise<CompleteCheckoutAnswer>;
  /** `complete_checkout`'s tool description: hidden from the model, hints of a payment. */
  readonly tool: typeof COMPLETE_CHECKOUT_TOOL;
  /** An answer as the tool result (`request_id` added to an error when given). */
  result(answer: CompleteCheckoutAnswer, requestId?: string): CallToolResult;
  /** Whether a reconciler's record is a payment of this sheet's kind. */
  owns(record: InDoubtRecord<unknown>): boolean;
  /** The reconciler's `complete` for an owned record: the same charge under the same key. */
  completeRecord(record: InDoubtRecord<unknown>): Promise<Attempt<unknown>>;
  /** The reconciler's `compensate` for an owned record: refund (or void) its payment. */
  compensateRecord(record: InDoubtRecord<unknown>): Promise<Attempt<unknown>>;
}

/** `sheet`'s kit side; a TypeError for a sheet `createPaymentSheet` did not make. */
export function kitPaymentSheet(sheet: PaymentSheet): KitPaymentSheet {
  const kit = sheet as Partial<KitPaymentSheet>;
  if (typeof kit.complete !== "function" || typeof kit.session !== "function")
    throw new TypeError("a payment sheet from createPaymentSheet is needed");
  return sheet as KitPaymentSheet;
}

/** The sheet's own words for a refusal (fixed: nothing of the call is echoed). */
const SHEET_MESSAGES: { readonly [code in SheetErrorCode]: string } = {
  payment_declined: "Your payment was declined. Try another payment method.",
  requires_3ds: "Your bank needs to verify this payment. Try again and complete the verification.",
};

const failed = (error: ToolErrorBody): CompleteCheckoutAnswer => ({ kind: "failed", error });

const sessionDigest = (id: string) => createHash("sha256").update(id).digest("hex").slice(0, 32);

/**
 * The payment sheet's server side for one merchant account: sessions, `complete_checkout`
 * and its reconciliation. Throws `StartupRefusal` in production without the app's secret,
 * and RangeError for a link that is not `https:` or a `maxAttempts` out of bounds.
 */
export function createPaymentSheet(options: PaymentSheetOptions): PaymentSheet {
  return buildPaymentSheet(options);
}

function buildPaymentSheet(options: PaymentSheetOptions): KitPaymentSheet {
  const ids = createSessionIds(options.secret);
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 10;
  if (!(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= MAX_SHEET_PAYMENTS))
    throw new RangeError("maxAttempts must be a whole number from 1 to 100");
  const links = checkedLinks(options.links);

  const charge = (
    claims: SheetClaims,
    effect: Pick<EffectContext, "effectKey" | "fence">,
    log: ServerLogger | undefined,
  ) =>
    chargeFromClaims(claims, effect, options.provider, options.orders, (error) =>
      log?.warn("payment_in_doubt", {
        error: error instanceof Error ? error.name : "unknown",
        checkout_session: sessionDigest(claims.session_id),
      }),
    );

  /** One record's attempt: a new payment with this call's token, or the captured one's finish. */
  const attempt =
    (input: CompleteCheckoutArguments, session: SessionClaims, log: ServerLogger | undefined) =>
    async (effect: EffectContext<SheetClaims>): Promise<Attempt<SheetValue>> => {
      if (effect.captured) return charge(effect.captured, effect, log);
      if (now() >= session.expiresAt)
        return { final: true, definite: true, value: { outcome: "expired" } };
      const claims: SheetClaims = {
        kind: SHEET_RECORD,
        session_id: input.checkout_session_id,
        draft_id: session.draftId,
        amount: session.amount,
        currency: session.currency,
        mode: session.mode,
        token: input.payment_data.token,
        provider: input.payment_data.provider,
        billing_address: input.payment_data.billing_address ?? null,
        buyer: input.buyer ?? null,
      };
      await effect.capture(claims);
      return charge(claims, effect, log);
    };

  const completed = (value: Extract<SheetValue, { outcome: "completed" }>): CompletedCheckout => ({
    id: value.session_id,
    status: "completed",
    currency: value.currency,
    totals: [{ type: "total", display_text: "Total", amount: value.amount }],
    order: {
      id: value.order_id,
      checkout_session_id: value.session_id,
      permalink_url: value.permalink_url,
    },
    messages: [],
  });

  const refused = (
    input: CompleteCheckoutArguments,
    session: SessionClaims,
    code: SheetErrorCode,
  ): RefusedCheckout => ({
    id: input.checkout_session_id,
    status: "ready_for_payment",
    currency: session.currency,
    messages: [{ type: "error", code, content_type: "plain", content: SHEET_MESSAGES[code] }],
  });

  const sheet: KitPaymentSheet = {
    session(draft, context) {
      const { lineItems, totals, total } = priceDraft(draft);
      const currency = currencyOf(draft);
      const id = ids.issue(
        {
          draftId: draft.draftId,
          currency,
          amount: total,
          expiresAt: expiryOf(draft),
          mode: options.paymentMode,
        },
        context.caller,
      );
      return {
        id,
        payment_provider: options.paymentProvider,
        payment_mode: options.paymentMode,
        status: "ready_for_payment",
        currency,
        line_items: lineItems,
        totals,
        links,
      };
    },

    async complete(args, context: CheckoutCaller) {
      const parsed = v.safeParse(completeCheckoutInputSchema, args);
      if (!parsed.success)
        return failed(
          CHECKOUT_FAILURES.invalidArguments([
            ...new Set(parsed.issues.map((issue) => v.getDotPath(issue) ?? "(arguments)")),
          ]),
        );
      const input: CompleteCheckoutArguments = parsed.output;
      const session = ids.verify(input.checkout_session_id, context.caller);
      if (!session) return failed(CHECKOUT_FAILURES.invalidSession);
      if (input.payment_data.provider !== options.paymentProvider.provider)
        return failed(CHECKOUT_FAILURES.wrongProvider);
      const mine = tokenDigest(input.payment_data.token);
      const chain = sessionDigest(input.checkout_session_id);
      const gate = await takeDraft(options, chain, session, context, now);
      if (gate) return failed(gate);
      for (let n = 0; n < maxAttempts; n++) {
        let outcome;
        try {
          outcome = await runIdempotent<SheetValue, SheetClaims>({
            store: options.store,
            scope: context.caller,
            key: sheetPaymentKey(chain, n),
            // The session alone: a repeat with another token is the same payment.
            args: { checkout_session_id: input.checkout_session_id },
            ...(options.timing ? { timing: options.timing } : {}),
            now,
            execute: attempt(input, session, context.log),
          });
        } catch (error) {
          // The store failed before (or while) claiming; or capture failed: nothing left.
          // The kit's store failures speak of an idempotency key; this call has none to keep.
          if (error instanceof ToolFailure)
            return failed({
              ...error.error,
              ...(error.error.retryable ? { next_action: NEXT_ACTIONS.retryLater } : {}),
            });
          context.log?.error("payment_sheet_failed", {
            error: error instanceof Error ? error.name : "unknown",
          });
          return failed(CHECKOUT_FAILURES.storeUnavailable);
        }
        if (outcome.state === "in_progress")
          return failed(CHECKOUT_FAILURES.running(outcome.retryAfterSeconds));
        // Every record of the chain has the same arguments: a mismatch is not possible.
        if (outcome.state === "key_reused") return failed(CHECKOUT_FAILURES.storeUnavailable);
        const value = outcome.value;
        switch (value.outcome) {
          case "completed":
            return {
              kind: "completed",
              structuredContent: completed(value),
              replayed: outcome.state === "replayed",
            };
          case "refused":
            // Another token was refused here: this one may pay in the next record.
            if (value.token_digest !== mine) continue;
            return { kind: "refused", structuredContent: refused(input, session, value.code) };
          case "refunded":
            return failed(CHECKOUT_FAILURES.refunded);
          case "expired":
            return failed(CHECKOUT_FAILURES.expired);
          case "unavailable":
            return failed(CHECKOUT_FAILURES.unavailable(outcome.inDoubt));
          case "in_doubt":
            return failed(CHECKOUT_FAILURES.inDoubt);
        }
      }
      return failed(CHECKOUT_FAILURES.exhausted);
    },

    sessionTool: options.sessionTool,

    scopes: [...(options.scopes ?? [])],

    tool: COMPLETE_CHECKOUT_TOOL,

    result: checkoutToolResult,

    owns: (record) => isSheetClaims(record.captured),

    completeRecord(record) {
      if (!isSheetClaims(record.captured))
        return Promise.reject(new TypeError("not a payment-sheet checkout's record"));
      return charge(record.captured, record, undefined);
    },

    compensateRecord(record) {
      if (!isSheetClaims(record.captured))
        return Promise.reject(new TypeError("not a payment-sheet checkout's record"));
      return refundFromClaims(record.captured, record, options.provider);
    },

    reconciler<T, C>(others?: Pick<ReconcileOptions<T, C>, "complete" | "compensate" | "owns">) {
      const foreign = () => Promise.reject(new TypeError("no reconciler hook for this record"));
      // The sheet's payments, and whatever the app's own hooks own (by default: any record
      // that is not of a kit kind); anything else stays in doubt for its own reconciler.
      const theirs = others?.owns ?? ((captured: unknown) => !isKitRecord(captured));
      return {
        owns: (captured: unknown) => isSheetClaims(captured) || (!!others && theirs(captured)),
        complete: (record) =>
          this.owns(record)
            ? this.completeRecord(record)
            : (others?.complete(record as InDoubtRecord<C>) ?? foreign()),
        compensate: (record) =>
          this.owns(record)
            ? this.compensateRecord(record)
            : (others?.compensate?.(record as InDoubtRecord<C>) ?? foreign()),
      };
    },
  };
  return sheet;
}

/**
 * What the draft's single-use gate stores: to a commit of the same draft (`runCommit`,
 * `defineWrite`) it reads as that commit's own refusal — `{ ok: false, error }`, nothing
 * changed by it — and it names the session that took the draft.
 */
interface DraftGate {
  readonly ok: false;
  readonly error: ToolErrorBody;
  readonly payment_sheet: string;
}

const isGateOf = (value: unknown, chain: string): boolean => sheetChainOf(value) === chain;

/**
 * Takes the draft's single use for this session, as a commit of it would (the subject
 * `draft:<id>` in the caller's scope): a draft is paid once, on the sheet or by the app's own
 * commit, never both — whichever comes first holds it, and the other is refused before any
 * money moves. Another session of the same draft (a new price) is refused alike. Answers the
 * refusal, or `undefined` once this session holds the draft.
 */
async function takeDraft(
  options: PaymentSheetOptions,
  chain: string,
  session: SessionClaims,
  context: CheckoutCaller,
  now: () => number,
): Promise<ToolErrorBody | undefined> {
  const held: DraftGate = {
    ok: false,
    error: {
      code: DRAFT_ALREADY_USED,
      message: "This draft is being paid on the payment sheet; nothing was changed by this call.",
      retryable: false,
      next_action: NEXT_ACTIONS.doNotRepeat,
      changes: "none",
    },
    payment_sheet: chain,
  };
  try {
    const outcome = await runIdempotent<unknown>({
      store: options.store,
      scope: context.caller,
      key: sheetGateKey(chain),
      args: { checkout_session_id: chain },
      subject: `draft:${session.draftId}`,
      ...(options.timing ? { timing: options.timing } : {}),
      now,
      execute: () => Promise.resolve({ final: true, definite: true, value: held }),
    });
    if (outcome.state === "in_progress")
      return CHECKOUT_FAILURES.running(outcome.retryAfterSeconds);
    if (outcome.state === "key_reused") return CHECKOUT_FAILURES.storeUnavailable;
    return isGateOf(outcome.value, chain) ? undefined : CHECKOUT_FAILURES.draftUsed;
  } catch (error) {
    if (error instanceof ToolFailure)
      return {
        ...error.error,
        ...(error.error.retryable ? { next_action: NEXT_ACTIONS.retryLater } : {}),
      };
    return CHECKOUT_FAILURES.storeUnavailable;
  }
}
