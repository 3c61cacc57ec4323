/**
 * BPOS (Reforged, 900+): uint32 count, then count 3×4 bind-pose matrices (12 floats: the 3×3
 * rotation then the translation). One matrix per node in objectId order, then one per camera.
 */
import { float32View } from '../../binary/reader';
import { CodecError } from '../../binary/codec-error';
import { writeArray, type ChunkCodec } from '../chunk-codec';
import { bodyView } from './body';
import type { MdlStatement } from '../../mdl/tree';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';

/** Floats of one bind-pose matrix. */
export const BIND_POSE_FLOATS = 12;
/** Bytes of one bind-pose matrix. */
export const BIND_POSE_BYTES = 48;
/** Bytes of the count before the matrices. */
export const BIND_POSE_COUNT_BYTES = 4;

/**
 * Reads BPOS as `count × 12` floats (a view of the file's bytes when aligned: do not write to it); throws CodecError
 * when the count does not fit or bytes are left over.
 */
export function readBindPoses(body: Uint8Array, bodyOffset = 0): Float32Array {
  if (body.byteLength < BIND_POSE_COUNT_BYTES) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where: 'BPOS.count',
      offset: bodyOffset,
      detail: `the chunk has ${body.byteLength} bytes, too few for its count`,
    });
  }
  const count = bodyView(body).getUint32(0, true);
  const available = body.byteLength - BIND_POSE_COUNT_BYTES;
  if (count > available / BIND_POSE_BYTES) {
    throw new CodecError({
      format: 'mdx',
      kind: 'truncated',
      where: 'BPOS.count',
      offset: bodyOffset,
      detail: `${count} matrices of ${BIND_POSE_BYTES} bytes do not fit in ${available} bytes`,
    });
  }
  if (available !== count * BIND_POSE_BYTES) {
    throw new CodecError({
      format: 'mdx',
      kind: 'invalid',
      where: 'BPOS chunk',
      offset: bodyOffset,
      detail: `${available - count * BIND_POSE_BYTES} bytes follow the ${count} matrices`,
    });
  }
  return float32View(body, BIND_POSE_COUNT_BYTES, count * BIND_POSE_FLOATS);
}

/** Writes BPOS from `count × 12` floats (a Float32Array's floats keep their exact bits). */
export function writeBindPoses(matrices: ArrayLike<number>): Uint8Array {
  if (matrices.length % BIND_POSE_FLOATS !== 0)
    throw new RangeError(`${matrices.length} floats are not whole 3×4 matrices`);
  const count = matrices.length / BIND_POSE_FLOATS;
  const body = new Uint8Array(BIND_POSE_COUNT_BYTES + count * BIND_POSE_BYTES);
  const view = new DataView(body.buffer);
  view.setUint32(0, count, true);
  if (matrices instanceof Float32Array) {
    body.set(new Uint8Array(matrices.buffer, matrices.byteOffset, matrices.byteLength), BIND_POSE_COUNT_BYTES);
    return body;
  }
  for (let index = 0; index < matrices.length; index += 1)
    view.setFloat32(BIND_POSE_COUNT_BYTES + index * 4, matrices[index]!, true);
  return body;
}

/** The bind pose of a node at `pivot` with no rotation: identity 3×3, translation = pivot. */
export function pivotBindPose(pivot: readonly [number, number, number]): number[] {
  return [1, 0, 0, 0, 1, 0, 0, 0, 1, pivot[0], pivot[1], pivot[2]];
}

/** The BPOS chunk. */
export const bindPosesChunkMdx: ChunkCodec<Float32Array> = {
  read: (cursor) => readBindPoses(cursor.bytes, cursor.origin),
  write: (writer, matrices) => {
    if (matrices.length % BIND_POSE_FLOATS !== 0)
      throw new RangeError(`${matrices.length} floats are not whole 3×4 matrices`);
    writer.u32(matrices.length / BIND_POSE_FLOATS);
    writeArray(writer, matrices);
  },
};

// MDL ---------------------------------------------------------------------------------------------

/** Reads `BindPose { Matrices N { { 12 floats }, … } }`. */
export function readBindPosesMdl(context: MdlReadContext, block: MdlStatement): Float32Array {
  let matrices: Float32Array = new Float32Array(0);
  context.entries(block, (entry) => {
    if (entry.key !== 'Matrices' || !entry.hasGroup) return false;
    const declared = context.declaredCount(entry);
    const values = context.numbers(entry, BIND_POSE_FLOATS, null, declared);
    context.checkCount(entry, declared, values.length / BIND_POSE_FLOATS, 'matrices');
    matrices = values.floatArray();
    entry.next = entry.stop;
    return true;
  });
  return matrices;
}

/** Prints the BindPose block. */
export function printBindPosesMdl(writer: MdlWriter, matrices: Float32Array): void {
  writer.open('BindPose');
  writer.floatRows('Matrices', matrices, BIND_POSE_FLOATS, 'BindPose');
  writer.close();
}
