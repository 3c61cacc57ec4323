/** The MPQ archive reader and map writer: see README.md in this folder. */
export { MpqArchive, unnamedLabel, type MpqEntry, type MpqOpenOptions } from './archive';
export { memorySource, type ByteSource } from './source';
export { compressionNames } from './compression';
export type { Inflater } from './zlib';
export { emptyMpq, gamePathKey, writeMpq, type MpqEdit, type MpqWriteOptions, type MpqWriteResult } from './writer';
export * from './constants';
