/**
 * VERS: uint32 version (800 classic, 900–1200 Reforged).
 */
import type { ChunkCodec } from '../chunk-codec';
import { bodyView, expectSize } from './body';

/** Bytes of the VERS body. */
export const VERS_BYTES = 4;

/** Reads the version; throws CodecError unless the body has 4 bytes. */
export function readVersion(body: Uint8Array, bodyOffset = 0): number {
  expectSize(body, VERS_BYTES, 'VERS', bodyOffset);
  return bodyView(body).getUint32(0, true);
}

/** The VERS body for `version`. */
export function writeVersion(version: number): Uint8Array {
  const body = new Uint8Array(VERS_BYTES);
  new DataView(body.buffer).setUint32(0, version, true);
  return body;
}

/** The VERS chunk. */
export const versionChunkMdx: ChunkCodec<number> = {
  read: (cursor) => readVersion(cursor.bytes, cursor.origin),
  write: (writer, version) => {
    writer.u32(version);
  },
};
