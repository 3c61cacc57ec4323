/**
 * The benchmark harness: suites measure side by side in one run and print figures and ratios
 * against their goals. Tests never time anything; `npm run bench` does.
 */
import { performance } from 'node:perf_hooks';

/** One printed figure. */
export interface BenchRow {
  suite: string;
  name: string;
  value: number;
  unit: string;
  /** Human-readable goal, e.g. "≤ 1.2×". */
  goal?: string;
  /** Whether the goal is met, by {@link GOAL_MARGIN} where it is a bound (undefined when there is no goal). */
  met?: boolean;
}

/**
 * How far a figure must clear its goal to count as met: by 10 %, because the machine the benches share is noisy
 * (a ratio at 3.05× against a goal of 3× is not yet met).
 */
export const GOAL_MARGIN = 1.1;

/** Whether `value` is at most `goal`, by the margin. */
export function clearsAtMost(value: number, goal: number): boolean {
  return value * GOAL_MARGIN <= goal;
}

/** Whether `value` is at least `goal`, by the margin. */
export function clearsAtLeast(value: number, goal: number): boolean {
  return value >= goal * GOAL_MARGIN;
}

/** Collects rows and prints them as they come. */
export class BenchReport {
  readonly rows: BenchRow[] = [];

  row(row: BenchRow): void {
    this.rows.push(row);
    const goal = row.goal ? `  goal ${row.goal} ${row.met === undefined ? '' : row.met ? '✓ met' : '✗ MISSED'}` : '';
    process.stdout.write(
      `  ${row.suite.padEnd(10)} ${row.name.padEnd(58)} ` +
        `${formatValue(row.value).padStart(12)} ${row.unit.padEnd(6)}${goal}\n`,
    );
  }

  note(text: string): void {
    process.stdout.write(`  ${text}\n`);
  }
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

/** A benchmark suite: a name and a function that adds rows to the report. */
export interface BenchSuite {
  name: string;
  run(report: BenchReport): Promise<void>;
}

/**
 * Runs `task` repeatedly (after warm-up) for at least `minTimeMs` and at least `minRuns` times;
 * returns the median time of one run in milliseconds.
 */
export async function measure(
  task: () => unknown | Promise<unknown>,
  options: { minTimeMs?: number; minRuns?: number; warmup?: number } = {},
): Promise<number> {
  const minTimeMs = options.minTimeMs ?? 500;
  const minRuns = options.minRuns ?? 5;
  for (let index = 0; index < (options.warmup ?? 2); index += 1) await task();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < minRuns || performance.now() - started < minTimeMs) {
    const before = performance.now();
    await task();
    times.push(performance.now() - before);
    if (times.length > 100_000) break;
  }
  return median(times);
}

/** The middle value of `values` (the upper one of an even count); NaN when there is none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
