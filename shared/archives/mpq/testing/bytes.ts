/** Byte comparison for the MPQ tests: vitest's deep equality is far too slow on multi-megabyte arrays. */

/** A summary that is 'same' when the arrays are equal, else names the length or first differing byte. */
export function byteDifference(actual: Uint8Array, expected: Uint8Array): string {
  if (actual.length !== expected.length) return `length ${actual.length}, expected ${expected.length}`;
  for (let index = 0; index < actual.length; index += 1)
    if (actual[index] !== expected[index]) return `byte ${index}: ${actual[index]}, expected ${expected[index]}`;
  return 'same';
}
