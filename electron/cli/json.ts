/**
 * JSON output for the command line. Numbers print exactly (a float32 read from a file prints as
 * the shortest decimal that reads back to it); NaN and ±Infinity, which JSON lacks, print as the
 * strings "NaN", "Infinity" and "-Infinity".
 */

/** `JSON.stringify`, indented by 2, with non-finite numbers as strings. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? String(item) : item),
    2,
  );
}

/** One number as JSON text. */
export function jsonNumber(value: number): string {
  if (Object.is(value, -0)) return '-0';
  return Number.isFinite(value) ? String(value) : `"${String(value)}"`;
}

/** `[a,b,c],[d,e,f],…` for consecutive groups of `size` numbers taken every `stride` from `start`. */
export function jsonTuples(
  values: ArrayLike<number>,
  size: number,
  stride: number,
  start: number,
  count: number,
): string {
  const parts = new Array<string>(count);
  for (let index = 0; index < count; index += 1) {
    const base = start + index * stride;
    let tuple = '[';
    for (let component = 0; component < size; component += 1)
      tuple += (component ? ',' : '') + jsonNumber(values[base + component]!);
    parts[index] = `${tuple}]`;
  }
  return parts.join(',');
}
