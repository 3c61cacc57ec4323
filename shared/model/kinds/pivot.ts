/**
 * PIVT: float[3] pivot point per node, indexed by objectId.
 */
import { float32View } from '../../binary/reader';
import { entryCount } from './body';

/** Bytes of one pivot point. */
export const PIVOT_BYTES = 12;
/** Floats of one pivot point. */
export const PIVOT_FLOATS = 3;

/** Reads PIVT as a Float32Array of x, y, z per objectId (a view when aligned); throws CodecError when the size is not a
 * multiple of 12. */
export function readPivots(body: Uint8Array, bodyOffset = 0): Float32Array {
  const count = entryCount(body, PIVOT_BYTES, 'PIVT', bodyOffset);
  return float32View(body, 0, count * PIVOT_FLOATS);
}

/** Writes PIVT from x, y, z triples. */
export function writePivots(points: ArrayLike<number>): Uint8Array {
  if (points.length % PIVOT_FLOATS !== 0) throw new RangeError(`${points.length} floats are not whole pivot points`);
  const body = new Uint8Array(points.length * 4);
  const view = new DataView(body.buffer);
  for (let index = 0; index < points.length; index += 1) view.setFloat32(index * 4, points[index]!, true);
  return body;
}
