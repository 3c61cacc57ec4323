/**
 * SEQS: 132-byte sequences — char[80] name, uint32 interval[2], float moveSpeed, uint32 flags
 * (1: non looping), float rarity, uint32 syncPoint, Extent extent.
 */
import { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import { MdxCursor } from '../../mdx/cursor';
import { entryCount } from './body';
import { EXTENT_MDL_RULES, extentOfDraft, readExtentMdx, writeExtent, type Extent } from './extent';
import type { MdlStatement } from '../../mdl/tree';
import { blockName, blockRules, nameField, printRules, readCountedList, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of one sequence. */
export const SEQUENCE_BYTES = 132;
/** Bytes of the sequence name field. */
export const SEQUENCE_NAME_BYTES = 80;
/** Byte offsets of a sequence's fields. */
export const SEQUENCE_FIELD_OFFSET = {
  name: 0,
  start: 80,
  end: 84,
  moveSpeed: 88,
  flags: 92,
  rarity: 96,
  syncPoint: 100,
  extent: 104,
} as const;
/** Flag bit of a sequence that plays once. */
export const SEQUENCE_FLAG_NON_LOOPING = 0x1;

/** One sequence (animation). */
export interface Sequence {
  readonly name: string;
  readonly nameBytes: Uint8Array;
  /** Interval start, ms. */
  readonly start: number;
  /** Interval end, ms. */
  readonly end: number;
  readonly moveSpeed: number;
  readonly flags: number;
  readonly nonLooping: boolean;
  readonly rarity: number;
  readonly syncPoint: number;
  readonly extent: Extent;
}

/** Reads the sequence at the cursor. */
export function readSequenceMdx(cursor: MdxCursor): Sequence {
  const { name, nameBytes } = cursor.name(SEQUENCE_NAME_BYTES, 'name');
  const start = cursor.u32('start');
  const end = cursor.u32('end');
  const moveSpeed = cursor.f32('moveSpeed');
  const flags = cursor.u32('flags');
  return {
    name,
    nameBytes,
    start,
    end,
    moveSpeed,
    flags,
    nonLooping: (flags & SEQUENCE_FLAG_NON_LOOPING) !== 0,
    rarity: cursor.f32('rarity'),
    syncPoint: cursor.u32('syncPoint'),
    extent: readExtentMdx(cursor, 'extent'),
  };
}

/** Reads SEQS at the cursor (the whole body); throws CodecError when its size is not a multiple of 132. */
export function readSequencesMdx(cursor: MdxCursor): Sequence[] {
  entryCount(cursor.bytes, SEQUENCE_BYTES, 'SEQS', cursor.origin);
  return readObjects(cursor, 'SEQS', readSequenceMdx);
}

/** Reads SEQS; throws CodecError when the size is not a multiple of 132. */
export function readSequences(body: Uint8Array, bodyOffset = 0): Sequence[] {
  return readSequencesMdx(new MdxCursor(body, bodyOffset, 'SEQS'));
}

/** Writes SEQS. `flags` is written as given (`nonLooping` is derived from it on read). */
export function writeSequences(sequences: readonly Sequence[]): Uint8Array {
  const writer = new BinaryWriter(sequences.length * SEQUENCE_BYTES);
  for (const sequence of sequences) {
    writer.bytes(encodeName(sequence.name, SEQUENCE_NAME_BYTES, sequence.nameBytes));
    writer.u32(sequence.start).u32(sequence.end).f32(sequence.moveSpeed).u32(sequence.flags);
    writer.f32(sequence.rarity).u32(sequence.syncPoint);
    writeExtent(writer, sequence.extent);
  }
  return writer.finish();
}

/** The SEQS chunk. */
export const sequencesChunkMdx: ChunkCodec<Sequence[]> = {
  read: readSequencesMdx,
  write: (writer, sequences) => {
    writer.bytes(writeSequences(sequences));
  },
};

const SEQUENCE_MDL = blockRules([
  {
    kind: 'vector',
    keyword: 'Interval',
    field: 'interval',
    type: 'u32',
    length: 2,
    ...mdlDefault('Anim.Interval'),
    print: 'always',
  },
  { kind: 'flag', keyword: 'NonLooping', field: 'flags', bit: SEQUENCE_FLAG_NON_LOOPING },
  {
    kind: 'scalar',
    keyword: 'MoveSpeed',
    field: 'moveSpeed',
    type: 'f32',
    ...mdlDefault('Anim.MoveSpeed'),
    print: 'nondefault',
  },
  {
    kind: 'scalar',
    keyword: 'Rarity',
    field: 'rarity',
    type: 'f32',
    ...mdlDefault('Anim.Rarity'),
    print: 'nondefault',
  },
  // No tool's MDL names the sync point (mdx-m3-viewer and Retera's Model Studio read it from MDX only): an extension.
  {
    kind: 'scalar',
    keyword: 'SyncPoint',
    field: 'syncPoint',
    type: 'u32',
    ...mdlDefault('Anim.SyncPoint'),
    print: 'nondefault',
    extension: true,
  },
  ...EXTENT_MDL_RULES,
  { kind: 'flags', keyword: 'Flags', field: 'flags' },
]);

/** Reads `Anim "name" { Interval { 333, 1333 }, … }`. */
export function readSequenceMdl(context: MdlReadContext, block: MdlStatement): Sequence {
  const { draft } = readRuleBlock(context, block, SEQUENCE_MDL);
  const { name, bytes: nameBytes } = nameField(
    blockName(context, block, SEQUENCE_NAME_BYTES),
    SEQUENCE_NAME_BYTES,
    context.buffers,
  );
  const [start, end] = draft.interval;
  const flags = draft.flags;
  return {
    name,
    nameBytes,
    start,
    end,
    moveSpeed: draft.moveSpeed,
    flags,
    nonLooping: (flags & SEQUENCE_FLAG_NON_LOOPING) !== 0,
    rarity: draft.rarity,
    syncPoint: draft.syncPoint,
    extent: extentOfDraft(draft),
  };
}

/** Reads `Sequences N { Anim "name" { … } … }` (a count that disagrees with the Anim blocks is an error). */
export function readSequencesMdl(context: MdlReadContext, block: MdlStatement): Sequence[] {
  return readCountedList(context, block, 'Anim', (child) => readSequenceMdl(context, child));
}

/** Prints the Sequences block. */
export function printSequencesMdl(writer: MdlWriter, sequences: readonly Sequence[]): void {
  writer.open('Sequences', undefined, sequences.length);
  for (const sequence of sequences) printSequenceMdl(writer, sequence);
  writer.close();
}

/** Prints one `Anim` block. */
export function printSequenceMdl(writer: MdlWriter, sequence: Sequence): void {
  writer.open('Anim', sequence.name);
  const where = `Anim "${sequence.name}"`;
  printRules(
    writer,
    { ...sequence, ...sequence.extent, interval: [sequence.start, sequence.end] },
    [],
    SEQUENCE_MDL,
    where,
  );
  writer.close();
}
