/**
 * Bounds checks shared by the chunk readers: a chunk of `count` elements at `offset` must lie
 * inside the file, checked before anything is allocated for it.
 */
import { CodecError } from '../binary/codec-error';

/** Throws a `truncated` CodecError naming `where` when a chunk offset is past the end of the file. */
export function checkChunkOffset(fileByteLength: number, offset: number, where: string): void {
  if (offset > fileByteLength) {
    throw new CodecError({
      format: 'mrf',
      kind: 'truncated',
      where,
      offset,
      detail: `chunk offset ${offset} is past the end of the file (${fileByteLength} bytes)`,
    });
  }
}

/** Throws a `truncated` CodecError naming `where` unless `count × elementSize` bytes at `offset` fit in
 * `fileByteLength`. */
export function checkChunkRange(
  fileByteLength: number,
  offset: number,
  count: number,
  elementSize: number,
  where: string,
): void {
  checkChunkOffset(fileByteLength, offset, where);
  const byteLength = count * elementSize;
  if (offset + byteLength > fileByteLength) {
    throw new CodecError({
      format: 'mrf',
      kind: 'truncated',
      where,
      offset,
      detail:
        `${count} × ${elementSize} bytes = ${byteLength} bytes do not fit: the file ` +
        `has ${fileByteLength - offset} bytes from here`,
    });
  }
}

/** Copies a typed array's bytes into `target` at `offset` (bit-exact, NaN payloads included). */
export function copyTypedArray(target: Uint8Array, offset: number, source: Uint16Array | Float32Array): void {
  target.set(new Uint8Array(source.buffer, source.byteOffset, source.byteLength), offset);
}
