/**
 * PIVT: float[3] pivot point per node, indexed by objectId.
 */
import { float32View } from '../../binary/reader';
import { writeArray, type ChunkCodec } from '../chunk-codec';
import { entryCount } from './body';
import type { MdlStatement } from '../../mdl/tree';
import { MdlEntry, type MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';

/** Bytes of one pivot point. */
export const PIVOT_BYTES = 12;
/** Floats of one pivot point. */
export const PIVOT_FLOATS = 3;

/**
 * Reads PIVT as a Float32Array of x, y, z per objectId (a view of the file's bytes when aligned: do not write to it);
 * throws CodecError when the size is not a multiple of 12.
 */
export function readPivots(body: Uint8Array, bodyOffset = 0): Float32Array {
  const count = entryCount(body, PIVOT_BYTES, 'PIVT', bodyOffset);
  return float32View(body, 0, count * PIVOT_FLOATS);
}

/** Writes PIVT from x, y, z triples (a Float32Array's floats keep their exact bits). */
export function writePivots(points: ArrayLike<number>): Uint8Array {
  if (points.length % PIVOT_FLOATS !== 0) throw new RangeError(`${points.length} floats are not whole pivot points`);
  if (points instanceof Float32Array)
    return new Uint8Array(points.buffer, points.byteOffset, points.byteLength).slice();
  const body = new Uint8Array(points.length * 4);
  const view = new DataView(body.buffer);
  for (let index = 0; index < points.length; index += 1) view.setFloat32(index * 4, points[index]!, true);
  return body;
}

/** The PIVT chunk. */
export const pivotsChunkMdx: ChunkCodec<Float32Array> = {
  read: (cursor) => readPivots(cursor.bytes, cursor.origin),
  write: (writer, points) => {
    if (points.length % PIVOT_FLOATS !== 0) throw new RangeError(`${points.length} floats are not whole pivot points`);
    writeArray(writer, points);
  },
};

// MDL ---------------------------------------------------------------------------------------------

/** Reads `PivotPoints N { { x, y, z }, … }` (a count that disagrees with the points is an error). */
export function readPivotsMdl(context: MdlReadContext, block: MdlStatement): Float32Array {
  const entry = new MdlEntry(block, block.keyword, false, block.first, block.first + 1);
  const declared = context.declaredCount(entry);
  const values = context.numbers(entry, PIVOT_FLOATS, null, declared);
  context.checkCount(entry, declared, values.length / PIVOT_FLOATS, 'points');
  return values.floatArray();
}

/** Prints the PivotPoints block. */
export function printPivotsMdl(writer: MdlWriter, points: Float32Array): void {
  writer.floatRows('PivotPoints', points, PIVOT_FLOATS, 'PivotPoints');
}
