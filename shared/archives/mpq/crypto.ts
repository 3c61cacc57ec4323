/**
 * The MPQ cipher: the 0x500-entry crypt table, the name hash, block encryption and decryption,
 * file keys (with the offset-adjusted key), and recovering a file key from a sector offset table.
 * All arithmetic is on unsigned 32-bit words.
 */
import { HASH_FILE_KEY } from './constants';

/** Entries in the crypt table: five rows of 256. */
const CRYPT_TABLE_SIZE = 0x500;
/** Row of the crypt table used by encryption. */
const ENCRYPTION_ROW = 0x400;

function buildCryptTable(): Uint32Array {
  const table = new Uint32Array(CRYPT_TABLE_SIZE);
  let seed = 0x00100001;
  for (let first = 0; first < 0x100; first += 1) {
    for (let row = 0, index = first; row < 5; row += 1, index += 0x100) {
      seed = (seed * 125 + 3) % 0x2aaaab;
      const high = (seed & 0xffff) << 16;
      seed = (seed * 125 + 3) % 0x2aaaab;
      table[index] = (high | (seed & 0xffff)) >>> 0;
    }
  }
  return table;
}

/** The crypt table every hash and key comes from. */
export const cryptTable = buildCryptTable();

/** Upper-cases ASCII letters and turns `/` into `\`, as the game does before hashing a name. */
function normalizedByte(code: number): number {
  if (code >= 0x61 && code <= 0x7a) return code - 0x20;
  if (code === 0x2f) return 0x5c;
  return code & 0xff;
}

/**
 * Hashes a name (one byte per character: the name's latin1 form) for `hashType` 0 (table offset),
 * 1 (name A), 2 (name B) or 3 (file key).
 */
export function hashString(name: string, hashType: number): number {
  let seed1 = 0x7fed7fed;
  let seed2 = 0xeeeeeeee;
  const row = hashType << 8;
  for (let index = 0; index < name.length; index += 1) {
    const code = normalizedByte(name.charCodeAt(index));
    seed1 = (cryptTable[row + code]! ^ ((seed1 + seed2) >>> 0)) >>> 0;
    seed2 = (code + seed1 + seed2 + ((seed2 << 5) >>> 0) + 3) >>> 0;
  }
  return seed1;
}

function nextKey(key: number): number {
  return ((((~key << 0x15) >>> 0) + 0x11111111) | (key >>> 0x0b)) >>> 0;
}

/** Decrypts whole little-endian words of `bytes` in place (a trailing partial word is left as it is). */
export function decryptInPlace(bytes: Uint8Array, key: number): void {
  let seed = 0xeeeeeeee;
  const words = bytes.length >>> 2;
  for (let word = 0, at = 0; word < words; word += 1, at += 4) {
    seed = (seed + cryptTable[ENCRYPTION_ROW + (key & 0xff)]!) >>> 0;
    const stored = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
    const plain = (stored ^ ((key + seed) >>> 0)) >>> 0;
    bytes[at] = plain & 0xff;
    bytes[at + 1] = (plain >>> 8) & 0xff;
    bytes[at + 2] = (plain >>> 16) & 0xff;
    bytes[at + 3] = plain >>> 24;
    key = nextKey(key);
    seed = (plain + seed + ((seed << 5) >>> 0) + 3) >>> 0;
  }
}

/** Encrypts whole little-endian words of `bytes` in place (the inverse of {@link decryptInPlace}). */
export function encryptInPlace(bytes: Uint8Array, key: number): void {
  let seed = 0xeeeeeeee;
  const words = bytes.length >>> 2;
  for (let word = 0, at = 0; word < words; word += 1, at += 4) {
    seed = (seed + cryptTable[ENCRYPTION_ROW + (key & 0xff)]!) >>> 0;
    const plain = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
    const stored = (plain ^ ((key + seed) >>> 0)) >>> 0;
    bytes[at] = stored & 0xff;
    bytes[at + 1] = (stored >>> 8) & 0xff;
    bytes[at + 2] = (stored >>> 16) & 0xff;
    bytes[at + 3] = stored >>> 24;
    key = nextKey(key);
    seed = (plain + seed + ((seed << 5) >>> 0) + 3) >>> 0;
  }
}

/** Decrypts a copy of `bytes` (the source is never changed: it may be a view of the archive). */
export function decrypted(bytes: Uint8Array, key: number): Uint8Array {
  const copy = bytes.slice();
  decryptInPlace(copy, key);
  return copy;
}

/** The part of a game path the file key is made from: after the last `\` or `/`. */
export function plainName(name: string): string {
  const cut = Math.max(name.lastIndexOf('\\'), name.lastIndexOf('/'));
  return cut < 0 ? name : name.slice(cut + 1);
}

/**
 * A file's encryption key: the hash of its plain name, adjusted by the file's offset (relative to
 * the archive header) and size when `fixKey` is set.
 */
export function fileKey(name: string, blockOffset: number, fileSize: number, fixKey: boolean): number {
  const key = hashString(plainName(name), HASH_FILE_KEY);
  return fixKey ? (((key + blockOffset) >>> 0) ^ fileSize) >>> 0 : key;
}

/**
 * Finds the key of an encrypted sector offset table whose first two words are known to be
 * `firstPlain` (the table's size in bytes) and at most `secondMax` (the first sector's end), as the
 * game's tools do for files whose name is unknown. Returns the *file* key (the table's key plus
 * one), or null when no candidate fits.
 */
export function recoverFileKey(
  firstStored: number,
  secondStored: number,
  firstPlain: number,
  secondMax: number,
): number | null {
  // plain = stored ^ (key + seed), seed = 0xEEEEEEEE + table[0x400 + (key & 0xFF)]: try each low byte.
  const combined = (firstStored ^ firstPlain) >>> 0;
  for (let low = 0; low < 0x100; low += 1) {
    const seed = (0xeeeeeeee + cryptTable[ENCRYPTION_ROW + low]!) >>> 0;
    const key = (combined - seed) >>> 0;
    if ((key & 0xff) !== low) continue;
    const words = new Uint8Array(8);
    writeWord(words, 0, firstStored);
    writeWord(words, 4, secondStored);
    decryptInPlace(words, key);
    const first = readWord(words, 0);
    const second = readWord(words, 4);
    if (first === firstPlain && second > first && second <= secondMax) return (key + 1) >>> 0;
  }
  return null;
}

/** Reads a little-endian uint32. */
export function readWord(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** Writes a little-endian uint32. */
export function writeWord(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value & 0xff;
  bytes[at + 1] = (value >>> 8) & 0xff;
  bytes[at + 2] = (value >>> 16) & 0xff;
  bytes[at + 3] = (value >>> 24) & 0xff;
}
