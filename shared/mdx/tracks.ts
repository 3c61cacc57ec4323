/**
 * The byte layout every MDX keyframe track shares (KGTR, KGRT, KMTA, KCTR… — every `K???` block but KEVT): the
 * header, the size of a key, and the rule that finds a track's byte length. Which tags are tracks and how many
 * components their values have is the model's business (shared/model/track.ts); these helpers take the count.
 *
 * Layout: char[4] tag, uint32 keyCount, uint32 interpolation (0 none, 1 linear, 2 hermite, 3 bezier), int32
 * globalSequenceId (-1: none), then per key int32 frame, value, and for interpolation 2 and 3 an in-tangent and an
 * out-tangent of the value's type.
 */
import { CodecError } from '../binary/codec-error';

/** tag + keyCount + interpolation + globalSequenceId. */
export const TRACK_HEADER_BYTES = 16;
/** Each key starts with an int32 frame (ms). */
export const TRACK_FRAME_BYTES = 4;
/** Every value component is a 4-byte float or uint32. */
export const TRACK_COMPONENT_BYTES = 4;
/** Highest valid interpolation type. */
export const MAX_INTERPOLATION = 3;
/** Interpolation types from this one on store in- and out-tangents. */
export const FIRST_TANGENT_INTERPOLATION = 2;

/** Interpolation names, indexed by the stored number. */
export const INTERPOLATION_NAMES = ['none', 'linear', 'hermite', 'bezier'] as const;
export type InterpolationName = (typeof INTERPOLATION_NAMES)[number];

/** The interpolation's name ('none', 'linear', 'hermite', 'bezier'). */
export function interpolationName(interpolation: number): InterpolationName {
  return INTERPOLATION_NAMES[interpolation] ?? 'none';
}

/** Reads four bytes as a tag, one character per byte (lossless). */
export function readTag(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** Bytes of one key with `components` value components. */
export function trackKeyBytes(components: number, interpolation: number): number {
  const values = interpolation >= FIRST_TANGENT_INTERPOLATION ? 3 : 1;
  return TRACK_FRAME_BYTES + values * components * TRACK_COMPONENT_BYTES;
}

/**
 * The byte length of the track at `offset` whose values have `components` components, checked against `end`.
 * Throws a CodecError when the header or keys do not fit or the interpolation is not 0–3.
 */
export function trackByteLength(
  bytes: Uint8Array,
  offset: number,
  end: number,
  where: string,
  components: number,
): number {
  const tag = readTag(bytes, offset);
  if (offset + TRACK_HEADER_BYTES > end) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where: `${where}.${tag}`,
      offset,
      detail: 'the track header does not fit',
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(offset + 4, true);
  const interpolation = view.getUint32(offset + 8, true);
  if (interpolation > MAX_INTERPOLATION) {
    throw new CodecError({
      format: 'mdx',
      kind: 'invalid',
      where: `${where}.${tag}.interpolation`,
      offset: offset + 8,
      detail: `interpolation ${interpolation} is not 0–3`,
    });
  }
  const keyBytes = trackKeyBytes(components, interpolation);
  if (count > (end - offset - TRACK_HEADER_BYTES) / keyBytes) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where: `${where}.${tag}.keyCount`,
      offset: offset + 4,
      detail: `${count} keys of ${keyBytes} bytes do not fit in the ${end - offset - TRACK_HEADER_BYTES} bytes left`,
    });
  }
  return TRACK_HEADER_BYTES + count * keyBytes;
}
