/**
 * The room a GLB's JSON keeps for its morph targets' position bounds (glTF requires them on every POSITION accessor)
 * while the keyframes they come from are still to be read: fixed-width placeholders, found after the JSON is encoded
 * and filled in once the keyframes have been read (export.ts reads them once, as it writes their displacements).
 */

/**
 * Bytes a displacement bound takes in the GLB's JSON: room for the longest text of a float32 value
 * (`-3.4028234663852886e+38`), written when the keyframes have been read, padded with spaces (JSON allows them around
 * a number). Until then the room holds a string of as many bytes.
 */
export const BOUND_SLOT_BYTES = 24;
export const BOUND_PLACEHOLDER = '#'.repeat(BOUND_SLOT_BYTES - 2);
/** Numbers per keyframe's bounds: min x, y, z, max x, y, z. */
export const BOUNDS_PER_TARGET = 6;

/** Keyframe `key`'s position displacement bounds from `bounds` (six per keyframe), as float32 values. */
export function boundsOfTarget(bounds: Float64Array, key: number): { min: number[]; max: number[] } {
  const at = key * BOUNDS_PER_TARGET;
  const value = (index: number) => Math.fround(bounds[at + index]!);
  return { min: [value(0), value(1), value(2)], max: [value(3), value(4), value(5)] };
}

/**
 * Where the bounds' room is in `head` (a GLB's first chunk): the placeholders after the JSON's `"accessors":` key — the
 * last key, so that no name a user gave comes after it — in order, six per keyframe.
 */
export function boundSlots(head: Uint8Array, keyframeCount: number): Int32Array {
  const key = new TextEncoder().encode('"accessors":');
  const placeholder = new TextEncoder().encode(`"${BOUND_PLACEHOLDER}"`);
  const matchesAt = (pattern: Uint8Array, at: number) => pattern.every((byte, index) => head[at + index] === byte);
  let at = head.length - key.length;
  while (at >= 0 && !matchesAt(key, at)) at -= 1;
  const slots = new Int32Array(keyframeCount * BOUNDS_PER_TARGET);
  let found = 0;
  for (at = Math.max(at, 0); at + placeholder.length <= head.length && found < slots.length; at += 1)
    if (head[at] === 0x22 && matchesAt(placeholder, at)) {
      slots[found++] = at;
      at += placeholder.length - 1;
    }
  if (found !== slots.length) throw new Error(`the GLB's JSON holds ${found} bound slots, not ${slots.length}`);
  return slots;
}

/** Writes the bounds (as float32 values, their shortest text) into their room in `head`, padded with spaces. */
export function fillBoundSlots(head: Uint8Array, slots: Int32Array, bounds: Float64Array): void {
  for (let slot = 0; slot < slots.length; slot += 1) {
    const text = String(Math.fround(bounds[slot]!));
    const at = slots[slot]!;
    head.fill(0x20, at, at + BOUND_SLOT_BYTES);
    for (let index = 0; index < text.length; index += 1) head[at + index] = text.charCodeAt(index);
  }
}
