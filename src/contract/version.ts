/** The kit's wire contract version: `"MAJOR.MINOR"`. */
export const CONTRACT_VERSION = "1.0";

/** A parsed `"MAJOR.MINOR"` version. */
export interface ContractVersion {
  /** A different major version is a breaking change: the result is `unsupported`. */
  readonly major: number;
  /** A newer minor version only adds: the result is read as far as it is known. */
  readonly minor: number;
}

const VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

/** Reads `"MAJOR.MINOR"`; anything else (a number, `"1"`, `"1.0.0"`, `"v1"`) is `undefined`. */
export function parseVersion(value: unknown): ContractVersion | undefined {
  if (typeof value !== "string") return undefined;
  const match = VERSION_PATTERN.exec(value);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

/**
 * A widget built for `supported` renders any minor of the same major: minors only add
 * optional fields, which the parser ignores. Another major is a different contract.
 */
export function isCompatible(seen: ContractVersion, supported: ContractVersion): boolean {
  return seen.major === supported.major;
}
