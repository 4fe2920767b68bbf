/**
 * The framework-free write layer: the write flow's store, the commit's phases, its outcome, the
 * retry policy, sign-in detection.
 */
export { phaseOf, type CommitPhase } from "./write-machine.ts";
export type { CommitSuccess } from "./commit-outcome.ts";
export { IDEMPOTENCY_STATE_KEY, type StoredIdempotencyKey } from "./idempotency-key.ts";
export { needsSignIn } from "../contract/sign-in.ts";
export {
  createWriteFlow,
  type WriteFlow,
  type WriteFlowCoreOptions,
  type WriteFlowStore,
  type WriteFlowToolRef,
} from "./write-flow.ts";
export {
  createRetryPolicy,
  retryRemaining,
  retryStart,
  retryWaitSeconds,
  type RetryPolicy,
  type RetrySnapshot,
} from "./retry-policy.ts";
