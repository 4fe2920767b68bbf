/**
 * Fault injection for every error layer, from `GIFTGENIUS_FAULTS` at start and `setFaults()`
 * at runtime (a later dev-only HTTP switch calls it).
 *
 *   catalog=503 | 429 | 500 | html | timeout   the catalog upstream fails that way
 *   catalog_latency_ms=3000                    the catalog answers this much later
 *   db=down                                    the idempotency store is unreachable
 *   payments=timeout[:p] | 503[:p] | decline[:p]  a charge fails, with probability p (default 1)
 *   payments_latency_ms=500                    each charge takes this long
 *
 * Comma-separated, e.g. `GIFTGENIUS_FAULTS=catalog=503,payments=timeout:0.3`.
 */

/** The parsed fault set. Empty = everything healthy. */
export interface Faults {
  catalog?: "503" | "429" | "500" | "html" | "timeout";
  catalogLatencyMs?: number;
  db?: "down";
  payments?: { mode: "timeout" | "503" | "decline"; probability: number };
  paymentsLatencyMs?: number;
}

const CATALOG_MODES = new Set(["503", "429", "500", "html", "timeout"]);
const PAYMENT_MODES = new Set(["timeout", "503", "decline"]);

/** Parses a fault spec; unknown or malformed entries are reported in `problems`. */
export function parseFaults(spec: string | undefined): { faults: Faults; problems: string[] } {
  const faults: Faults = {};
  const problems: string[] = [];
  for (const entry of (spec ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name, value = ""] = entry.split("=", 2).map((part) => part.trim()) as [string, string?];
    if (name === "catalog" && CATALOG_MODES.has(value)) faults.catalog = value as Faults["catalog"];
    else if (name === "catalog_latency_ms" && /^\d{1,6}$/.test(value))
      faults.catalogLatencyMs = Number(value);
    else if (name === "payments_latency_ms" && /^\d{1,6}$/.test(value))
      faults.paymentsLatencyMs = Number(value);
    else if (name === "db" && value === "down") faults.db = "down";
    else if (name === "payments") {
      const [mode = "", probability = "1"] = value.split(":");
      const p = Number(probability);
      if (PAYMENT_MODES.has(mode) && Number.isFinite(p) && p >= 0 && p <= 1) {
        faults.payments = { mode: mode as "timeout" | "503" | "decline", probability: p };
      } else problems.push(entry);
    } else problems.push(entry);
  }
  return { faults, problems };
}

let current: Faults = {};

/** Replaces the active faults (a spec string or a parsed set). Returns what is now active. */
export function setFaults(next: string | Faults): Faults {
  if (typeof next === "string") {
    const { faults, problems } = parseFaults(next);
    if (problems.length > 0)
      throw new TypeError(`Unknown GIFTGENIUS_FAULTS entries: ${problems.join(", ")}`);
    current = faults;
  } else {
    current = { ...next };
  }
  return getFaults();
}

/** The active faults (a copy). */
export function getFaults(): Faults {
  return { ...current, ...(current.payments ? { payments: { ...current.payments } } : {}) };
}

/** True with probability `p` (p = 1 is always, so tests stay deterministic). */
export function happens(p: number): boolean {
  return p >= 1 || Math.random() < p;
}
