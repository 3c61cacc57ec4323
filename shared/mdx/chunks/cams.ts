/**
 * CAMS for the events module's lazy reads: cameras with their tracks kept as bytes (the typed
 * model's camera, with typed tracks, is shared/model/kinds/camera.ts, which owns the layout). Each
 * camera: uint32 inclusiveSize, char[80] name, float[3] position, float fieldOfView, float
 * farClippingPlane, float nearClippingPlane, float[3] targetPosition, then optional KCTR/KTTR/KCRL
 * tracks. Cameras stay in file order.
 */
import { CodecError } from '../../binary/codec-error';
import { BinaryWriter } from '../../binary/writer';
import { decodeName, encodeName } from '../names';
import { bodyView } from '../../model/kinds/body';
import { CAMERA_FIXED_BYTES, CAMERA_NAME_BYTES } from '../../model/kinds/camera';

export { CAMERA_FIXED_BYTES, CAMERA_NAME_BYTES };
/** Byte offsets of a camera's fields. */
export const CAMERA_FIELD_OFFSET = {
  inclusiveSize: 0,
  name: 4,
  position: 84,
  fieldOfView: 96,
  farClippingPlane: 100,
  nearClippingPlane: 104,
  targetPosition: 108,
  tracks: 120,
} as const;

/** One camera. */
export interface Camera {
  readonly name: string;
  readonly nameBytes: Uint8Array;
  readonly position: readonly [number, number, number];
  /** Radians. */
  readonly fieldOfView: number;
  readonly farClippingPlane: number;
  readonly nearClippingPlane: number;
  readonly targetPosition: readonly [number, number, number];
  /** The camera's tracks (KCTR, KTTR, KCRL), kept as bytes. */
  readonly trackBytes: Uint8Array;
}

const originalCameraBytes = new WeakMap<Camera, Uint8Array>();

/** Reads CAMS; throws CodecError when a camera's inclusive size is too small or runs past the chunk. */
export function readCameras(body: Uint8Array, bodyOffset = 0): Camera[] {
  const view = bodyView(body);
  const cameras: Camera[] = [];
  let at = 0;
  while (at < body.byteLength) {
    const where = `CAMS[${cameras.length}]`;
    if (body.byteLength - at < CAMERA_FIXED_BYTES) {
      throw new CodecError({
        format: 'mdx',
        kind: 'truncated',
        where,
        offset: bodyOffset + at,
        detail: `a camera needs ${CAMERA_FIXED_BYTES} bytes, ${body.byteLength - at} left in the chunk`,
      });
    }
    const size = view.getUint32(at, true);
    if (size < CAMERA_FIXED_BYTES || size > body.byteLength - at) {
      throw new CodecError({
        format: 'mdx',
        kind: 'invalid',
        where: `${where}.inclusiveSize`,
        offset: bodyOffset + at,
        detail:
          `camera size ${size} is not between ${CAMERA_FIXED_BYTES} and the ${body.byteLength - at} bytes ` +
          `left in the chunk`,
      });
    }
    const float = (field: number): number => view.getFloat32(at + field, true);
    const nameBytes = body.subarray(at + CAMERA_FIELD_OFFSET.name, at + CAMERA_FIELD_OFFSET.name + CAMERA_NAME_BYTES);
    const p = CAMERA_FIELD_OFFSET.position;
    const t = CAMERA_FIELD_OFFSET.targetPosition;
    const camera: Camera = Object.freeze({
      name: decodeName(nameBytes),
      nameBytes,
      position: [float(p), float(p + 4), float(p + 8)] as const,
      fieldOfView: float(CAMERA_FIELD_OFFSET.fieldOfView),
      farClippingPlane: float(CAMERA_FIELD_OFFSET.farClippingPlane),
      nearClippingPlane: float(CAMERA_FIELD_OFFSET.nearClippingPlane),
      targetPosition: [float(t), float(t + 4), float(t + 8)] as const,
      trackBytes: body.subarray(at + CAMERA_FIXED_BYTES, at + size),
    });
    originalCameraBytes.set(camera, body.subarray(at, at + size));
    cameras.push(camera);
    at += size;
  }
  return cameras;
}

/** Writes CAMS in the given order: cameras from the reader as their original bytes, others encoded. */
export function writeCameras(cameras: readonly Camera[]): Uint8Array {
  const writer = new BinaryWriter();
  for (const camera of cameras) {
    const original = originalCameraBytes.get(camera);
    if (original) {
      writer.bytes(original);
      continue;
    }
    writer.u32(CAMERA_FIXED_BYTES + camera.trackBytes.byteLength);
    writer.bytes(encodeName(camera.name, CAMERA_NAME_BYTES, camera.nameBytes));
    for (const value of camera.position) writer.f32(value);
    writer.f32(camera.fieldOfView).f32(camera.farClippingPlane).f32(camera.nearClippingPlane);
    for (const value of camera.targetPosition) writer.f32(value);
    writer.bytes(camera.trackBytes);
  }
  return writer.finish();
}
