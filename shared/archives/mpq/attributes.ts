/**
 * `(attributes)`: per-block extended attributes. Version 100, a flags word, then for every block
 * (in block table order) a CRC-32 if flag 1, a FILETIME if flag 2, an MD5 if flag 4, and one patch
 * bit per block if flag 8.
 */
import { readWord, writeWord } from './crypto';

export const ATTRIBUTES_VERSION = 100;
export const ATTRIBUTE_CRC32 = 0x1;
export const ATTRIBUTE_FILETIME = 0x2;
export const ATTRIBUTE_MD5 = 0x4;
export const ATTRIBUTE_PATCH_BIT = 0x8;
/** Version and flags words. */
const ATTRIBUTES_HEADER_SIZE = 8;
const FILETIME_SIZE = 8;
const MD5_SIZE = 16;
/** 100-nanosecond intervals between 1601-01-01 and 1970-01-01. */
const FILETIME_UNIX_EPOCH = 116444736000000000n;

/** One block's attributes (absent fields are zero). */
export interface BlockAttributes {
  crc32: number;
  fileTime: bigint;
  md5: Uint8Array;
  patch: boolean;
}

/** Parsed `(attributes)`. */
export interface MpqAttributes {
  flags: number;
  blocks: BlockAttributes[];
}

function sizeFor(flags: number, count: number): number {
  let size = ATTRIBUTES_HEADER_SIZE;
  if (flags & ATTRIBUTE_CRC32) size += count * 4;
  if (flags & ATTRIBUTE_FILETIME) size += count * FILETIME_SIZE;
  if (flags & ATTRIBUTE_MD5) size += count * MD5_SIZE;
  if (flags & ATTRIBUTE_PATCH_BIT) size += Math.ceil(count / 8);
  return size;
}

/** An empty attribute record. */
export function emptyAttributes(): BlockAttributes {
  return { crc32: 0, fileTime: 0n, md5: new Uint8Array(MD5_SIZE), patch: false };
}

/**
 * Parses `(attributes)` written for `blockCount` blocks (or one fewer, as some tools write it).
 * Returns null when the bytes fit neither (the writer then leaves the values zero).
 */
export function parseAttributes(bytes: Uint8Array, blockCount: number): MpqAttributes | null {
  if (bytes.length < ATTRIBUTES_HEADER_SIZE || readWord(bytes, 0) !== ATTRIBUTES_VERSION) return null;
  const flags = readWord(bytes, 4);
  const count = [blockCount, blockCount - 1].find(
    (candidate) => candidate >= 0 && sizeFor(flags, candidate) === bytes.length,
  );
  if (count === undefined) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const blocks = Array.from({ length: count }, emptyAttributes);
  let at = ATTRIBUTES_HEADER_SIZE;
  for (const block of flags & ATTRIBUTE_CRC32 ? blocks : []) {
    block.crc32 = readWord(bytes, at);
    at += 4;
  }
  for (const block of flags & ATTRIBUTE_FILETIME ? blocks : []) {
    block.fileTime = view.getBigUint64(at, true);
    at += FILETIME_SIZE;
  }
  for (const block of flags & ATTRIBUTE_MD5 ? blocks : []) {
    block.md5 = bytes.slice(at, at + MD5_SIZE);
    at += MD5_SIZE;
  }
  if (flags & ATTRIBUTE_PATCH_BIT)
    blocks.forEach((block, index) => (block.patch = ((bytes[at + (index >> 3)]! >> (index & 7)) & 1) === 1));
  return { flags, blocks };
}

/** Writes `(attributes)` for `blocks` with `flags`. */
export function formatAttributes(flags: number, blocks: readonly BlockAttributes[]): Uint8Array {
  const bytes = new Uint8Array(sizeFor(flags, blocks.length));
  const view = new DataView(bytes.buffer);
  writeWord(bytes, 0, ATTRIBUTES_VERSION);
  writeWord(bytes, 4, flags);
  let at = ATTRIBUTES_HEADER_SIZE;
  for (const block of flags & ATTRIBUTE_CRC32 ? blocks : []) {
    writeWord(bytes, at, block.crc32);
    at += 4;
  }
  for (const block of flags & ATTRIBUTE_FILETIME ? blocks : []) {
    view.setBigUint64(at, block.fileTime, true);
    at += FILETIME_SIZE;
  }
  for (const block of flags & ATTRIBUTE_MD5 ? blocks : []) {
    bytes.set(block.md5, at);
    at += MD5_SIZE;
  }
  if (flags & ATTRIBUTE_PATCH_BIT)
    blocks.forEach((block, index) => {
      if (block.patch) bytes[at + (index >> 3)]! |= 1 << (index & 7);
    });
  return bytes;
}

/** A Windows FILETIME for a time in milliseconds since 1970. */
export function fileTimeOf(unixMilliseconds: number): bigint {
  return BigInt(Math.round(unixMilliseconds)) * 10000n + FILETIME_UNIX_EPOCH;
}
