/**
 * Reader of the Engine Model Format (`../shared/specs/emf-format.md`): a binary Studiomdl Data
 * split into a manifest (`wolf.emf`) and the parts beside it — `wolf.emf.vtx` (the mesh),
 * `wolf.emf.coll` (the collision mesh), `wolf.emf.skel` (the skeleton) and `wolf.emf.anim.<name>`
 * (one keyframe list per animation the manifest names). Every multibyte value is big-endian; each
 * part opens with the 8-byte nID and the 8-byte iType.
 *
 * Conventions where the spec is silent (decided by issue 15; EMF is binary SMD, so SMD's rules):
 * - Axes: Z-up, as Warcraft III — positions and normals are taken as they are (no axis change).
 * - Time: `iTime` counts frames at the manifest's `nFramerate` (seconds = iTime / nFramerate).
 * - The skeleton names no parents, so each keyframe is its bone's transform in model space:
 *   rotate by the Euler angles (rx, ry, rz), in radians, about the fixed X, then Y, then Z axes
 *   (R = Rz·Ry·Rx), then translate by (px, py, pz): M = T·Rz·Ry·Rx.
 * - Vertices are in model space at the bind pose, which is the first keyframe (smallest iTime) of
 *   each bone in the animation chosen with `--bind` (default: the manifest's first animation).
 *   A vertex moves by M(t)·M_bind⁻¹ of its bone; its normal by the rotation alone, R(t)·R_bind⁻¹.
 * - Between keyframes, translations are interpolated linearly and rotations spherically (the
 *   Euler angles turned into quaternions), as studiomdl does; before the first and after the last
 *   keyframe of a bone its nearest keyframe holds.
 * - Texture V is flipped: MRF v = 1 − EMF v (SMD's texture origin is the bottom-left corner).
 *
 * Counts are uint64; a count is checked against the bytes left before anything is allocated for
 * it. Errors are {@link CodecError}s of format `emf` whose `where` starts with the part's file
 * name (`wolf.emf.vtx:triangles[3].vertices[1]`).
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';

/** The 8-byte nID every part starts with: 0xa655104063d85922, as two big-endian uint32s. */
export const EMF_ID_HIGH = 0xa6551040;
/** The low half of the nID. */
export const EMF_ID_LOW = 0x63d85922;
/** nID and iType. */
export const EMF_HEADER_BYTE_SIZE = 16;
/** A uint64 count or id. */
export const EMF_UINT64_BYTE_SIZE = 8;
/** `szMaterial`. */
export const EMF_MATERIAL_BYTE_SIZE = 256;
/** An animation or bone name. */
export const EMF_NAME_BYTE_SIZE = 64;
/** iBone, position, normal, (u, v). */
export const EMF_VERTEX_BYTE_SIZE = EMF_UINT64_BYTE_SIZE + 8 * 4;
/** Three vertices. */
export const EMF_TRIANGLE_BYTE_SIZE = 3 * EMF_VERTEX_BYTE_SIZE;
/** iBone and szName. */
export const EMF_BONE_BYTE_SIZE = EMF_UINT64_BYTE_SIZE + EMF_NAME_BYTE_SIZE;
/** iBone, iTime, position, Euler angles. */
export const EMF_KEYFRAME_BYTE_SIZE = 2 * EMF_UINT64_BYTE_SIZE + 6 * 4;

/** The iType of each part. */
export const EMF_TYPE = { manifest: 0, vertexData: 1, collisionData: 2, skeleton: 3, keyframes: 4 } as const;
/** One of {@link EMF_TYPE}'s values. */
export type EmfType = (typeof EMF_TYPE)[keyof typeof EMF_TYPE];

const TYPE_NAMES = ['manifest', 'vertex data', 'collision data', 'skeleton', 'keyframes'];

/** The manifest: material, frame rate, animation names. */
export interface EmfManifest {
  material: string;
  framerate: number;
  animations: string[];
}

/** A triangle list (`.vtx` or `.coll`): per corner, three corners a triangle. */
export interface EmfMesh {
  triangleCount: number;
  /** iBone of each corner. */
  bones: Float64Array;
  /** x, y, z per corner. */
  positions: Float32Array;
  /** x, y, z per corner. */
  normals: Float32Array;
  /** u, v per corner, as stored (not flipped). */
  uvs: Float32Array;
}

/** The skeleton: bone ids and names, in file order. */
export interface EmfSkeleton {
  ids: number[];
  names: string[];
}

/** One animation's keyframes, in file order. */
export interface EmfKeyframes {
  count: number;
  bones: Float64Array;
  /** iTime of each keyframe, in frames. */
  times: Float64Array;
  /** px, py, pz, rx, ry, rz per keyframe. */
  values: Float32Array;
}

/** A big-endian cursor over one part; every error names the part's file. */
class EmfCursor {
  readonly view: DataView;
  offset = 0;
  constructor(
    readonly bytes: Uint8Array,
    readonly part: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.byteLength - this.offset;
  }

  error(kind: CodecErrorKind, where: string, detail: string, offset = this.offset): CodecError {
    return new CodecError({ format: 'emf', kind, where: `${this.part}:${where}`, offset, detail });
  }

  need(byteCount: number, where: string): void {
    if (byteCount > this.remaining) {
      throw this.error('truncated', where, `needs ${byteCount} bytes, ${this.remaining} left`);
    }
  }

  /** A uint64 as a number; refused when it is not a safe integer. */
  uint64(where: string): number {
    this.need(EMF_UINT64_BYTE_SIZE, where);
    const high = this.view.getUint32(this.offset, false);
    const low = this.view.getUint32(this.offset + 4, false);
    const value = high * 2 ** 32 + low;
    if (!Number.isSafeInteger(value)) {
      throw this.error('invalid', where, `0x${high.toString(16)}${low.toString(16).padStart(8, '0')} is too large`);
    }
    this.offset += EMF_UINT64_BYTE_SIZE;
    return value;
  }

  /** A uint64 count of `elementSize`-byte elements, checked against the bytes left. */
  count(elementSize: number, where: string): number {
    const at = this.offset;
    const count = this.uint64(where);
    if (count * elementSize > this.remaining) {
      throw this.error(
        'truncated',
        where,
        `${count} × ${elementSize} bytes needs ${count * elementSize} bytes, ${this.remaining} left`,
        at,
      );
    }
    return count;
  }

  float(): number {
    const value = this.view.getFloat32(this.offset, false);
    this.offset += 4;
    return value;
  }

  /** A NUL-padded `char[size]`, as Latin-1 up to the first NUL. */
  text(size: number, where: string): string {
    this.need(size, where);
    let text = '';
    for (let at = this.offset; at < this.offset + size && this.bytes[at] !== 0; at += 1) {
      text += String.fromCharCode(this.bytes[at]!);
    }
    this.offset += size;
    return text;
  }
}

/** True when `bytes` start with the EMF nID. */
export function isEmf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < EMF_HEADER_BYTE_SIZE) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(0, false) === EMF_ID_HIGH && view.getUint32(4, false) === EMF_ID_LOW;
}

/** The iType of a part (after checking its nID), or throws. */
export function emfType(bytes: Uint8Array, part: string): number {
  const cursor = new EmfCursor(bytes, part);
  cursor.need(EMF_HEADER_BYTE_SIZE, 'header');
  if (!isEmf(bytes)) {
    const found = [...bytes.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    throw cursor.error('invalid', 'nID', `0x${found} is not the EMF id 0xa655104063d85922`, 0);
  }
  cursor.offset = 8;
  return cursor.uint64('iType');
}

function open(bytes: Uint8Array, part: string, expected: EmfType): EmfCursor {
  const type = emfType(bytes, part);
  const cursor = new EmfCursor(bytes, part);
  if (type !== expected) {
    const name = TYPE_NAMES[type] ?? `unknown type ${type}`;
    throw cursor.error('invalid', 'iType', `this part holds ${name}, not ${TYPE_NAMES[expected]}`, 8);
  }
  cursor.offset = EMF_HEADER_BYTE_SIZE;
  return cursor;
}

/** Reads a manifest (`wolf.emf`). */
export function readEmfManifest(bytes: Uint8Array, part = 'manifest'): EmfManifest {
  const cursor = open(bytes, part, EMF_TYPE.manifest);
  const material = cursor.text(EMF_MATERIAL_BYTE_SIZE, 'szMaterial');
  const framerate = cursor.uint64('nFramerate');
  const count = cursor.count(EMF_NAME_BYTE_SIZE, 'nAnimations');
  const animations: string[] = [];
  for (let index = 0; index < count; index += 1) {
    animations.push(cursor.text(EMF_NAME_BYTE_SIZE, `szAnimations[${index}]`));
  }
  return { material, framerate, animations };
}

/** Reads vertex data (`.vtx`) or, with `collision`, a collision mesh (`.coll`) — the same layout. */
export function readEmfMesh(bytes: Uint8Array, part = 'vtx', collision = false): EmfMesh {
  const cursor = open(bytes, part, collision ? EMF_TYPE.collisionData : EMF_TYPE.vertexData);
  const triangleCount = cursor.count(EMF_TRIANGLE_BYTE_SIZE, 'nTriangles');
  const corners = triangleCount * 3;
  const mesh: EmfMesh = {
    triangleCount,
    bones: new Float64Array(corners),
    positions: new Float32Array(corners * 3),
    normals: new Float32Array(corners * 3),
    uvs: new Float32Array(corners * 2),
  };
  for (let corner = 0; corner < corners; corner += 1) {
    mesh.bones[corner] = cursor.uint64(`triangles[${Math.floor(corner / 3)}].vertices[${corner % 3}].iBone`);
    for (let axis = 0; axis < 3; axis += 1) mesh.positions[corner * 3 + axis] = cursor.float();
    for (let axis = 0; axis < 3; axis += 1) mesh.normals[corner * 3 + axis] = cursor.float();
    mesh.uvs[corner * 2] = cursor.float();
    mesh.uvs[corner * 2 + 1] = cursor.float();
  }
  return mesh;
}

/** Reads a skeleton (`.skel`). */
export function readEmfSkeleton(bytes: Uint8Array, part = 'skel'): EmfSkeleton {
  const cursor = open(bytes, part, EMF_TYPE.skeleton);
  const count = cursor.count(EMF_BONE_BYTE_SIZE, 'nBones');
  const skeleton: EmfSkeleton = { ids: [], names: [] };
  for (let index = 0; index < count; index += 1) {
    skeleton.ids.push(cursor.uint64(`bones[${index}].iBone`));
    skeleton.names.push(cursor.text(EMF_NAME_BYTE_SIZE, `bones[${index}].szName`));
  }
  return skeleton;
}

/** Reads one animation's keyframes (`.anim.<name>`). */
export function readEmfKeyframes(bytes: Uint8Array, part = 'anim'): EmfKeyframes {
  const cursor = open(bytes, part, EMF_TYPE.keyframes);
  const count = cursor.count(EMF_KEYFRAME_BYTE_SIZE, 'nKeyframes');
  const keyframes: EmfKeyframes = {
    count,
    bones: new Float64Array(count),
    times: new Float64Array(count),
    values: new Float32Array(count * 6),
  };
  for (let index = 0; index < count; index += 1) {
    keyframes.bones[index] = cursor.uint64(`keyframes[${index}].iBone`);
    keyframes.times[index] = cursor.uint64(`keyframes[${index}].iTime`);
    for (let value = 0; value < 6; value += 1) keyframes.values[index * 6 + value] = cursor.float();
  }
  return keyframes;
}

/** The file names of a manifest's parts, as the spec names them (`wolf.emf` → `wolf.emf.vtx`…). */
export function emfPartNames(
  manifestName: string,
  animation?: string,
): {
  vertices: string;
  collision: string;
  skeleton: string;
  animation: string;
} {
  return {
    vertices: `${manifestName}.vtx`,
    collision: `${manifestName}.coll`,
    skeleton: `${manifestName}.skel`,
    animation: `${manifestName}.anim.${animation ?? ''}`,
  };
}
