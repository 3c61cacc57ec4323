/**
 * Finding and reading the archive header. The game looks for 'MPQ\x1A' at every 512-byte boundary
 * and reads the 32-byte version 0 header whatever the version and header-size fields say (protected
 * maps put bogus values there), so this does too. Table positions are relative to the header and
 * wrap at 2^32, as the game's 32-bit arithmetic does.
 */
import { BASE_SECTOR_SIZE, HEADER_ALIGNMENT, HEADER_SIZE, HM3W_MAGIC, MAX_SECTOR_SIZE, MPQ_MAGIC } from './constants';
import { readWord } from './crypto';
import { mpqError } from './errors';
import type { ByteSource } from './source';

/** Bytes read at a time while searching for the header. */
const SEARCH_WINDOW = 64 * 1024;

/** The version 0 header fields, as stored. */
export interface MpqHeader {
  /** Absolute offset of the header in the file. */
  offset: number;
  headerSize: number;
  archiveSize: number;
  formatVersion: number;
  sectorSizeShift: number;
  hashTablePosition: number;
  blockTablePosition: number;
  hashTableSize: number;
  blockTableSize: number;
}

/** Reads a little-endian uint16. */
function readHalf(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

/** Parses the 32 header bytes found at `offset`. */
export function parseHeader(bytes: Uint8Array, offset: number): MpqHeader {
  return {
    offset,
    headerSize: readWord(bytes, 4),
    archiveSize: readWord(bytes, 8),
    formatVersion: readHalf(bytes, 12),
    sectorSizeShift: readHalf(bytes, 14),
    hashTablePosition: readWord(bytes, 16),
    blockTablePosition: readWord(bytes, 20),
    hashTableSize: readWord(bytes, 24),
    blockTableSize: readWord(bytes, 28),
  };
}

/** Finds the header at the first 512-byte boundary holding 'MPQ\x1A' and reads it. */
export async function findHeader(source: ByteSource): Promise<MpqHeader> {
  for (let window = 0; window < source.size; window += SEARCH_WINDOW) {
    const bytes = await source.read(window, Math.min(SEARCH_WINDOW + HEADER_SIZE, source.size - window));
    for (let at = 0; at < SEARCH_WINDOW && at + 4 <= bytes.length; at += HEADER_ALIGNMENT) {
      if (readWord(bytes, at) !== MPQ_MAGIC) continue;
      if (at + HEADER_SIZE > bytes.length)
        throw mpqError('truncated', 'header', window + at, 'the archive header is cut off by the end of the file');
      return parseHeader(bytes.subarray(at, at + HEADER_SIZE), window + at);
    }
  }
  throw mpqError('invalid', 'header', 0, 'no MPQ header at any 512-byte boundary');
}

/** The sector size the header names (512 << shift, the shift taken modulo 32 as the game's shift instruction does). */
export function sectorSizeOf(header: MpqHeader): number {
  const size = (BASE_SECTOR_SIZE << (header.sectorSizeShift & 31)) >>> 0;
  if (size < BASE_SECTOR_SIZE || size > MAX_SECTOR_SIZE)
    throw mpqError('limit', 'header.sectorSizeShift', header.offset + 14, `sector size ${size} is out of range`);
  return size;
}

/** True when the file starts with Warcraft III's 'HM3W' map header block. */
export async function hasMapHeaderBlock(source: ByteSource): Promise<boolean> {
  if (source.size < 4) return false;
  return readWord(await source.read(0, 4), 0) === HM3W_MAGIC;
}

/** Absolute offset of a header-relative position, wrapping at 2^32. */
export function absolute(header: MpqHeader, position: number): number {
  return (header.offset + position) >>> 0;
}
