/**
 * MPQ layout constants: byte sizes, magic numbers, block flags and compression masks, in one place.
 * Every archive is read as the game reads it: a version 0 header (32 bytes), a hash table and a
 * block table, whatever the header's version field says.
 */

/** 'MPQ\x1A' read as a little-endian uint32. */
export const MPQ_MAGIC = 0x1a51504d;
/** 'HM3W' read as a little-endian uint32: the map header block Warcraft III puts in front of the archive. */
export const HM3W_MAGIC = 0x57334d48;
/** The archive header is searched for at every multiple of this many bytes. */
export const HEADER_ALIGNMENT = 512;
/** Size of the version 0 header: the only part the game reads. */
export const HEADER_SIZE = 32;
/** Bytes of one hash table entry: name hash A, name hash B, locale (2), platform (2), block index. */
export const HASH_ENTRY_SIZE = 16;
/** Bytes of one block table entry: offset, stored size, file size, flags. */
export const BLOCK_ENTRY_SIZE = 16;
/** Uint32 words per hash or block table entry. */
export const ENTRY_WORDS = 4;
/** The smallest sector (512 << sectorSizeShift). */
export const BASE_SECTOR_SIZE = 512;
/** Largest sector size accepted (512 << 15): bigger shifts are what protectors write, not what anything reads. */
export const MAX_SECTOR_SIZE = 512 << 15;

/** A hash table entry's block index when the slot was never used: ends a lookup. */
export const HASH_ENTRY_EMPTY = 0xffffffff;
/** A hash table entry's block index when its file was deleted: a lookup steps over it. */
export const HASH_ENTRY_DELETED = 0xfffffffe;

/** Block flags. */
export const FILE_IMPLODE = 0x00000100;
export const FILE_COMPRESS = 0x00000200;
export const FILE_ENCRYPTED = 0x00010000;
/** The file key is adjusted by the file's offset and size (`(key + offset) ^ fileSize`). */
export const FILE_FIX_KEY = 0x00020000;
export const FILE_PATCH_FILE = 0x00100000;
export const FILE_SINGLE_UNIT = 0x01000000;
export const FILE_DELETE_MARKER = 0x02000000;
/** An Adler-32 checksum per sector follows the sector offset table. */
export const FILE_SECTOR_CRC = 0x04000000;
export const FILE_EXISTS = 0x80000000;

/** Compression mask bits (first byte of a compressed sector when FILE_COMPRESS is set). */
export const COMPRESSION_HUFFMAN = 0x01;
export const COMPRESSION_ZLIB = 0x02;
export const COMPRESSION_PKWARE = 0x08;
export const COMPRESSION_BZIP2 = 0x10;
export const COMPRESSION_SPARSE = 0x20;
export const COMPRESSION_ADPCM_MONO = 0x40;
export const COMPRESSION_ADPCM_STEREO = 0x80;
/** LZMA (StarCraft II) uses this whole value, not a bit. */
export const COMPRESSION_LZMA = 0x12;

/** Hash types of {@link hashString}. */
export const HASH_TABLE_OFFSET = 0;
export const HASH_NAME_A = 1;
export const HASH_NAME_B = 2;
export const HASH_FILE_KEY = 3;

/** Names of the archive's own files. */
export const LISTFILE_NAME = '(listfile)';
export const ATTRIBUTES_NAME = '(attributes)';
export const SIGNATURE_NAME = '(signature)';
