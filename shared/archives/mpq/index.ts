/** The MPQ archive reader and map writer: see README.md in this folder. */
export { MpqArchive, unnamedLabel, type MpqEntry, type MpqOpenOptions } from './archive';
export { memorySource, type ByteSource } from './source';
export { compressionNames } from './compression';
export * from './constants';
