/**
 * The checksums an MPQ stores: Adler-32 per sector (as StormLib and the game compute it, starting
 * from 0 rather than zlib's 1) and CRC-32 per file in `(attributes)`.
 */

/** zlib's Adler-32 modulus. */
const ADLER_MODULUS = 65521;
/** Bytes summed before reducing (the largest count that cannot overflow 2^53 here). */
const ADLER_CHUNK = 5552;

/** Adler-32 of `bytes` continuing from `start` (0 for a sector checksum, 1 for zlib's own). */
export function adler32(bytes: Uint8Array, start = 0): number {
  let low = start & 0xffff;
  let high = (start >>> 16) & 0xffff;
  for (let at = 0; at < bytes.length;) {
    const end = Math.min(bytes.length, at + ADLER_CHUNK);
    for (; at < end; at += 1) {
      low += bytes[at]!;
      high += low;
    }
    low %= ADLER_MODULUS;
    high %= ADLER_MODULUS;
  }
  return ((high << 16) | low) >>> 0;
}

function buildCrcTable(): Int32Array {
  const table = new Int32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[index] = value;
  }
  return table;
}

const crcTable = buildCrcTable();

/** CRC-32 (the zlib/PNG polynomial) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (let at = 0; at < bytes.length; at += 1) crc = crcTable[(crc ^ bytes[at]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
