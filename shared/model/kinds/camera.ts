/**
 * CAMS: cameras — uint32 inclusiveSize, char[80] name, float[3] position, float fieldOfView
 * (radians), float farClippingPlane, float nearClippingPlane, float[3] targetPosition, then KCTR
 * (translation), KTTR (target translation), KCRL (roll) tracks. Cameras are not nodes.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { beginSize, patchSize, readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readTracksMdx, writeTracksMdx, type Track } from '../track';

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

/** The CAMS chunk. */
export const camerasChunkMdx: ChunkCodec<Camera[]> = {
  read: (cursor) => readObjects(cursor, 'CAMS', readCameraMdx),
  write: (writer, cameras) => cameras.forEach((camera) => writeCameraMdx(writer, camera)),
};
