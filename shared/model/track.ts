/**
 * Keyframe tracks of the typed model (every `K???` track but KEVT): the format-neutral type, its
 * accessors, a builder for tracks made outside MDX, and the MDX reader and writer.
 *
 * A track keeps its keys interleaved as MDX stores them — per key the frame, the value's
 * components and, for Hermite and Bezier tracks, the in- and out-tangent's — in one run of 32-bit
 * words: a view of the file's bytes when aligned (a copy of the track's words otherwise), seen as
 * int32 for the frames and as the value type for the rest. So reading costs no copy and every
 * float keeps its exact bits. Read keys through {@link trackFrame}, {@link trackValue},
 * {@link trackInTangent} and {@link trackOutTangent}, or index the arrays with `stride`.
 *
 * MDX layout (shared/mdx/tracks.ts holds the size rules, this module the tag table): char[4] tag, uint32
 * keyCount, uint32 interpolation (0 none, 1 linear, 2 Hermite, 3 Bezier), int32 globalSequenceId
 * (-1: none), then the keys.
 */
import type { BinaryWriter } from '../binary/writer';
import { CodecError } from '../binary/codec-error';
import {
  FIRST_TANGENT_INTERPOLATION,
  MAX_INTERPOLATION,
  readTag,
  TRACK_HEADER_BYTES,
  trackByteLength,
} from '../mdx/tracks';
import type { MdxCursor } from '../mdx/cursor';

/** Value components of every known track tag (floats, or a uint32 for KMTF and KRTX). A format table. */
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

/** True when `tag` names a keyframe track the model knows the value size of. */
export function isTrackTag(tag: string): boolean {
  return Object.prototype.hasOwnProperty.call(TRACK_COMPONENTS, tag);
}

/** Interpolation kinds, by their stored number. */
export const INTERPOLATION = { none: 0, linear: 1, hermite: 2, bezier: 3 } as const;

/** Values of a track: floats, or uint32 for the integer tracks (KMTF texture ids, KRTX texture slots). */
export type TrackValues = Float32Array | Uint32Array;

/** One animated property. */
export interface Track {
  /** The MDX tag, which names the property within its object kind (KGTR: a node's translation…). */
  readonly tag: string;
  /** 0 none (step), 1 linear, 2 Hermite, 3 Bezier. */
  readonly interpolation: number;
  /** Index into the global sequences, or -1 when the track follows the model's sequences. */
  readonly globalSequenceId: number;
  readonly keyCount: number;
  /** Value components per key: 1, 3 or 4 (a quaternion). */
  readonly components: number;
  /** Words per key: 1 + components, or 1 + 3 × components for Hermite and Bezier. */
  readonly stride: number;
  /** The keys' words as int32: key k's frame (ms, may be negative) is `keyWords[k × stride]`. */
  readonly keyWords: Int32Array;
  /**
   * The same words as values: key k's component c is `keyValues[k × stride + 1 + c]`, its in-tangent's
   * `+ components` further, its out-tangent's `+ 2 × components`.
   */
  readonly keyValues: TrackValues;
}

/** Tags whose values are uint32 rather than float. */
const INTEGER_TRACK_TAGS: ReadonlySet<string> = new Set(['KMTF', 'KRTX']);

/** Value components of a track tag (1, 3 or 4); 0 for a tag that is not a track. */
export function trackComponents(tag: string): number {
  return TRACK_COMPONENTS[tag] ?? 0;
}

/** True for the tracks whose values are uint32 (KMTF, KRTX). */
export function isIntegerTrack(tag: string): boolean {
  return INTEGER_TRACK_TAGS.has(tag);
}

/** True for Hermite and Bezier tracks, which store tangents. */
export function hasTangents(interpolation: number): boolean {
  return interpolation >= FIRST_TANGENT_INTERPOLATION;
}

/** Words per key of a track with `components` components and `interpolation`. */
export function trackStride(components: number, interpolation: number): number {
  return 1 + components * (hasTangents(interpolation) ? 3 : 1);
}

/** The frame (ms) of key `key`. */
export function trackFrame(track: Track, key: number): number {
  return track.keyWords[key * track.stride]!;
}

/** Component `component` of key `key`'s value. */
export function trackValue(track: Track, key: number, component: number): number {
  return track.keyValues[key * track.stride + 1 + component]!;
}

/** Component `component` of key `key`'s in-tangent (Hermite and Bezier tracks only). */
export function trackInTangent(track: Track, key: number, component: number): number {
  return track.keyValues[key * track.stride + 1 + track.components + component]!;
}

/** Component `component` of key `key`'s out-tangent (Hermite and Bezier tracks only). */
export function trackOutTangent(track: Track, key: number, component: number): number {
  return track.keyValues[key * track.stride + 1 + 2 * track.components + component]!;
}

/** The frames of every key, in order (a new array). */
export function trackFrames(track: Track): number[] {
  const frames = new Array<number>(track.keyCount);
  for (let key = 0; key < track.keyCount; key += 1) frames[key] = track.keyWords[key * track.stride]!;
  return frames;
}

/** The first track of `tracks` with `tag`, or undefined. */
export function findTrack(tracks: readonly Track[], tag: string): Track | undefined {
  for (const track of tracks) if (track.tag === tag) return track;
  return undefined;
}

function trackOver(tag: string, interpolation: number, globalSequenceId: number, words: Uint32Array): Track {
  const components = TRACK_COMPONENTS[tag]!;
  const stride = trackStride(components, interpolation);
  const { buffer, byteOffset, length } = words;
  return {
    tag,
    interpolation,
    globalSequenceId,
    keyCount: length / stride,
    components,
    stride,
    keyWords: new Int32Array(buffer, byteOffset, length),
    keyValues: INTEGER_TRACK_TAGS.has(tag)
      ? new Uint32Array(buffer, byteOffset, length)
      : new Float32Array(buffer, byteOffset, length),
  };
}

/** One key for {@link createTrack}: tangents only for Hermite and Bezier tracks. */
export interface TrackKeyInit {
  readonly frame: number;
  readonly value: ArrayLike<number>;
  readonly inTangent?: ArrayLike<number>;
  readonly outTangent?: ArrayLike<number>;
}

/**
 * A track built from keys (the MDL reader's and the editors' way to make one). Throws RangeError
 * for a tag that is not a track, an interpolation outside 0–3, a frame that is not an int32, or a
 * value or tangent with the wrong number of components.
 */
export function createTrack(
  tag: string,
  interpolation: number,
  globalSequenceId: number,
  keys: readonly TrackKeyInit[],
): Track {
  const components = TRACK_COMPONENTS[tag];
  if (components === undefined) throw new RangeError(`${JSON.stringify(tag)} is not a track tag`);
  if (!Number.isInteger(interpolation) || interpolation < 0 || interpolation > MAX_INTERPOLATION)
    throw new RangeError(`${tag}: interpolation ${interpolation} is not 0–3`);
  const stride = trackStride(components, interpolation);
  const words = new Uint32Array(keys.length * stride);
  const ints = new Int32Array(words.buffer);
  const values = INTEGER_TRACK_TAGS.has(tag) ? words : new Float32Array(words.buffer);
  keys.forEach((key, index) => {
    if (!Number.isInteger(key.frame) || key.frame < -0x80000000 || key.frame > 0x7fffffff)
      throw new RangeError(`${tag} key ${index}: frame ${key.frame} is not an int32`);
    ints[index * stride] = key.frame;
    const parts = hasTangents(interpolation) ? [key.value, key.inTangent, key.outTangent] : [key.value];
    parts.forEach((part, block) => {
      if (!part || part.length !== components)
        throw new RangeError(`${tag} key ${index}: ${['value', 'inTangent', 'outTangent'][block]} needs ${components}`);
      for (let component = 0; component < components; component += 1)
        values[index * stride + 1 + block * components + component] = part[component]!;
    });
  });
  return trackOver(tag, interpolation, globalSequenceId, words);
}

/** Reads the track at the cursor (its tag must be a track tag); throws CodecError when it does not fit. */
export function readTrackMdx(cursor: MdxCursor): Track {
  const bytes = cursor.bytes;
  const at = cursor.offset;
  const components = cursor.end - at >= 4 ? trackComponents(readTag(bytes, at)) : 0;
  if (components === 0) throw cursor.error('invalid', '', `${JSON.stringify(cursor.peekTag())} is not a track tag`);
  let byteLength: number;
  try {
    byteLength = trackByteLength(bytes, at, cursor.end, cursor.path, components);
  } catch (error) {
    throw cursor.relocate(error);
  }
  const view = cursor.view;
  const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  const interpolation = view.getUint32(at + 8, true);
  const globalSequenceId = view.getInt32(at + 12, true);
  const dataStart = at + TRACK_HEADER_BYTES;
  const wordCount = (byteLength - TRACK_HEADER_BYTES) >>> 2;
  const absolute = bytes.byteOffset + dataStart;
  const words =
    (absolute & 3) === 0
      ? new Uint32Array(bytes.buffer, absolute, wordCount)
      : new Uint32Array(bytes.slice(dataStart, dataStart + wordCount * 4).buffer);
  cursor.offset = at + byteLength;
  return trackOver(tag, interpolation, globalSequenceId, words);
}

/**
 * Reads tracks from the cursor to its end. Stops at anything that is not a well-formed track
 * (recording why in `cursor.stopReason`); the caller keeps those bytes.
 */
export function readTracksMdx(cursor: MdxCursor): Track[] {
  const tracks: Track[] = [];
  while (cursor.offset < cursor.end) {
    const tag = cursor.peekTag();
    if (!isTrackTag(tag)) {
      cursor.stopReason = `${JSON.stringify(tag)} is not a track`;
      break;
    }
    try {
      tracks.push(readTrackMdx(cursor));
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      cursor.stopReason = `${error.where}: ${error.detail}`;
      break;
    }
  }
  return tracks;
}

/** Bytes of `track` in MDX. */
export function trackMdxByteLength(track: Track): number {
  return TRACK_HEADER_BYTES + track.keyWords.byteLength;
}

/** Throws RangeError unless the track's fields agree with each other and with its tag. */
export function checkTrack(track: Track): void {
  const components = TRACK_COMPONENTS[track.tag];
  if (components === undefined) throw new RangeError(`${JSON.stringify(track.tag)} is not a track tag`);
  const { interpolation } = track;
  if (!Number.isInteger(interpolation) || interpolation < 0 || interpolation > MAX_INTERPOLATION)
    throw new RangeError(`${track.tag}: interpolation ${interpolation} is not 0–3`);
  const stride = trackStride(components, interpolation);
  if (track.components !== components || track.stride !== stride)
    throw new RangeError(`${track.tag}: ${track.components} components and stride ${track.stride} do not match`);
  if (track.keyWords.length !== track.keyCount * stride || track.keyValues.length !== track.keyWords.length)
    throw new RangeError(`${track.tag}: ${track.keyWords.length} words for ${track.keyCount} keys of ${stride}`);
}

/** Writes a track. Throws RangeError when its fields do not agree (see {@link checkTrack}). */
export function writeTrackMdx(writer: BinaryWriter, track: Track): void {
  checkTrack(track);
  writer.tag(track.tag).u32(track.keyCount).u32(track.interpolation).i32(track.globalSequenceId);
  const words = track.keyWords;
  writer.bytes(new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
}

/** Writes tracks in order. */
export function writeTracksMdx(writer: BinaryWriter, tracks: readonly Track[]): void {
  for (const track of tracks) writeTrackMdx(writer, track);
}
