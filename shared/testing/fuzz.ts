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
/**
 * The time a fuzz case may take at its fastest: far above a sound case (under 10 ms) and far below a hang. At 100 ms a
 * machine at load 12–14 on 2 cores failed a different MDL case in each of three runs, four tries each.
 */
export const HANG_LIMIT_MS = 1000;

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

/** uint32 values a mutant writes over a size or a count: edges, small counts, sign flips. */
const INTERESTING_U32 = [
  0, 1, 2, 3, 4, 7, 8, 12, 96, 100, 0x7f, 0xff, 0x100, 0xffff, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
];

/**
 * A mutant of `source` (never changed): cut short, a few bytes flipped, a uint32 (often a size or
 * a count) set to an interesting or nearby value, or a run of bytes removed or inserted.
 */
export function mutateBytes(source: Uint8Array, random: () => number): Uint8Array {
  const pick = (limit: number): number => Math.floor(random() * limit);
  const kind = pick(5);
  if (kind === 0) return source.subarray(0, pick(source.byteLength));
  const bytes = source.slice();
  if (kind === 1) {
    for (let flips = 1 + pick(8); flips > 0; flips -= 1) bytes[pick(bytes.length)] = pick(256);
    return bytes;
  }
  if ((kind === 2 || kind === 3) && bytes.length >= 4) {
    const at = pick(Math.max(1, bytes.length - 4));
    const view = new DataView(bytes.buffer);
    const old = view.getUint32(at, true);
    const value = kind === 2 ? INTERESTING_U32[pick(INTERESTING_U32.length)]! : (old + pick(33) - 16) >>> 0;
    view.setUint32(at, value, true);
    return bytes;
  }
  const at = pick(bytes.length);
  const length = 1 + pick(64);
  if (random() < 0.5) {
    const end = Math.min(bytes.length, at + length);
    const removed = new Uint8Array(bytes.length - (end - at));
    removed.set(bytes.subarray(0, at));
    removed.set(bytes.subarray(end), at);
    return removed;
  }
  const grown = new Uint8Array(bytes.length + length);
  grown.set(bytes.subarray(0, at));
  for (let index = 0; index < length; index += 1) grown[at + index] = pick(256);
  grown.set(bytes.subarray(at), at + length);
  return grown;
}
