/**
 * A payment provider for the payment-sheet tests that behaves like a real one where it
 * matters: its own idempotency (a repeat of a key replays that key's first answer, a decline
 * included), single-use amount-capped tokens, a refund that also voids a key never charged,
 * and per-token faults — decline, 3-D Secure, 503 before acting, or a timeout after the
 * charge landed (the lost answer).
 */
import type {
  SheetChargeOutcome,
  SheetChargeRequest,
  SheetPaymentProvider,
} from "../../src/server/checkout/index.ts";

export type TokenBehaviour = "ok" | "decline" | "3ds" | "503" | "timeout_after_charge";

export interface FakeSheetProvider extends SheetPaymentProvider {
  /** Issues a token worth at most `maxAmount` that behaves as told (on its first use). */
  token(behaviour?: TokenBehaviour, maxAmount?: number): string;
  /** Charges that landed (replays not counted), and refunds. */
  readonly charges: SheetChargeRequest[];
  readonly refunds: string[];
  /** Every call of `charge`, replays included. */
  calls: number;
  /** Resolves a charge only when released (for concurrency tests). */
  hold(): () => void;
}

let serial = 0;

export function fakeSheetProvider(): FakeSheetProvider {
  const tokens = new Map<string, { behaviour: TokenBehaviour; maxAmount: number; used: boolean }>();
  const byKey = new Map<string, SheetChargeOutcome | "void">();
  const refundedKeys = new Set<string>();
  let gate: Promise<void> | undefined;
  const provider: FakeSheetProvider = {
    charges: [],
    refunds: [],
    calls: 0,
    token(behaviour = "ok", maxAmount = Number.MAX_SAFE_INTEGER) {
      const token = `spt_test_${++serial}_${behaviour}`;
      tokens.set(token, { behaviour, maxAmount, used: false });
      return token;
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
    async charge(request) {
      provider.calls += 1;
      if (gate) await gate;
      const earlier = byKey.get(request.idempotencyKey);
      if (earlier === "void") return { status: "declined" };
      if (earlier) return earlier;
      const token = tokens.get(request.token);
      if (token?.behaviour === "503") {
        // Once: the provider is back on the retry.
        token.behaviour = "ok";
        return { status: "unavailable" };
      }
      let outcome: SheetChargeOutcome;
      if (!token || token.used || request.amount > token.maxAmount)
        outcome = { status: "declined" };
      else if (token.behaviour === "decline") outcome = { status: "declined" };
      else if (token.behaviour === "3ds") outcome = { status: "requires_3ds" };
      else outcome = { status: "succeeded", chargeId: `ch_${provider.charges.length + 1}` };
      if (token) token.used = true;
      byKey.set(request.idempotencyKey, outcome);
      if (outcome.status === "succeeded") provider.charges.push(request);
      if (token?.behaviour === "timeout_after_charge") {
        token.behaviour = "ok";
        throw new Error("timed out after the charge landed");
      }
      return outcome;
    },
    async refund(request) {
      if (refundedKeys.has(request.chargeIdempotencyKey)) return { status: "refunded" };
      const earlier = byKey.get(request.chargeIdempotencyKey);
      if (earlier && earlier !== "void" && earlier.status === "succeeded") {
        refundedKeys.add(request.chargeIdempotencyKey);
        provider.refunds.push(request.chargeIdempotencyKey);
        return { status: "refunded" };
      }
      byKey.set(request.chargeIdempotencyKey, "void");
      return { status: "nothing_charged" };
    },
  };
  return provider;
}
