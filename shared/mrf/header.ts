/**
 * The 64-byte MRF header: reader and writer.
 */
import { BinaryReader } from '../binary/reader';
import { MRF_HEADER_BYTE_SIZE, MRF_HEADER_OFFSET as AT, MRF_MAGIC, MRF_MAGIC_BYTE_SIZE } from './layout';
import type { MrfHeader } from './types';

/** Reads the header fields; `bytes` must hold the whole file (or at least the header). */
export function readMrfHeader(bytes: Uint8Array): MrfHeader {
  const reader = new BinaryReader(bytes, 'mrf');
  reader.need(MRF_HEADER_BYTE_SIZE, 'header');
  let magic = '';
  for (let index = 0; index < MRF_MAGIC_BYTE_SIZE; index += 1) magic += String.fromCharCode(bytes[AT.magic + index]!);
  const view = reader.view;
  return {
    magic,
    keyframeCount: view.getUint32(AT.keyframeCount, true),
    vertexCount: view.getUint32(AT.vertexCount, true),
    cornerCount: view.getUint32(AT.cornerCount, true),
    frameInterval: view.getFloat32(AT.frameInterval, true),
    pivot: [view.getFloat32(AT.pivot, true), view.getFloat32(AT.pivot + 4, true), view.getFloat32(AT.pivot + 8, true)],
    boundsRadius: view.getFloat32(AT.boundsRadius, true),
    initialTime: view.getFloat32(AT.initialTime, true),
    debugFlag: view.getUint32(AT.debugFlag, true),
  };
}

/** A header for a new file: `Morf` magic, 30 fps, everything else zero. */
export function defaultMrfHeader(): MrfHeader {
  return {
    magic: MRF_MAGIC,
    keyframeCount: 0,
    vertexCount: 0,
    cornerCount: 0,
    frameInterval: 1 / 30,
    pivot: [0, 0, 0],
    boundsRadius: 0,
    initialTime: 0,
    debugFlag: 0,
  };
}

/** The counts the writer stores, derived from the arrays. */
export interface MrfCounts {
  keyframeCount: number;
  vertexCount: number;
  cornerCount: number;
}

/**
 * Writes the header at the start of `target`: starts from `original` (the bytes read, kept for
 * the fields the game ignores) and writes each named field unless it still holds the same value,
 * so that even NaN bit patterns survive a round trip.
 */
export function writeMrfHeader(target: Uint8Array, header: MrfHeader, original: Uint8Array, counts: MrfCounts): void {
  target.set(original.subarray(0, MRF_HEADER_BYTE_SIZE), 0);
  const view = new DataView(target.buffer, target.byteOffset, MRF_HEADER_BYTE_SIZE);
  for (let index = 0; index < MRF_MAGIC_BYTE_SIZE; index += 1)
    view.setUint8(AT.magic + index, header.magic.charCodeAt(index) & 0xff);
  view.setUint32(AT.keyframeCount, counts.keyframeCount, true);
  view.setUint32(AT.vertexCount, counts.vertexCount, true);
  view.setUint32(AT.cornerCount, counts.cornerCount, true);
  setFloat32Unless(view, AT.frameInterval, header.frameInterval);
  setFloat32Unless(view, AT.pivot, header.pivot[0]);
  setFloat32Unless(view, AT.pivot + 4, header.pivot[1]);
  setFloat32Unless(view, AT.pivot + 8, header.pivot[2]);
  setFloat32Unless(view, AT.boundsRadius, header.boundsRadius);
  setFloat32Unless(view, AT.initialTime, header.initialTime);
  view.setUint32(AT.debugFlag, header.debugFlag >>> 0, true);
}

function setFloat32Unless(view: DataView, offset: number, value: number): void {
  if (!Object.is(view.getFloat32(offset, true), Math.fround(value))) view.setFloat32(offset, value, true);
}
