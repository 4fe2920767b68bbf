/**
 * The development faults of declared writes: every commit `defineWrite` makes can be told, by
 * its tool name, to meet a provider outage or a lost answer, with no code of the app's — the
 * local host page's fault switch sets them (`serveApp`'s `/devhost/faults`,
 * `../app/write-faults-route.ts`). The spec is the switch's usual comma syntax (`<name>=<fault>,…`):
 *
 * - `<commit>=unavailable`: the effect is not run; the commit answers as a provider's 503
 *   would — `UPSTREAM_UNAVAILABLE`, retryable with the same key, `changes: "none"` (the
 *   effect's `refuse(…, { final: false })`, so the draft stays held for that retry);
 * - `<commit>=timeout`: the effect runs, then its answer is lost — the caller hears
 *   `UPSTREAM_TIMEOUT` with `changes: "unknown"` and the record stays in doubt, exactly as the
 *   effect's `unknown(message)`; a retry with the same key, or the reconciler, finishes it
 *   under the same effect key. An effect that refused passes its refusal through.
 *
 * The faults belong to this process and stay until changed; an empty spec clears them. They
 * can be set only in development (`NODE_ENV` development or test): in production none is ever
 * active, and the hook costs one lookup in an empty map.
 */
import { UPSTREAM_UNAVAILABLE } from "../../contract/error-codes.ts";
import { isDevelopment } from "../runtime/mode.ts";

/** What a commit meets: a provider that is down, or an answer lost after the write. */
export type WriteFault = "unavailable" | "timeout";

const FAULTS: readonly WriteFault[] = ["unavailable", "timeout"];

/** The active faults of this process, by commit tool name. */
let active: ReadonlyMap<string, WriteFault> = new Map();

/** The commit tools `defineWrite` declared in this process (what a spec may name). */
const declared = new Set<string>();

/** A part of the spec as the refusal quotes it: short, whatever was sent. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}

/**
 * The faults `spec` names, by commit: `<commit>=unavailable` or `<commit>=timeout`, comma
 * separated, each of `commits` at most once; an empty spec names none. Throws an `Error` whose
 * message says what is wrong with the first bad entry (its syntax, its fault, its tool).
 */
export function parseWriteFaults(
  spec: string,
  commits: readonly string[],
): ReadonlyMap<string, WriteFault> {
  const faults = new Map<string, WriteFault>();
  const entries = spec
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [tool = "", fault, ...rest] = entry.split("=").map((part) => part.trim());
    if (fault === undefined || rest.length > 0 || !tool)
      throw new Error(`${quoted(entry)} is not <commit tool>=unavailable or <commit tool>=timeout`);
    if (!FAULTS.includes(fault as WriteFault))
      throw new Error(
        `${quoted(entry)}: the fault is unavailable or timeout, not ${quoted(fault)}`,
      );
    if (!commits.includes(tool))
      throw new Error(
        `${quoted(entry)}: no commit tool is called ${quoted(tool)} (${commits.length > 0 ? `this app's: ${commits.join(", ")}` : "this app declares none"})`,
      );
    if (faults.has(tool)) throw new Error(`${quoted(tool)} is named twice; name it once`);
    faults.set(tool, fault as WriteFault);
  }
  return faults;
}

/**
 * Replaces the active faults with those of `spec` (an empty one clears them), each naming one
 * of `commits`. Throws, changing nothing, for a refused spec — and always outside development.
 */
export function setWriteFaults(spec: string, commits: readonly string[]): void {
  if (!isDevelopment())
    throw new Error("write faults are development-only (NODE_ENV development or test)");
  active = parseWriteFaults(spec, commits);
}

/** The active faults as a spec (`send_transfer=timeout`), empty when there are none. */
export function writeFaultsSpec(): string {
  return [...active].map(([tool, fault]) => `${tool}=${fault}`).join(",");
}

/** Of `tools`, the commits `defineWrite` declared in this process, in their order. */
export function declaredCommits(tools: readonly string[]): string[] {
  return tools.filter((tool) => declared.has(tool));
}

/** The words of the outage a fault plays, for the write's refusals (`refuse`'s lookup). */
export function writeFaultWords(commit: string): Record<string, string> {
  return {
    [UPSTREAM_UNAVAILABLE]: `The provider is unavailable (the development fault ${commit}=unavailable); nothing was done.`,
  };
}

/** The answers of the effect a fault uses (the `WriteEffect`'s own, so the kit keeps its rules). */
interface FaultAnswers<Answer> {
  refuse(code: never, options: { readonly final: false }): Answer;
  unknown(message: string): Answer;
}

/**
 * `effect` under the faults of `commit`: what `defineWrite` runs as the commit's effect (for the
 * commit's calls and the reconciler's finish alike). Registers `commit` as a declared write.
 */
export function withWriteFaults<Write extends FaultAnswers<Answer>, Answer>(
  commit: string,
  effect: (write: Write) => Promise<Answer>,
): (write: Write) => Promise<Answer> {
  declared.add(commit);
  return async (write) => {
    const fault = active.get(commit);
    if (fault === "unavailable")
      return write.refuse(UPSTREAM_UNAVAILABLE as never, { final: false });
    const answer = await effect(write);
    const refused = typeof answer === "object" && answer !== null && "refused" in answer;
    if (fault !== "timeout" || refused) return answer;
    return write.unknown(
      `The provider's answer was lost (the development fault ${commit}=timeout): the write may have been made.`,
    );
  };
}
