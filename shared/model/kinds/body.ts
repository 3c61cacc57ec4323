/**
 * Helpers shared by the chunk readers: a DataView over a chunk body and the size check of chunks
 * made of fixed-size entries.
 */
import { CodecError } from '../../binary/codec-error';

/** A DataView over exactly `body`. */
export function bodyView(body: Uint8Array): DataView {
  return new DataView(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * The number of `entryBytes`-sized entries in a body; throws CodecError (`invalid`, at the
 * body's offset `bodyOffset`) when the size is not a multiple of the entry size.
 */
export function entryCount(body: Uint8Array, entryBytes: number, tag: string, bodyOffset: number): number {
  if (body.byteLength % entryBytes !== 0) {
    throw new CodecError({
      format: 'mdx',
      kind: 'invalid',
      where: `${tag} chunk`,
      offset: bodyOffset,
      detail: `${body.byteLength} bytes are not a whole number of ${entryBytes}-byte entries`,
    });
  }
  return body.byteLength / entryBytes;
}

/** Throws CodecError unless the body has exactly `size` bytes. */
export function expectSize(body: Uint8Array, size: number, tag: string, bodyOffset: number): void {
  if (body.byteLength !== size) {
    throw new CodecError({
      format: 'mdx',
      kind: body.byteLength < size ? 'truncated' : 'invalid',
      where: `${tag} chunk`,
      offset: bodyOffset,
      detail: `the chunk has ${body.byteLength} bytes; it should have ${size}`,
    });
  }
}
