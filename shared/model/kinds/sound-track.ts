/**
 * SNDS: sound tracks, 272 bytes each — char[260] fileName, float volume, float pitch, uint32
 * flags. Only pre-release models have them; kept for completeness.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import type { MdlStatement } from '../../mdl/tree';
import { blockName, blockRules, nameField, printRules, readCountedList, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of one sound track. */
export const SOUND_TRACK_BYTES = 272;
/** Bytes of its file name. */
export const SOUND_TRACK_FILE_NAME_BYTES = 260;

/** A sound track. */
export interface SoundTrack {
  readonly fileName: string;
  readonly fileNameBytes?: Uint8Array;
  readonly volume: number;
  readonly pitch: number;
  readonly flags: number;
}

/** Reads the sound track at the cursor. */
export function readSoundTrackMdx(cursor: MdxCursor): SoundTrack {
  cursor.need(SOUND_TRACK_BYTES, '');
  const { name, nameBytes } = cursor.name(SOUND_TRACK_FILE_NAME_BYTES, 'fileName');
  return {
    fileName: name,
    fileNameBytes: nameBytes,
    volume: cursor.f32('volume'),
    pitch: cursor.f32('pitch'),
    flags: cursor.u32('flags'),
  };
}

/** Writes a sound track. */
export function writeSoundTrackMdx(writer: BinaryWriter, sound: SoundTrack): void {
  writer.bytes(encodeName(sound.fileName, SOUND_TRACK_FILE_NAME_BYTES, sound.fileNameBytes));
  writer.f32(sound.volume).f32(sound.pitch).u32(sound.flags);
}

/** The SNDS chunk. */
export const soundTracksChunkMdx: ChunkCodec<SoundTrack[]> = {
  read: (cursor) => readObjects(cursor, 'SNDS', readSoundTrackMdx),
  write: (writer, sounds) => sounds.forEach((sound) => writeSoundTrackMdx(writer, sound)),
};

/**
 * MDL has no block of its own for the pre-release sound tracks; this one is ours:
 * `SoundTracks N { SoundTrack "file" { Volume 1, Pitch 1, Flags 0, } … }`.
 */
const SOUND_TRACK_MDL = blockRules([
  {
    kind: 'scalar',
    keyword: 'Volume',
    field: 'volume',
    type: 'f32',
    ...mdlDefault('SoundTrack.Volume'),
    print: 'always',
  },
  { kind: 'scalar', keyword: 'Pitch', field: 'pitch', type: 'f32', ...mdlDefault('SoundTrack.Pitch'), print: 'always' },
  {
    kind: 'scalar',
    keyword: 'Flags',
    field: 'flags',
    type: 'u32',
    ...mdlDefault('SoundTrack.Flags'),
    print: 'nondefault',
  },
]);

/** Reads `SoundTracks N { SoundTrack "file" { … } … }`. */
export function readSoundTracksMdl(context: MdlReadContext, block: MdlStatement): SoundTrack[] {
  return readCountedList(context, block, 'SoundTrack', (child) => {
    const { draft } = readRuleBlock(context, child, SOUND_TRACK_MDL);
    const file = nameField(blockName(context, child, SOUND_TRACK_FILE_NAME_BYTES), SOUND_TRACK_FILE_NAME_BYTES);
    return {
      fileName: file.name,
      fileNameBytes: file.bytes,
      volume: draft.volume,
      pitch: draft.pitch,
      flags: draft.flags,
    };
  });
}

/**
 * Prints the SoundTracks block: an extension (see MdlPrintOptions), since no other tool's MDL has one —
 * without the option, the sound tracks are left out with a warning.
 */
export function printSoundTracksMdl(writer: MdlWriter, sounds: readonly SoundTrack[]): void {
  if (!writer.extensions) {
    const what = `${sounds.length} sound track${sounds.length === 1 ? '' : 's'} (pre-release SNDS)`;
    writer.warn(
      'SNDS',
      `the model has ${what}, for which no MDL keyword exists; they are left out`,
      'mdl.unnamed-value',
    );
    return;
  }
  writer.open('SoundTracks', undefined, sounds.length);
  for (const sound of sounds) {
    writer.open('SoundTrack', sound.fileName);
    printRules(writer, sound, [], SOUND_TRACK_MDL, `SoundTrack "${sound.fileName}"`);
    writer.close();
  }
  writer.close();
}
