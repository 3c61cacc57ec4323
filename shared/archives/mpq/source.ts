/**
 * Where an archive's bytes come from: a byte-range source, so an archive is never read whole. The
 * host gives a file handle's positional reads; tests and the browser give bytes in memory.
 */

/** A readable range of bytes: `size` bytes, read by offset and length (fewer bytes at the end). */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array> | Uint8Array;
}

/** A source over bytes already in memory: reads are views, not copies. */
export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}
