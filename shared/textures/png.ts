/**
 * A PNG encoder for decoded textures: 8-bit RGBA, rows unfiltered, zlib-deflated with fflate —
 * pure, so the export of a cape's texture runs in the CLI, the renderer and a worker alike.
 */
import { zlibSync, type DeflateOptions } from 'fflate';
import type { TextureMip } from './types';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const IHDR_BYTE_SIZE = 13;
const BIT_DEPTH = 8;
const COLOUR_TYPE_RGBA = 6;
const FILTER_NONE = 0;
/** Chunk length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12;

/** An RGBA PNG of one decoded level (`rgba`: width × height × 4 bytes, rows top to bottom). */
export function encodePng(
  mip: Pick<TextureMip, 'width' | 'height' | 'rgba'>,
  level: DeflateOptions['level'] = 6,
): Uint8Array {
  const { width, height, rgba } = mip;
  const rowBytes = width * 4;
  if (rgba.length < rowBytes * height) throw new RangeError(`${rgba.length} bytes for a ${width}×${height} RGBA image`);
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let row = 0; row < height; row += 1) {
    raw[row * (rowBytes + 1)] = FILTER_NONE;
    raw.set(rgba.subarray(row * rowBytes, (row + 1) * rowBytes), row * (rowBytes + 1) + 1);
  }
  const header = new Uint8Array(IHDR_BYTE_SIZE);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([BIT_DEPTH, COLOUR_TYPE_RGBA, 0, 0, 0], 8);
  const chunks = [chunk('IHDR', header), chunk('IDAT', zlibSync(raw, { level })), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(PNG_SIGNATURE.length + chunks.reduce((sum, part) => sum + part.length, 0));
  out.set(PNG_SIGNATURE);
  let offset = PNG_SIGNATURE.length;
  for (const part of chunks) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(CHUNK_OVERHEAD + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index += 1) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 PNG chunks carry (over the chunk type and data). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let index = 0; index < bytes.length; index += 1) crc = CRC_TABLE[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
