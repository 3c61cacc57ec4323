/**
 * Keyframe tracks of the typed model (every `K???` track but KEVT): the format-neutral type and its
 * MDX reader and writer. A track keeps its keys as typed arrays — frames, values and, for Hermite
 * and Bezier tracks, in- and out-tangents — copied word by word from the file, so every float keeps
 * its exact bits (NaN payloads included).
 *
 * MDX layout (see shared/mdx/tracks.ts for the tag table and the size rules): char[4] tag, uint32
 * keyCount, uint32 interpolation (0 none, 1 linear, 2 Hermite, 3 Bezier), int32 globalSequenceId
 * (-1: none), then per key int32 frame, value, and for interpolation 2 and 3 inTangent, outTangent.
 */
import type { BinaryWriter } from '../binary/writer';
import { CodecError } from '../binary/codec-error';
import {
  FIRST_TANGENT_INTERPOLATION,
  MAX_INTERPOLATION,
  TRACK_COMPONENTS,
  TRACK_HEADER_BYTES,
  isTrackTag,
  trackByteLength,
} from '../mdx/tracks';
import type { MdxCursor } from './mdx-cursor';

/** Interpolation kinds, by their stored number. */
export const INTERPOLATION = { none: 0, linear: 1, hermite: 2, bezier: 3 } as const;

/** Values of a track: floats, or uint32 for the integer tracks (KMTF texture ids, KRTX texture slots). */
export type TrackValues = Float32Array | Uint32Array;

/** One animated property. Arrays hold `frames.length` keys; values and tangents `components` numbers per key. */
export interface Track {
  /** The MDX tag, which names the property within its object kind (KGTR: a node's translation…). */
  readonly tag: string;
  /** 0 none (step), 1 linear, 2 Hermite, 3 Bezier. */
  readonly interpolation: number;
  /** Index into the global sequences, or -1 when the track follows the model's sequences. */
  readonly globalSequenceId: number;
  /** Key times in ms (int32: some models hold negative times). */
  readonly frames: Int32Array;
  readonly values: TrackValues;
  /** Hermite and Bezier tracks only; null otherwise. */
  readonly inTangents: TrackValues | null;
  readonly outTangents: TrackValues | null;
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

/** The first track of `tracks` with `tag`, or undefined. */
export function findTrack(tracks: readonly Track[], tag: string): Track | undefined {
  for (const track of tracks) if (track.tag === tag) return track;
  return undefined;
}

/** Reads the track at the cursor (its tag must be a track tag); throws CodecError when it does not fit. */
export function readTrackMdx(cursor: MdxCursor): Track {
  const bytes = cursor.bytes;
  const at = cursor.offset;
  let byteLength: number;
  try {
    byteLength = trackByteLength(bytes, at, cursor.end, cursor.path);
  } catch (error) {
    throw cursor.relocate(error);
  }
  const view = cursor.view;
  const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  const components = TRACK_COMPONENTS[tag]!;
  const count = view.getUint32(at + 4, true);
  const interpolation = view.getUint32(at + 8, true);
  const globalSequenceId = view.getInt32(at + 12, true);
  const tangents = interpolation >= FIRST_TANGENT_INTERPOLATION;
  const keyWords = 1 + components * (tangents ? 3 : 1);
  const valueWords = count * components;
  const words = new Uint32Array(count * keyWords);
  let source = at + TRACK_HEADER_BYTES;
  for (let key = 0; key < count; key += 1) {
    words[key] = view.getUint32(source, true);
    source += 4;
    let target = count + key * components;
    for (let component = 0; component < components; component += 1, source += 4)
      words[target + component] = view.getUint32(source, true);
    if (tangents) {
      target += valueWords;
      for (let component = 0; component < components; component += 1, source += 4)
        words[target + component] = view.getUint32(source, true);
      target += valueWords;
      for (let component = 0; component < components; component += 1, source += 4)
        words[target + component] = view.getUint32(source, true);
    }
  }
  cursor.offset = at + byteLength;
  const buffer = words.buffer;
  const integer = INTEGER_TRACK_TAGS.has(tag);
  const array = (start: number): TrackValues =>
    integer ? new Uint32Array(buffer, start * 4, valueWords) : new Float32Array(buffer, start * 4, valueWords);
  return {
    tag,
    interpolation,
    globalSequenceId,
    frames: new Int32Array(buffer, 0, count),
    values: array(count),
    inTangents: tangents ? array(count + valueWords) : null,
    outTangents: tangents ? array(count + 2 * valueWords) : null,
  };
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
  return TRACK_HEADER_BYTES + track.values.length * 4 * (track.inTangents ? 3 : 1) + track.frames.length * 4;
}

function words(values: TrackValues): Uint32Array {
  return values instanceof Uint32Array ? values : new Uint32Array(values.buffer, values.byteOffset, values.length);
}

/** Throws RangeError unless the track's arrays agree with its tag and interpolation. */
export function checkTrack(track: Track): void {
  const components = TRACK_COMPONENTS[track.tag];
  if (components === undefined) throw new RangeError(`${JSON.stringify(track.tag)} is not a track tag`);
  const { interpolation } = track;
  if (!Number.isInteger(interpolation) || interpolation < 0 || interpolation > MAX_INTERPOLATION)
    throw new RangeError(`${track.tag}: interpolation ${interpolation} is not 0–3`);
  const expected = track.frames.length * components;
  const tangentArrays = [track.inTangents, track.outTangents];
  if (track.values.length !== expected)
    throw new RangeError(`${track.tag}: ${track.values.length} values for ${track.frames.length} keys`);
  for (const tangents of tangentArrays) {
    if (hasTangents(interpolation) ? tangents?.length !== expected : tangents !== null)
      throw new RangeError(`${track.tag}: tangents do not match interpolation ${interpolation}`);
  }
}

/** Writes a track. Throws RangeError when its arrays do not agree with its tag and interpolation. */
export function writeTrackMdx(writer: BinaryWriter, track: Track): void {
  checkTrack(track);
  const count = track.frames.length;
  const components = TRACK_COMPONENTS[track.tag]!;
  const byteLength = trackMdxByteLength(track);
  const view = writer.ensureCapacity(byteLength);
  let at = writer.offset;
  for (let index = 0; index < 4; index += 1) view.setUint8(at + index, track.tag.charCodeAt(index) & 0xff);
  view.setUint32(at + 4, count, true);
  view.setUint32(at + 8, track.interpolation, true);
  view.setInt32(at + 12, track.globalSequenceId, true);
  at += TRACK_HEADER_BYTES;
  const values = words(track.values);
  const inTangents = track.inTangents ? words(track.inTangents) : null;
  const outTangents = track.outTangents ? words(track.outTangents) : null;
  for (let key = 0; key < count; key += 1) {
    view.setInt32(at, track.frames[key]!, true);
    at += 4;
    const base = key * components;
    for (let component = 0; component < components; component += 1, at += 4)
      view.setUint32(at, values[base + component]!, true);
    if (inTangents && outTangents) {
      for (let component = 0; component < components; component += 1, at += 4)
        view.setUint32(at, inTangents[base + component]!, true);
      for (let component = 0; component < components; component += 1, at += 4)
        view.setUint32(at, outTangents[base + component]!, true);
    }
  }
  writer.offset = at;
}

/** Writes tracks in order. */
export function writeTracksMdx(writer: BinaryWriter, tracks: readonly Track[]): void {
  for (const track of tracks) writeTrackMdx(writer, track);
}
