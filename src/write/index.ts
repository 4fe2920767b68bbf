/** The framework-free write layer: the commit machine, its outcome, sign-in detection. */
export {
  createCommitMachine,
  phaseOf,
  type CommitMachine,
  type CommitMachineOptions,
  type CommitPhase,
  type IdempotencyKeyStore,
} from "./commit-machine.ts";
export type { CommitSuccess } from "./commit-outcome.ts";
export { IDEMPOTENCY_STATE_KEY, type StoredIdempotencyKey } from "./idempotency-key.ts";
export { needsSignIn } from "./sign-in.ts";
