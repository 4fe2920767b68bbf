/**
 * The value a relax hint names: "Changing budget_max to 80 or more would give 1", not only
 * "Changing budget_max alone would give 1", which leaves the model to guess how far to move
 * it. Read from what each candidate that fails only this condition would need of the
 * argument (`SearchCondition.needs`), written by the app from its own data — never from what
 * the caller sent.
 */
import type { SearchCondition } from "./search-condition.ts";

/** What one candidate needs of the argument. */
type Need = ReturnType<NonNullable<SearchCondition<never>["needs"]>>;

const gives = (to: string, matches: number): string => `${to} would give ${matches}`;

/** How many of `sorted` are `<= x` (`strict`: `< x`). */
function countUpTo(sorted: readonly number[], x: number, strict: boolean): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (strict ? sorted[middle]! < x : sorted[middle]! <= x) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One-sided ranges (a budget): the nearest value that gives any match, and the one that gives
 * them all when it is another ("to 30 or more would give 1, to 60 or more 2"). Every candidate
 * failing the condition lies beyond what was sent, so the nearest is the least change.
 */
function oneSided(ranges: ReadonlyArray<{ lo: number; hi: number }>): string {
  const up = ranges.every((range) => range.hi === Infinity);
  const bounds = ranges.map((range) => (up ? range.lo : range.hi)).sort((a, b) => a - b);
  const [nearest, farthest] = up ? [bounds[0]!, bounds.at(-1)!] : [bounds.at(-1)!, bounds[0]!];
  const side = up ? "or more" : "or less";
  const first = bounds.filter((bound) => bound === nearest).length;
  const hint = gives(`to ${nearest} ${side}`, first);
  return nearest === farthest ? hint : `${hint}, to ${farthest} ${side} ${bounds.length}`;
}

/**
 * Ranges bounded both ways (an age): the lowest value covered by the most of them, up to where
 * the first of those ends (nothing starts before it, or it would be covered by more).
 */
function widestOverlap(ranges: ReadonlyArray<{ lo: number; hi: number }>): string {
  const los = ranges.map((range) => range.lo).sort((a, b) => a - b);
  const his = ranges.map((range) => range.hi).sort((a, b) => a - b);
  let best = { at: los[0]!, matches: 0 };
  for (const at of new Set(los)) {
    const matches = countUpTo(los, at, false) - countUpTo(his, at, true);
    if (matches > best.matches) best = { at, matches };
  }
  const { at: lo, matches } = best;
  const hi = ranges.reduce(
    (end, range) => (range.lo <= lo && range.hi >= lo ? Math.min(end, range.hi) : end),
    Infinity,
  );
  if (hi === Infinity) return gives(`to ${lo} or more`, matches);
  if (lo === -Infinity) return gives(`to ${hi} or less`, matches);
  return gives(lo === hi ? `to ${lo}` : `to between ${lo} and ${hi}`, matches);
}

/** The value most of the candidates list (ties: the first in sort order, so always the same). */
function commonest(lists: ReadonlyArray<readonly string[]>): { value: string; matches: number } {
  const counts = new Map<string, number>();
  for (const values of lists)
    for (const value of new Set(values)) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = { value: "", matches: 0 };
  for (const [value, matches] of counts)
    if (matches > best.matches || (matches === best.matches && value < best.value))
      best = { value, matches };
  return best;
}

/**
 * The words after the argument's name ("to 80 or more would give 1") for one condition, from
 * the needs of the candidates failing only it; `undefined` when there are none usable (no
 * `needs`, or bounds that are not numbers): then the hint names the argument and the count
 * only. A condition's needs are of one kind; the first one's kind is read.
 */
export function relaxHint(needs: readonly Need[]): string | undefined {
  const first = needs[0];
  if (first === undefined) return undefined;
  if ("oneOf" in first) {
    const best = commonest(needs.flatMap((need) => ("oneOf" in need ? [need.oneOf] : [])));
    return best.matches > 0 ? gives(`to ${best.value}`, best.matches) : undefined;
  }
  if ("includes" in first) {
    const best = commonest(needs.flatMap((need) => ("includes" in need ? [need.includes] : [])));
    return best.matches > 0 ? gives(`to include ${best.value}`, best.matches) : undefined;
  }
  const ranges = needs.flatMap((need) => {
    if ("oneOf" in need || "includes" in need) return [];
    const { atLeast, atMost } = need;
    // A bound given must be a number; a range open both ways would need nothing at all.
    const bounded = (bound: number | undefined) => bound === undefined || Number.isFinite(bound);
    if (!bounded(atLeast) || !bounded(atMost) || (atLeast ?? atMost) === undefined) return [];
    const range = { lo: atLeast ?? -Infinity, hi: atMost ?? Infinity };
    return range.lo <= range.hi ? [range] : [];
  });
  if (ranges.length === 0) return undefined;
  const sided = ranges.every((r) => r.hi === Infinity) || ranges.every((r) => r.lo === -Infinity);
  return sided ? oneSided(ranges) : widestOverlap(ranges);
}
