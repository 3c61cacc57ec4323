/**
 * Storing files for the writer: a new file as zlib sectors behind a sector offset table (a sector
 * that does not shrink is stored raw), and an existing encrypted file with the offset-adjusted key
 * re-encrypted for its new offset (its sectors are otherwise copied as they are, never recompressed).
 */
import { zlibSync } from 'fflate';
import { COMPRESSION_ZLIB, FILE_COMPRESS, FILE_EXISTS, FILE_IMPLODE, FILE_SINGLE_UNIT } from './constants';
import { decryptInPlace, encryptInPlace, readWord } from './crypto';
import { mpqError } from './errors';
import { offsetTableWords, sectorCountOf, type StoredFile } from './file-reader';

/** Default zlib level for new sectors: zlib's own default, as StormLib uses. */
const ZLIB_LEVEL = 6;

/** A file as it goes into the archive: its stored bytes and block flags. */
export interface StoredBytes {
  stored: Uint8Array;
  flags: number;
}

/** Stores `bytes` as zlib-compressed sectors of `sectorSize` (zlib `level` 1 to 9). */
export function storeNewFile(bytes: Uint8Array, sectorSize: number, level = ZLIB_LEVEL): StoredBytes {
  if (bytes.length === 0) return { stored: new Uint8Array(0), flags: FILE_EXISTS };
  const sectorCount = sectorCountOf(bytes.length, sectorSize);
  const sectors: Uint8Array[] = [];
  let total = (sectorCount + 1) * 4;
  for (let sector = 0; sector < sectorCount; sector += 1) {
    const raw = bytes.subarray(sector * sectorSize, Math.min(bytes.length, (sector + 1) * sectorSize));
    const packed = zlibSync(raw, { level: level as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 });
    let stored: Uint8Array = raw;
    if (packed.length + 1 < raw.length) {
      stored = new Uint8Array(packed.length + 1);
      stored[0] = COMPRESSION_ZLIB;
      stored.set(packed, 1);
    }
    sectors.push(stored);
    total += stored.length;
  }
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = (sectorCount + 1) * 4;
  for (let sector = 0; sector < sectorCount; sector += 1) {
    view.setUint32(sector * 4, at, true);
    out.set(sectors[sector]!, at);
    at += sectors[sector]!.length;
  }
  view.setUint32(sectorCount * 4, at, true);
  return { stored: out, flags: FILE_EXISTS | FILE_COMPRESS };
}

/** The key a file with the offset-adjusted key gets at `newBlockOffset`, from its key at its old offset. */
export function movedKey(oldKey: number, oldBlockOffset: number, newBlockOffset: number, fileSize: number): number {
  const base = (((oldKey ^ fileSize) >>> 0) - oldBlockOffset) >>> 0;
  return (((base + newBlockOffset) >>> 0) ^ fileSize) >>> 0;
}

function recrypt(bytes: Uint8Array, oldKey: number, newKey: number): void {
  decryptInPlace(bytes, oldKey);
  encryptInPlace(bytes, newKey);
}

/** A copy of an encrypted file's stored bytes re-encrypted from `oldKey` to `newKey`. */
export function reencrypted(
  stored: Uint8Array,
  file: StoredFile,
  sectorSize: number,
  oldKey: number,
  newKey: number,
): Uint8Array {
  const out = stored.slice();
  if (file.fileSize === 0) return out;
  if (file.flags & FILE_SINGLE_UNIT) {
    recrypt(out, oldKey, newKey);
    return out;
  }
  if (!(file.flags & (FILE_COMPRESS | FILE_IMPLODE))) {
    for (let sector = 0, at = 0; at < file.fileSize; sector += 1, at += sectorSize)
      recrypt(
        out.subarray(at, Math.min(file.fileSize, at + sectorSize)),
        (oldKey + sector) >>> 0,
        (newKey + sector) >>> 0,
      );
    return out;
  }
  const words = offsetTableWords(file, sectorSize);
  const table = out.subarray(0, words * 4);
  if (table.length < words * 4) throw mpqError('truncated', `file ${file.label}`, file.offset, 'offset table cut off');
  decryptInPlace(table, (oldKey - 1) >>> 0);
  const offsets = Array.from({ length: words }, (_, word) => readWord(table, word * 4));
  encryptInPlace(table, (newKey - 1) >>> 0);
  const sectorCount = sectorCountOf(file.fileSize, sectorSize);
  for (let sector = 0; sector < sectorCount; sector += 1) {
    const start = offsets[sector]!;
    const end = offsets[sector + 1]!;
    if (end < start || end > out.length)
      throw mpqError('invalid', `file ${file.label} sector ${sector}`, file.offset + start, 'sector offsets lie');
    recrypt(out.subarray(start, end), (oldKey + sector) >>> 0, (newKey + sector) >>> 0);
  }
  // The checksum block after the last sector is not encrypted: it stays as it is.
  return out;
}
