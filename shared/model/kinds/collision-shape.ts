/**
 * CLID: collision shapes — Node (flag 0x2000), uint32 type (0 box, 1 plane, 2 sphere, 3
 * cylinder), then float[3] vertices (two for box, plane and cylinder, one for sphere) and, for
 * spheres and cylinders, float radius. No inclusive size of its own: the type decides the size.
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { blockRules } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { printNodeBlockMdl, readNodeBlockMdl, type NodeKindMdl } from './node';
import { mdlDefault } from '../mdl/defaults';

/** Collision shape types. */
export const COLLISION_SHAPE_TYPE = { box: 0, plane: 1, sphere: 2, cylinder: 3 } as const;

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

// MDL ---------------------------------------------------------------------------------------------

/** MDL words of the shape types, by their number. */
const SHAPE_WORDS = ['Box', 'Plane', 'Sphere', 'Cylinder'] as const;

/** `CollisionShape "name" { … Box, Vertices 2 { { … }, { … } }, BoundsRadius r, … }`. */
export const COLLISION_SHAPE_MDL = {
  keyword: 'CollisionShape',
  kindBit: NODE_FLAG.collisionShape,
  rules: blockRules([
    {
      kind: 'choice',
      field: 'type',
      choices: SHAPE_WORDS.map((word, type) => [type, word] as const),
      numberKeyword: 'ShapeType',
      ...mdlDefault('CollisionShape.Type'),
    },
    {
      kind: 'scalar',
      keyword: 'BoundsRadius',
      field: 'radius',
      type: 'f32',
      ...mdlDefault('CollisionShape.BoundsRadius'),
      print: 'always',
    },
  ]),
};

/**
 * Reads a `CollisionShape` block. Vertices that do not fit the type (two for a box, a plane or a
 * cylinder, one for a sphere) are an error; the shape keeps what fits, zeros for what is missing.
 */
export function readCollisionShapeMdl(context: MdlReadContext, block: MdlStatement): CollisionShape {
  let vertices: Float32Array = new Float32Array(0);
  let sawRadius = false;
  const { node, draft } = readNodeBlockMdl(context, block, COLLISION_SHAPE_MDL, (entry) => {
    if (entry.key !== 'Vertices' || !entry.hasGroup) return false;
    const declared = context.declaredCount(entry);
    const values = context.numbers(entry, 3, null, declared);
    context.checkCount(entry, declared, values.length / 3, 'vertices');
    vertices = values.floatArray();
    entry.next = entry.stop;
    return true;
  });
  for (const statement of block.children) if (statement.is('BoundsRadius')) sawRadius = true;
  const type = draft.type;
  const vertexCount = collisionShapeVertexCount(type);
  const hasRadius = collisionShapeHasRadius(type);
  if (vertexCount === undefined) {
    context.report(
      'error',
      block,
      block.start,
      'mdl.invalid-value',
      `collision shape type ${type} is not 0–3; read as a box`,
    );
    return { node, type: COLLISION_SHAPE_TYPE.box, vertices: fitted(vertices, 6), radius: null };
  }
  if (vertices.length !== vertexCount * 3)
    context.report(
      'error',
      block,
      block.start,
      'mdl.count-mismatch',
      `a ${SHAPE_WORDS[type]} has ${vertexCount} vertices; the block holds ${vertices.length / 3}`,
    );
  if (sawRadius && !hasRadius)
    context.report('warning', block, block.start, 'mdl.not-stored', `a ${SHAPE_WORDS[type]} stores no BoundsRadius`);
  return {
    node,
    type,
    vertices: fitted(vertices, vertexCount * 3),
    radius: hasRadius ? draft.radius : null,
  };
}

function fitted(values: Float32Array, length: number): Float32Array {
  if (values.length === length) return values;
  const result = new Float32Array(length);
  result.set(values.subarray(0, length));
  return result;
}

/** Prints a `CollisionShape` block. */
export function printCollisionShapeMdl(writer: MdlWriter, shape: CollisionShape): void {
  printNodeBlockMdl(writer, COLLISION_SHAPE_MDL, shape, (where) => {
    const type = shape.type;
    if (type >= 0 && type < SHAPE_WORDS.length) writer.flag(SHAPE_WORDS[type]!);
    else writer.unsignedStatement('ShapeType', type);
    writer.floatRows('Vertices', shape.vertices, 3, where);
    if (shape.radius !== null) writer.floatStatement('BoundsRadius', shape.radius, `${where} BoundsRadius`);
  });
}
