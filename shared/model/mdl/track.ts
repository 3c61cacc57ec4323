/**
 * Tracks in MDL:
 *
 *     Translation 2 {
 *         Hermite,
 *         GlobalSeqId 0,
 *         333: { 0, 0, 1 },
 *             InTan { 0, 0, 1 },
 *             OutTan { 0, 0, 1 },
 *         …
 *     }
 *
 * The interpolation word comes first, `GlobalSeqId` only when the track has one (not -1), each
 * key as `frame: value` (a number, or `{ … }` for a vector), Hermite and Bezier keys followed by
 * their `InTan` and `OutTan`. Colour tracks keep the order the MDX stores (only static colours
 * are written reversed, as Retera's Model Studio and mdx-m3-viewer do). Reading accepts the parts
 * in any order a writer left them, keeps what it can read and reports the rest.
 */
import { FIRST_TANGENT_INTERPOLATION } from '../../mdx/tracks';
import { registerScratch } from '../../mdl/scratch';
import { TRACK_COMPONENTS } from '../track';
import { INTERPOLATION, isIntegerTrack, trackStride, type Track } from '../track';
import { checkedInteger, type MdlEntry, type MdlReadContext } from './reader';
import { Growing32, ValueToken, type ValueScanner } from './scanner';
import type { MdlWriter } from './writer';

/** Tangents of a track without them: never written to (a tangent before the interpolation is out of place). */
const NO_VALUES = new Growing32(0);

/** The working buffers of {@link readTrackMdl} (a track is read whole before the next one starts). */
const scratchFrames = new Growing32(256);
const scratchValues = new Growing32(1024);
const scratchInTangents = new Growing32(1024);
const scratchOutTangents = new Growing32(1024);

/** Where ValueScanner.plainKeys reads keys in a track's layout. */
const scratchKeys = new Growing32(4096);

/**
 * Each working buffer with the most values it keeps after a track: twice its first room (a longer track's room goes
 * with its read). 58 KiB in all: with the vector reader's 4 KiB, within READ_BUFFERS_SHARE_BYTES.
 */
const TRACK_SCRATCH: readonly (readonly [Growing32, number])[] = [
  [scratchFrames, 512],
  [scratchValues, 2048],
  [scratchInTangents, 2048],
  [scratchOutTangents, 2048],
  [scratchKeys, 8192],
];
registerScratch('MDL tracks: reading buffers', () =>
  TRACK_SCRATCH.reduce((sum, [scratch]) => sum + scratch.floats.byteLength, 0),
);

/** Appends keys read in a track's layout to the token loop's buffers: frames, values and tangents apart. */
function spreadKeys(
  keys: Growing32,
  components: number,
  tangents: boolean,
  frames: Growing32,
  values: Growing32,
  inTangents: Growing32,
  outTangents: Growing32,
): void {
  const words = keys.words;
  const stride = tangents ? 1 + 3 * components : 1 + components;
  for (let key = 0; key < keys.length; key += stride) {
    frames.pushWord(words[key]!);
    for (let component = 1; component <= components; component += 1) {
      values.pushWord(words[key + component]!);
      if (!tangents) continue;
      inTangents.pushWord(words[key + components + component]!);
      outTangents.pushWord(words[key + 2 * components + component]!);
    }
  }
}

/** MDL words of the interpolation kinds, by their stored number. */
export const INTERPOLATION_WORDS = ['DontInterp', 'Linear', 'Hermite', 'Bezier'] as const;

/** The interpolation the scanner's current word names (compared byte by byte, nothing decoded), or -1. */
function interpolationOf(scanner: ValueScanner): number {
  for (let interpolation = 0; interpolation < INTERPOLATION_WORDS.length; interpolation += 1)
    if (scanner.isWord(INTERPOLATION_WORDS[interpolation]!)) return interpolation;
  return -1;
}

/**
 * Writes one value of an integer track's key (a number, or `{ … }` for a vector) from `values[start, start +
 * components)`; float tracks lay whole lines ({@link MdlWriter.floatKeyLine}).
 */
function writeIntegerValue(writer: MdlWriter, track: Track, start: number): void {
  const values = track.keyValues;
  if (track.components === 1) writer.unsigned(values[start]!);
  else writer.integerGroup(values, start, track.components, false);
}

/** Writes `track` as the block `keyword`. */
export function printTrackMdl(writer: MdlWriter, keyword: string, track: Track, where: string): void {
  const { keyWords, stride, components, keyCount } = track;
  const tangents = track.interpolation >= FIRST_TANGENT_INTERPOLATION;
  const integer = isIntegerTrack(track.tag);
  const label = `${where} ${keyword}`;
  writer.open(keyword, undefined, keyCount);
  writer.flag(INTERPOLATION_WORDS[track.interpolation]!);
  if (track.globalSequenceId !== -1) writer.integerStatement('GlobalSeqId', track.globalSequenceId);
  for (let key = 0; key < keyCount; key += 1) {
    const at = key * stride;
    if (!integer) {
      // A float track's lines, each laid in one room (the common case: every animated position, rotation, scale).
      writer.floatKeyLine(null, keyWords[at]!, track.keyValues, at + 1, components, label);
      if (tangents) {
        writer.depth += 1;
        writer.floatKeyLine('InTan', 0, track.keyValues, at + 1 + components, components, label);
        writer.floatKeyLine('OutTan', 0, track.keyValues, at + 1 + 2 * components, components, label);
        writer.depth -= 1;
      }
      continue;
    }
    writer.indent();
    writer.integer(keyWords[at]!);
    writer.byte(0x3a); // ':'
    writer.byte(0x20);
    writeIntegerValue(writer, track, at + 1);
    writer.endStatement();
    if (tangents) {
      writer.depth += 1;
      writer.key('InTan');
      writeIntegerValue(writer, track, at + 1 + components);
      writer.endStatement();
      writer.key('OutTan');
      writeIntegerValue(writer, track, at + 1 + 2 * components);
      writer.endStatement();
      writer.depth -= 1;
    }
  }
  writer.close();
}

/** Pushes the scanner's current token to `into` as one value; false (with an error) when it is not a number. */
function pushNumber(
  context: MdlReadContext,
  entry: MdlEntry,
  scanner: ValueScanner,
  token: ValueToken,
  integer: boolean,
  into: Growing32,
): boolean {
  if (token !== ValueToken.Number) {
    context.invalid(entry, `expected a number, found ${JSON.stringify(scanner.text().slice(0, 40))}`, scanner.start);
    return false;
  }
  if (integer) {
    const value = checkedInteger(scanner.number, 'u32');
    if (value === undefined) context.invalid(entry, `expected an integer, found "${scanner.text()}"`, scanner.start);
    into.pushWord(value ?? 0);
  } else into.pushFloat(scanner.number, scanner.negativeNaN);
  return true;
}

/** Reads one value of `components` into `into` (a number, or a `{ … }` vector); false when the text holds none. */
function readValue(
  context: MdlReadContext,
  entry: MdlEntry,
  scanner: ValueScanner,
  components: number,
  integer: boolean,
  into: Growing32,
): boolean {
  let token = scanner.next();
  if (token !== ValueToken.Open) {
    if (components !== 1) {
      context.invalid(entry, `expected a { } of ${components} numbers`, scanner.start);
      return false;
    }
    return pushNumber(context, entry, scanner, token, integer, into);
  }
  const start = into.length;
  if (!integer) scanner.floatRun(into);
  for (token = scanner.next(); token !== ValueToken.Close && token !== ValueToken.End; token = scanner.next()) {
    if (!pushNumber(context, entry, scanner, token, integer, into) && token === ValueToken.Open) scanner.skipGroup();
  }
  const count = into.length - start;
  if (count !== components) {
    context.invalid(entry, `a value holds ${count} numbers; it should hold ${components}`, scanner.start);
    into.length = start;
    for (let component = 0; component < components; component += 1) into.pushWord(0);
  }
  return true;
}

/**
 * Reads the track block of `entry` as the track `tag`, or undefined when it is not a block. Keys
 * it cannot read are reported and left out; a missing tangent reads as zeros, with an error.
 */
export function readTrackMdl(context: MdlReadContext, entry: MdlEntry, tag: string): Track | undefined {
  try {
    return readTrackKeys(context, entry, tag);
  } finally {
    for (const [scratch, most] of TRACK_SCRATCH) scratch.release(most);
  }
}

/** {@link readTrackMdl}, in the working buffers (which it leaves as they are). */
function readTrackKeys(context: MdlReadContext, entry: MdlEntry, tag: string): Track | undefined {
  const components = TRACK_COMPONENTS[tag]!;
  const integer = isIntegerTrack(tag);
  const declared = context.declaredCount(entry);
  const scanner = context.group(entry);
  if (!scanner) return undefined;
  // The keys are gathered in buffers kept from track to track (grown by doubling, never sized by a count the
  // text declares) and copied into the track's own words at the end.
  const frames = scratchFrames;
  const values = scratchValues;
  frames.length = 0;
  values.length = 0;
  // Tangents once the interpolation says there are any; values read to be dropped go to scrap.
  let inTangents = NO_VALUES;
  let outTangents = NO_VALUES;
  let scrap: Growing32 | null = null;
  const discarded = () => (scrap ??= new Growing32(4));
  let interpolation = -1;
  let globalSequenceId = -1;
  let missingTangents = false;
  let strayTangents = false;
  const plainKeys = scratchKeys;
  let allPlain = false;
  for (;;) {
    // Keys in the plain form are read in one loop (ValueScanner.plainKeys), once the interpolation says whether
    // they have tangents and while every key read so far has its own; anything else token by token, below.
    const tangentsSoFar = frames.length * components;
    if (
      interpolation >= 0 &&
      !integer &&
      (inTangents === NO_VALUES || (inTangents.length === tangentsSoFar && outTangents.length === tangentsSoFar))
    ) {
      const tangents = inTangents !== NO_VALUES;
      plainKeys.length = 0;
      scanner.plainKeys(components, tangents, plainKeys);
      // A track whose keys are all plain is read in its own layout; keys read before another form are spread out.
      if (frames.length === 0 && scanner.onlySeparatorsLeft()) {
        allPlain = true;
        break;
      }
      spreadKeys(plainKeys, components, tangents, frames, values, inTangents, outTangents);
    }
    const token = scanner.next();
    if (token === ValueToken.End) break;
    if (token === ValueToken.Number) {
      const frame = checkedInteger(scanner.number, 'i32');
      if (frame === undefined || scanner.number >= 0x80000000) {
        context.invalid(entry, `a frame must be a 32-bit integer, not "${scanner.text()}"`, scanner.start);
        if (!readValue(context, entry, scanner, components, integer, discarded())) break;
        continue;
      }
      if (!readValue(context, entry, scanner, components, integer, values)) break;
      frames.pushWord(frame >>> 0);
      continue;
    }
    if (token !== ValueToken.Word) {
      context.invalid(entry, `unexpected ${JSON.stringify(scanner.text().slice(0, 40))}`, scanner.start);
      if (token === ValueToken.Open) scanner.skipGroup();
      continue;
    }
    const inTangent = scanner.isWord('InTan');
    if (inTangent || scanner.isWord('OutTan')) {
      const target = inTangent ? inTangents : outTangents;
      // A tangent belongs to the last key read of a Hermite or Bezier track; any other is out of place.
      if (target === NO_VALUES || frames.length === 0 || target.length !== (frames.length - 1) * components) {
        strayTangents = true;
        readValue(context, entry, scanner, components, integer, discarded());
        continue;
      }
      readValue(context, entry, scanner, components, integer, target);
    } else if (scanner.isWord('GlobalSeqId')) {
      const at = scanner.start;
      const value = scanner.next() === ValueToken.Number ? checkedInteger(scanner.number, 'i32') : undefined;
      if (value === undefined) context.invalid(entry, 'GlobalSeqId needs an integer', at);
      else globalSequenceId = value;
    } else if (interpolationOf(scanner) >= 0) {
      const named = interpolationOf(scanner);
      if (interpolation >= 0 && interpolation !== named)
        context.invalid(entry, `a second interpolation (${scanner.text()})`, scanner.start);
      else interpolation = named;
      if (interpolation >= FIRST_TANGENT_INTERPOLATION && inTangents === NO_VALUES) {
        inTangents = scratchInTangents;
        outTangents = scratchOutTangents;
        inTangents.length = 0;
        outTangents.length = 0;
      }
    } else context.invalid(entry, `unexpected word "${scanner.text().slice(0, 40)}"`, scanner.start);
  }
  if (interpolation < 0) {
    context.report(
      'warning',
      entry.statement,
      entry.offset,
      'mdl.track-without-interpolation',
      `${entry.key} names no interpolation (DontInterp, Linear, Hermite or Bezier); it is read as DontInterp`,
    );
    interpolation = INTERPOLATION.none;
  }
  const tangents = interpolation >= FIRST_TANGENT_INTERPOLATION;
  const stride = trackStride(components, interpolation);
  const keyCount = allPlain ? plainKeys.length / stride : frames.length;
  context.checkCount(entry, declared, keyCount, 'keys');
  // Two views of the track's words, and no other: keyWords (frames) and keyValues (values and tangents, as floats or
  // words). Words are written through keyWords: a uint32 stored in an Int32Array keeps its bits.
  const keyWords = context.buffers.words(keyCount * stride);
  const keyValues = integer
    ? new Uint32Array(keyWords.buffer, keyWords.byteOffset, keyWords.length)
    : new Float32Array(keyWords.buffer, keyWords.byteOffset, keyWords.length);
  // Float32Array to Float32Array: a copy of the bytes (a set between arrays of one type keeps every bit, NaNs too).
  if (allPlain) keyValues.set(plainKeys.floats.subarray(0, keyCount * stride));
  const valueWords = values.words;
  const inWords = inTangents.words;
  const outWords = outTangents.words;
  const tangentsComplete = inTangents.length >= keyCount * components && outTangents.length >= keyCount * components;
  for (let key = 0; !allPlain && key < keyCount; key += 1) {
    const at = key * stride;
    const from = key * components;
    keyWords[at] = frames.words[key]!;
    for (let component = 0; component < components; component += 1)
      keyWords[at + 1 + component] = valueWords[from + component]!;
    if (!tangents) continue;
    if (tangentsComplete || (inTangents.length >= from + components && outTangents.length >= from + components)) {
      for (let component = 0; component < components; component += 1) {
        keyWords[at + 1 + components + component] = inWords[from + component]!;
        keyWords[at + 1 + 2 * components + component] = outWords[from + component]!;
      }
    } else missingTangents = true;
  }
  if (missingTangents)
    context.invalid(entry, `a ${INTERPOLATION_WORDS[interpolation]} key has no InTan or OutTan; zeros are used`);
  if (strayTangents || (!tangents && inTangents.length + outTangents.length > 0))
    context.invalid(entry, 'InTan or OutTan out of place (they follow a key of a Hermite or Bezier track)');
  return {
    tag,
    interpolation,
    globalSequenceId,
    keyCount,
    components,
    stride,
    keyWords,
    keyValues,
  };
}
