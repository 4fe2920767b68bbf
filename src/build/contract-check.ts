/**
 * The release rule: a breaking change needs a major bump, a compatible change a minor one,
 * and the version never goes backwards. Fails with every offending change named.
 */
import { parseVersion } from "../contract/version.ts";
import type { ContractJsonSchema } from "../contract/json-schema.ts";
import { diffContractSchemas, type ContractChange } from "./contract-diff.ts";
import { showJson } from "./show-json.ts";

/** The outcome of {@link checkContract}. */
export interface ContractCheckResult {
  ok: boolean;
  changes: ContractChange[];
  /** Why the check failed (empty when `ok`). */
  errors: string[];
}

function list(changes: ContractChange[]): string {
  return changes.map((c) => `  - ${c.path}: ${c.message}`).join("\n");
}

/** Checks `current` against the released `lock`. */
export function checkContract(
  lock: ContractJsonSchema,
  current: ContractJsonSchema,
): ContractCheckResult {
  const changes = diffContractSchemas(lock, current);
  const locked = parseVersion(lock.contract_version);
  const now = parseVersion(current.contract_version);
  if (!locked || !now) {
    return {
      ok: false,
      changes,
      errors: [
        `contract_version must be "MAJOR.MINOR" (lock ${showJson(lock.contract_version)}, current ${showJson(current.contract_version)})`,
      ],
    };
  }
  const errors: string[] = [];
  const range = `lock ${lock.contract_version} → current ${current.contract_version}`;
  const majorBump = now.major > locked.major;
  const newer = majorBump || (now.major === locked.major && now.minor > locked.minor);
  const older =
    now.major < locked.major || (now.major === locked.major && now.minor < locked.minor);
  const breaking = changes.filter((c) => c.severity === "breaking");
  const compatible = changes.filter((c) => c.severity === "compatible");
  if (older)
    errors.push(
      `contract_version went backwards (${range}): declare at least ${lock.contract_version} in defineContract({ version })`,
    );
  else if (breaking.length && !majorBump) {
    errors.push(
      `${breaking.length} breaking change(s) need a major version bump (${range}):\n${list(breaking)}\n${howToBump(`${locked.major + 1}.0`)}`,
    );
  } else if (compatible.length && !breaking.length && !newer) {
    errors.push(
      `${compatible.length} compatible change(s) need a minor version bump (${range}):\n${list(compatible)}\n${howToBump(`${locked.major}.${locked.minor + 1}`)}`,
    );
  }
  return { ok: errors.length === 0, changes, errors };
}

/**
 * How to fix a failed check: the version to declare, where, and how the lock moves on. The
 * lock is the last released contract, so it is written at release, not to silence the check.
 */
function howToBump(version: string): string {
  return (
    `  → declare it: defineContract({ version: "${version}", kinds: { … } })\n` +
    `  → after the release, update the lock: npm run contract:lock ` +
    `(or writeContractLock(contract, lockPath) from mcp-widget-kit/build)`
  );
}
