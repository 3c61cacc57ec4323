/**
 * The known codes nearest an unknown one, for the diagnostic an unknown event object gets: edit distance
 * (insertions, deletions, substitutions, case ignored), the closest first, ties in alphabetical order.
 */
import type { GameTable } from './tables';

/** How many codes a suggestion names. */
export const NEAREST_COUNT = 3;

const keyCache = new WeakMap<GameTable, string[]>();

/** Edit distance between two upper-case strings, giving up (returning `limit + 1`) past `limit`. */
export function editDistance(left: string, right: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  let current = new Array<number>(right.length + 1);
  for (let i = 1; i <= left.length; i += 1) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left.charCodeAt(i - 1) === right.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (current[j]! < rowBest) rowBest = current[j]!;
    }
    if (rowBest > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[right.length]!;
}

/** The `count` keys of `table` nearest `key`. */
export function nearestKeys(key: string, table: GameTable, count = NEAREST_COUNT): string[] {
  let keys = keyCache.get(table);
  if (!keys) {
    keys = table.keys().sort((a, b) => (a.toUpperCase() < b.toUpperCase() ? -1 : 1));
    keyCache.set(table, keys);
  }
  const wanted = key.toUpperCase();
  const best: { key: string; distance: number }[] = [];
  for (const candidate of keys) {
    const limit = best.length === count ? best[count - 1]!.distance : Number.POSITIVE_INFINITY;
    const distance = editDistance(wanted, candidate.toUpperCase(), limit);
    if (distance >= limit) continue;
    best.push({ key: candidate, distance });
    best.sort((a, b) => a.distance - b.distance);
    if (best.length > count) best.pop();
  }
  return best.map((entry) => entry.key);
}
