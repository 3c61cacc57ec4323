/**
 * VERS: uint32 version (800 classic, 900–1200 Reforged).
 */
import type { ChunkCodec } from '../chunk-codec';
import { bodyView, expectSize } from './body';
import type { MdlStatement } from '../../mdl/tree';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';

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

/** Reads `Version { FormatVersion 800, }`; undefined (with an error) when it names no version. */
export function readVersionMdl(context: MdlReadContext, block: MdlStatement): number | undefined {
  let version: number | undefined;
  context.entries(block, (entry) => {
    if (entry.key !== 'FormatVersion') return false;
    version = context.integer(entry, 'u32') ?? version;
    return true;
  });
  if (version === undefined)
    context.report('error', block, block.start, 'mdl.missing-value', 'the Version block names no FormatVersion');
  return version;
}

/** Prints the Version block. */
export function printVersionMdl(writer: MdlWriter, version: number): void {
  writer.open('Version');
  writer.unsignedStatement('FormatVersion', version);
  writer.close();
}
