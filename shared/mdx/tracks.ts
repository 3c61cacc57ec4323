/**
 * Keyframe tracks (KGTR, KGRT, KGSC and every other `K???` track except KEVT): reader, writer and
 * the byte-size rules the container uses to step over them.
 *
 * Layout: char[4] tag, uint32 keyCount, uint32 interpolation (0 none, 1 linear, 2 hermite,
 * 3 bezier), int32 globalSequenceId (-1: none), then per key int32 frame, value, and for
 * interpolation 2 and 3 an in-tangent and an out-tangent of the value's type.
 */
import { BinaryWriter } from '../binary/writer';
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

/** Value components of every known track tag (floats, or a uint32 for KMTF and KRTX). */
export const TRACK_COMPONENTS: Readonly<Record<string, number>> = {
  // Node
  KGTR: 3,
  KGRT: 4,
  KGSC: 3,
  // Layer
  KMTF: 1,
  KMTA: 1,
  KMTE: 1,
  KFC3: 3,
  KFCA: 1,
  KFTC: 1,
  // Texture animation
  KTAT: 3,
  KTAR: 4,
  KTAS: 3,
  // Geoset animation
  KGAO: 1,
  KGAC: 3,
  // Light
  KLAS: 1,
  KLAE: 1,
  KLAC: 3,
  KLAI: 1,
  KLBI: 1,
  KLBC: 3,
  KLAV: 1,
  // Attachment
  KATV: 1,
  // Particle emitter
  KPEE: 1,
  KPEG: 1,
  KPLN: 1,
  KPLT: 1,
  KPEL: 1,
  KPES: 1,
  KPEV: 1,
  // Particle emitter 2
  KP2S: 1,
  KP2R: 1,
  KP2L: 1,
  KP2G: 1,
  KP2E: 1,
  KP2N: 1,
  KP2W: 1,
  KP2V: 1,
  // Ribbon emitter
  KRHA: 1,
  KRHB: 1,
  KRAL: 1,
  KRCO: 3,
  KRTX: 1,
  KRVS: 1,
  // Camera
  KCTR: 3,
  KTTR: 3,
  KCRL: 1,
  // Popcorn emitter
  KPPA: 1,
  KPPC: 3,
  KPPE: 1,
  KPPL: 1,
  KPPS: 1,
  KPPV: 1,
};

/** The three tracks a node may carry. */
export const NODE_TRACK_TAGS = ['KGTR', 'KGRT', 'KGSC'] as const;
export type NodeTrackTag = (typeof NODE_TRACK_TAGS)[number];
/** What each node track animates (the names the model document uses). */
export const NODE_TRACK_KINDS: Readonly<Record<NodeTrackTag, 'translation' | 'rotation' | 'scaling'>> = {
  KGTR: 'translation',
  KGRT: 'rotation',
  KGSC: 'scaling',
};

/** True when `tag` names a keyframe track this codec knows the value size of. */
export function isTrackTag(tag: string): boolean {
  return Object.prototype.hasOwnProperty.call(TRACK_COMPONENTS, tag);
}

/** One key of a track. Tangents are present only for hermite and bezier tracks. */
export interface TrackKey {
  /** Time in ms (int32: some models store negative times). */
  readonly frame: number;
  readonly value: readonly number[];
  readonly inTangent?: readonly number[];
  readonly outTangent?: readonly number[];
}

/** A parsed keyframe track. Tracks returned by the reader are written back from their bytes. */
export interface Track {
  readonly tag: string;
  /** 0 none, 1 linear, 2 hermite, 3 bezier. */
  readonly interpolation: number;
  /** Index into GLBS, or -1 when the track follows the sequences. */
  readonly globalSequenceId: number;
  readonly keys: readonly TrackKey[];
}

/** Bytes of the tracks the reader returned, so that unedited tracks are written back exactly. */
const originalTrackBytes = new WeakMap<Track, Uint8Array>();

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
 * The byte length of the track starting at `offset` (its tag must be a known track tag), checked
 * against `end`. Throws a CodecError when the header or keys do not fit or the interpolation is
 * not 0–3.
 */
export function trackByteLength(bytes: Uint8Array, offset: number, end: number, where: string): number {
  const tag = readTag(bytes, offset);
  const components = TRACK_COMPONENTS[tag];
  if (components === undefined) {
    throw new CodecError({
      format: 'mdx',
      kind: 'invalid',
      where,
      offset,
      detail: `${JSON.stringify(tag)} is not a track tag`,
    });
  }
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

/** Reads the track at `offset` (bounds checked against `end`); returns it and its byte length. */
export function readTrack(
  bytes: Uint8Array,
  offset: number,
  end: number,
  where: string,
): { track: Track; byteLength: number } {
  const byteLength = trackByteLength(bytes, offset, end, where);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = readTag(bytes, offset);
  const components = TRACK_COMPONENTS[tag]!;
  const count = view.getUint32(offset + 4, true);
  const interpolation = view.getUint32(offset + 8, true);
  const globalSequenceId = view.getInt32(offset + 12, true);
  const tangents = interpolation >= FIRST_TANGENT_INTERPOLATION;
  const integer = tag === 'KMTF' || tag === 'KRTX';
  const keys: TrackKey[] = [];
  let at = offset + TRACK_HEADER_BYTES;
  const readValue = (): number[] => {
    const value: number[] = [];
    for (let component = 0; component < components; component += 1) {
      value.push(integer ? view.getUint32(at, true) : view.getFloat32(at, true));
      at += TRACK_COMPONENT_BYTES;
    }
    return value;
  };
  for (let index = 0; index < count; index += 1) {
    const frame = view.getInt32(at, true);
    at += TRACK_FRAME_BYTES;
    const value = readValue();
    if (tangents) {
      const inTangent = readValue();
      const outTangent = readValue();
      keys.push(Object.freeze({ frame, value, inTangent, outTangent }));
    } else {
      keys.push(Object.freeze({ frame, value }));
    }
  }
  const track: Track = Object.freeze({ tag, interpolation, globalSequenceId, keys: Object.freeze(keys) });
  originalTrackBytes.set(track, bytes.subarray(offset, offset + byteLength));
  return { track, byteLength };
}

/**
 * Writes a track: the bytes it was read from when it came from the reader unchanged, otherwise a
 * canonical encoding. Throws RangeError when a key's value or tangents have the wrong length.
 */
export function writeTrack(writer: BinaryWriter, track: Track): void {
  const original = originalTrackBytes.get(track);
  if (original) {
    writer.bytes(original);
    return;
  }
  const components = TRACK_COMPONENTS[track.tag];
  if (components === undefined) throw new RangeError(`unknown track tag ${JSON.stringify(track.tag)}`);
  if (!Number.isInteger(track.interpolation) || track.interpolation < 0 || track.interpolation > MAX_INTERPOLATION) {
    throw new RangeError(`interpolation ${track.interpolation} is not 0–3`);
  }
  const integer = track.tag === 'KMTF' || track.tag === 'KRTX';
  const tangents = track.interpolation >= FIRST_TANGENT_INTERPOLATION;
  const writeValue = (value: readonly number[] | undefined, what: string): void => {
    if (!value || value.length !== components) {
      throw new RangeError(`${track.tag} ${what} needs ${components} components`);
    }
    for (const component of value) {
      if (integer) writer.u32(component);
      else writer.f32(component);
    }
  };
  writer.tag(track.tag).u32(track.keys.length).u32(track.interpolation).i32(track.globalSequenceId);
  for (const key of track.keys) {
    writer.i32(key.frame);
    writeValue(key.value, 'value');
    if (tangents) {
      writeValue(key.inTangent, 'inTangent');
      writeValue(key.outTangent, 'outTangent');
    }
  }
}

/** Byte length of `track` as {@link writeTrack} writes it. */
export function writtenTrackByteLength(track: Track): number {
  const original = originalTrackBytes.get(track);
  if (original) return original.byteLength;
  const components = TRACK_COMPONENTS[track.tag] ?? 0;
  return TRACK_HEADER_BYTES + track.keys.length * trackKeyBytes(components, track.interpolation);
}

/** The interpolation's name ('none', 'linear', 'hermite', 'bezier'). */
export function interpolationName(interpolation: number): InterpolationName {
  return INTERPOLATION_NAMES[interpolation] ?? 'none';
}
