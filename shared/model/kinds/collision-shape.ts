/**
 * CLID: collision shapes — Node (flag 0x2000), uint32 type (0 box, 1 plane, 2 sphere, 3
 * cylinder), then float[3] vertices (two for box, plane and cylinder, one for sphere) and, for
 * spheres and cylinders, float radius. No inclusive size of its own: the type decides the size.
 */
import type { BinaryWriter } from '../../binary/writer';
import { COLLISION_SHAPE_TYPE } from '../../mdx/node-objects';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';

export { COLLISION_SHAPE_TYPE } from '../../mdx/node-objects';

/** A collision shape. */
export interface CollisionShape extends NodeObject {
  /** 0 box, 1 plane, 2 sphere, 3 cylinder. */
  readonly type: number;
  /** x, y, z per vertex: 6 floats for boxes, planes and cylinders, 3 for spheres. */
  readonly vertices: Float32Array;
  /** Spheres and cylinders; null for boxes and planes. */
  readonly radius: number | null;
}

/** Vertices of a shape type (undefined for a type that is not 0–3). */
export function collisionShapeVertexCount(type: number): number | undefined {
  return type === COLLISION_SHAPE_TYPE.sphere ? 1 : type >= 0 && type <= 3 ? 2 : undefined;
}

/** True when a shape type has a radius. */
export function collisionShapeHasRadius(type: number): boolean {
  return type === COLLISION_SHAPE_TYPE.sphere || type === COLLISION_SHAPE_TYPE.cylinder;
}

/** Reads the collision shape at the cursor. */
export function readCollisionShapeMdx(cursor: MdxCursor): CollisionShape {
  const node = readNodeMdx(cursor);
  const at = cursor.offset;
  const type = cursor.u32('type');
  const vertexCount = collisionShapeVertexCount(type);
  if (vertexCount === undefined) throw cursor.error('invalid', 'type', `collision shape type ${type} is not 0–3`, at);
  const vertices = cursor.float32s(vertexCount * 3, 'vertices');
  const radius = collisionShapeHasRadius(type) ? cursor.f32('radius') : null;
  return { node, type, vertices, radius };
}

/** Writes a collision shape. Throws RangeError when its vertices or radius do not match its type. */
export function writeCollisionShapeMdx(writer: BinaryWriter, shape: CollisionShape): void {
  const vertexCount = collisionShapeVertexCount(shape.type);
  if (vertexCount === undefined || shape.vertices.length !== vertexCount * 3)
    throw new RangeError(`a collision shape of type ${shape.type} cannot have ${shape.vertices.length / 3} vertices`);
  if (collisionShapeHasRadius(shape.type) !== (shape.radius !== null))
    throw new RangeError(
      `a collision shape of type ${shape.type} ${shape.radius === null ? 'needs' : 'has no'} radius`,
    );
  writeNodeMdx(writer, shape.node);
  writer.u32(shape.type);
  writer.bytes(new Uint8Array(shape.vertices.buffer, shape.vertices.byteOffset, shape.vertices.byteLength));
  if (shape.radius !== null) writer.f32(shape.radius);
}

/** The CLID chunk. */
export const collisionShapesChunkMdx: ChunkCodec<CollisionShape[]> = {
  read: (cursor) => readObjects(cursor, 'CLID', readCollisionShapeMdx),
  write: (writer, shapes) => shapes.forEach((shape) => writeCollisionShapeMdx(writer, shape)),
};
