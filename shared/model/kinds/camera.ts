/**
 * CAMS: cameras — uint32 inclusiveSize, char[80] name, float[3] position, float fieldOfView
 * (radians), float farClippingPlane, float nearClippingPlane, float[3] targetPosition, then KCTR
 * (translation), KTTR (target translation), KCRL (roll) tracks. Cameras are not nodes.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';
import type { MdlStatement } from '../../mdl/tree';
import { NO_BYTES } from '../../mdx/cursor';
import { blockName, blockRules, draftOf, nameField, printRules, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { checkTrackOrder, tracksInOrder } from './node';
import { mdlDefault } from '../mdl/defaults';
import { findParsedChunk, type TypedMdxModel } from '../typed-model';

/** Bytes of a camera without tracks, inclusive size included. */
export const CAMERA_FIXED_BYTES = 120;
/** Bytes of the camera name field. */
export const CAMERA_NAME_BYTES = 80;

/** A camera. */
export interface Camera {
  readonly name: string;
  readonly nameBytes?: Uint8Array;
  readonly position: readonly [number, number, number];
  /** Radians. */
  readonly fieldOfView: number;
  readonly farClippingPlane: number;
  readonly nearClippingPlane: number;
  readonly targetPosition: readonly [number, number, number];
  /** KCTR, KTTR, KCRL in stored order. */
  readonly tracks: readonly Track[];
  /** Bytes at the end of the camera that are not tracks (normally none), kept as they are. */
  readonly unparsedBytes: Uint8Array;
}

/** Reads the camera at the cursor. */
export function readCameraMdx(cursor: MdxCursor): Camera {
  const { value, unparsedBytes } = cursor.sized(CAMERA_FIXED_BYTES, () => {
    const { name, nameBytes } = cursor.name(CAMERA_NAME_BYTES, 'name');
    return {
      name,
      nameBytes,
      position: cursor.vector3('position'),
      fieldOfView: cursor.f32('fieldOfView'),
      farClippingPlane: cursor.f32('farClippingPlane'),
      nearClippingPlane: cursor.f32('nearClippingPlane'),
      targetPosition: cursor.vector3('targetPosition'),
      tracks: readTracksMdx(cursor),
    };
  });
  return { ...value, unparsedBytes };
}

/** Writes a camera. */
export function writeCameraMdx(writer: BinaryWriter, camera: Camera): void {
  const start = beginSize(writer);
  writer.bytes(encodeName(camera.name, CAMERA_NAME_BYTES, camera.nameBytes));
  for (const value of camera.position) writer.f32(value);
  writer.f32(camera.fieldOfView).f32(camera.farClippingPlane).f32(camera.nearClippingPlane);
  for (const value of camera.targetPosition) writer.f32(value);
  writeTracksMdx(writer, camera.tracks);
  writer.bytes(camera.unparsedBytes);
  patchSize(writer, start);
}

/** The cameras of a typed model (its first CAMS chunk's), in file order; none when it has none or it stayed bytes. */
export function camerasOf(model: Pick<TypedMdxModel, 'chunks'>): readonly Camera[] {
  return findParsedChunk(model, 'CAMS') ?? [];
}

/** The CAMS chunk. */
export const camerasChunkMdx: ChunkCodec<Camera[]> = {
  read: (cursor) => readObjects(cursor, 'CAMS', readCameraMdx),
  write: (writer, cameras) => cameras.forEach((camera) => writeCameraMdx(writer, camera)),
};

// MDL ---------------------------------------------------------------------------------------------

/** The MDX order of a camera's tracks (MDL prints KTTR in its `Target` block). */
const CAMERA_TRACK_ORDER = ['KCTR', 'KTTR', 'KCRL'];

const TARGET_MDL = blockRules([
  {
    kind: 'vector',
    keyword: 'Position',
    field: 'targetPosition',
    type: 'f32',
    length: 3,
    ...mdlDefault('Target.Position'),
    print: 'always',
  },
  { kind: 'track', keyword: 'Translation', track: 'KTTR' },
]);

const CAMERA_MDL = blockRules([
  {
    kind: 'vector',
    keyword: 'Position',
    field: 'position',
    type: 'f32',
    length: 3,
    ...mdlDefault('Camera.Position'),
    print: 'always',
  },
  { kind: 'track', keyword: 'Translation', track: 'KCTR' },
  { kind: 'track', keyword: 'Rotation', track: 'KCRL' },
  {
    kind: 'scalar',
    keyword: 'FieldOfView',
    field: 'fieldOfView',
    type: 'f32',
    ...mdlDefault('Camera.FieldOfView'),
    print: 'always',
  },
  {
    kind: 'scalar',
    keyword: 'FarClip',
    field: 'farClippingPlane',
    type: 'f32',
    ...mdlDefault('Camera.FarClip'),
    print: 'always',
  },
  {
    kind: 'scalar',
    keyword: 'NearClip',
    field: 'nearClippingPlane',
    type: 'f32',
    ...mdlDefault('Camera.NearClip'),
    print: 'always',
  },
  {
    kind: 'custom',
    print: (writer, camera, where) => {
      writer.open('Target');
      printRules(writer, camera, camera['targetTracks'] as Track[], TARGET_MDL, where);
      writer.close();
    },
  },
]);

/** Reads a `Camera "name" { Position …, Translation …, Rotation …, FieldOfView …, Target { … } }` block. */
export function readCameraMdl(context: MdlReadContext, block: MdlStatement): Camera {
  let target = { draft: draftOf(TARGET_MDL), tracks: [] as Track[] };
  const { draft, tracks } = readRuleBlock(context, block, CAMERA_MDL, (entry) => {
    if (entry.key !== 'Target' || !entry.hasGroup) return false;
    target = readRuleBlock(context, entry.statement, TARGET_MDL);
    entry.next = entry.stop;
    return true;
  });
  const { name, bytes: nameBytes } = nameField(blockName(context, block, CAMERA_NAME_BYTES), CAMERA_NAME_BYTES);
  return {
    name,
    nameBytes,
    position: draft.position,
    fieldOfView: draft.fieldOfView,
    farClippingPlane: draft.farClippingPlane,
    nearClippingPlane: draft.nearClippingPlane,
    targetPosition: target.draft.targetPosition,
    tracks: tracksInOrder([...tracks, ...target.tracks], CAMERA_TRACK_ORDER),
    unparsedBytes: NO_BYTES,
  };
}

/** Prints a `Camera` block. */
export function printCameraMdl(writer: MdlWriter, camera: Camera): void {
  const where = `Camera "${camera.name}"`;
  checkTrackOrder(writer, camera.tracks, CAMERA_TRACK_ORDER, where);
  writer.open('Camera', camera.name);
  const targetTracks = camera.tracks.filter((track) => track.tag === 'KTTR');
  const ownTracks = camera.tracks.filter((track) => track.tag !== 'KTTR');
  printRules(writer, { ...camera, targetTracks }, ownTracks, CAMERA_MDL, where);
  writer.close();
  if (camera.unparsedBytes.byteLength > 0)
    writer.warn(where, `${where} ends in ${camera.unparsedBytes.byteLength} bytes MDL cannot hold`);
}
