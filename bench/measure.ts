/** Small timing helpers shared by the bench modules: medians of repeated runs, no assertions. */
import { performance } from "node:perf_hooks";

/** One row of the bench table. */
export interface BenchRow {
  name: string;
  value: number | string;
  goal?: string;
}

/**
 * Median wall time of `fn` in milliseconds. Runs it until `minMs` has passed (at least
 * `minRuns` times) after a warm-up, so JIT and GC noise average out.
 */
export function medianMs(fn: () => unknown, { minRuns = 15, minMs = 300 } = {}): number {
  for (let i = 0; i < 3; i++) fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < minMs) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
    if (samples.length > 10_000) break;
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Rounds for the table. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The median of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** "median (min–max)" of timings, in whole ms. */
export function medianRange(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${median(sorted).toFixed(0)} (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})`;
}
