/**
 * GLBS: uint32 durations (ms) of the global sequences.
 */
import type { ChunkCodec } from '../chunk-codec';
import { bodyView, entryCount } from './body';
import type { MdlStatement } from '../../mdl/tree';
import { MdlEntry, type MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';

/** Bytes of one global sequence. */
export const GLOBAL_SEQUENCE_BYTES = 4;

/** Reads GLBS; throws CodecError when the size is not a multiple of 4. */
export function readGlobalSequences(body: Uint8Array, bodyOffset = 0): number[] {
  const count = entryCount(body, GLOBAL_SEQUENCE_BYTES, 'GLBS', bodyOffset);
  const view = bodyView(body);
  const durations: number[] = [];
  for (let index = 0; index < count; index += 1) durations.push(view.getUint32(index * GLOBAL_SEQUENCE_BYTES, true));
  return durations;
}

/** Writes GLBS. */
export function writeGlobalSequences(durations: readonly number[]): Uint8Array {
  const body = new Uint8Array(durations.length * GLOBAL_SEQUENCE_BYTES);
  const view = new DataView(body.buffer);
  durations.forEach((duration, index) => view.setUint32(index * GLOBAL_SEQUENCE_BYTES, duration, true));
  return body;
}

/** The GLBS chunk. */
export const globalSequencesChunkMdx: ChunkCodec<number[]> = {
  read: (cursor) => readGlobalSequences(cursor.bytes, cursor.origin),
  write: (writer, durations) => {
    for (const duration of durations) writer.u32(duration);
  },
};

/** Reads `GlobalSequences N { Duration 1000, … }`. */
export function readGlobalSequencesMdl(context: MdlReadContext, block: MdlStatement): number[] {
  const durations: number[] = [];
  const header = new MdlEntry(block, block.keyword, false, block.first, block.first + 1);
  const declared = context.declaredCount(header);
  context.entries(block, (entry) => {
    if (entry.key !== 'Duration') return false;
    const duration = context.integer(entry, 'u32');
    if (duration !== undefined) durations.push(duration);
    return true;
  });
  context.checkCount(header, declared, durations.length, 'durations');
  return durations;
}

/** Prints the GlobalSequences block. */
export function printGlobalSequencesMdl(writer: MdlWriter, durations: readonly number[]): void {
  writer.open('GlobalSequences', undefined, durations.length);
  for (const duration of durations) writer.unsignedStatement('Duration', duration);
  writer.close();
}
