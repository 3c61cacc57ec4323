/**
 * Helpers for the codecs' fuzz tests: the seeded PRNG of shared/random.ts (so failures
 * reproduce), and a hang guard that tells a pathological input from a machine that is merely busy.
 */

export { seededRandom } from '../random';

/**
 * Guards fuzz cases against hangs without timing the machine: a case slower than `limitMs` is run
 * again (up to `retries` times) and only its fastest run counts. A busy CI machine or a GC pause
 * makes one run slow; a pathological input (a loop or allocation sized by an untrusted count) is
 * slow every time. Returns the slowest fastest-run over all cases, for the test to assert on.
 */
export class HangGuard {
  slowestMs = 0;
  slowestCase = -1;

  constructor(
    private readonly limitMs: number,
    private readonly now: () => number,
    private readonly retries = 3,
  ) {}

  /** Runs `task` (which must be repeatable) and records its time. */
  run(caseIndex: number, task: () => void): void {
    let best = this.time(task);
    for (let attempt = 0; attempt < this.retries && best >= this.limitMs; attempt += 1)
      best = Math.min(best, this.time(task));
    if (best > this.slowestMs) {
      this.slowestMs = best;
      this.slowestCase = caseIndex;
    }
  }

  private time(task: () => void): number {
    const started = this.now();
    task();
    return this.now() - started;
  }
}
