/**
 * What a file is, decided once for every reader (the CLI's inspect, events, validate, convert and dump, and the
 * editor): MDX when it starts with `MDLX`; MDL when its first word (after white space, comments and a byte order
 * mark) is a model block keyword (`Version`, `Model`, `Geoset`, `EventObject`, … — the registry's); anything else is
 * not a model. Then the format's reader opens it: MDX by walking its chunk table, MDL by splitting its top level into
 * blocks. Both refuse only what cannot be walked or split — bytes cut short, a chunk table that does not add up,
 * text cut inside a block — with a CodecError naming the file's field and offset; everything else opens, with
 * diagnostics.
 */
import { CodecError } from '../binary/codec-error';
import { readMdlText } from '../mdl/mdl-text';
import type { MdlText } from '../mdl/types';
import { isMdx } from '../mdx/container';
import { readMdx, type MdxModel } from './mdx-file';
import { blockRank } from './registry';

/** The two model formats. */
export type ModelFormat = 'mdx' | 'mdl';

/** A model file opened: its chunk list (MDX) or its blocks (MDL), nothing else read. */
export type OpenedModelFile =
  { readonly format: 'mdx'; readonly mdx: MdxModel } | { readonly format: 'mdl'; readonly mdl: MdlText };

/** Bytes looked at to find the first word of a text model. */
const TEXT_PROBE_BYTES = 4096;

/** Whether `byte` is white space in MDL. */
function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c || byte === 0x0b;
}

/**
 * The first word of `bytes` as MDL text — after white space, `//` and `/* … *\/` comments and a UTF-8 byte order
 * mark — or null when the text does not start with a word (or has a NUL where a word should be).
 */
function firstMdlWord(bytes: Uint8Array): string | null {
  const end = Math.min(bytes.byteLength, TEXT_PROBE_BYTES);
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < end) {
    const byte = bytes[at]!;
    if (isSpace(byte)) at += 1;
    else if (byte === 0x2f && bytes[at + 1] === 0x2f) {
      while (at < end && bytes[at] !== 0x0a) at += 1;
    } else if (byte === 0x2f && bytes[at + 1] === 0x2a) {
      at += 2;
      while (at < end && !(bytes[at] === 0x2a && bytes[at + 1] === 0x2f)) at += 1;
      at += 2;
    } else break;
  }
  let word = '';
  while (at < end) {
    const byte = bytes[at]!;
    const letter = (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39);
    if (!letter) break;
    word += String.fromCharCode(byte);
    at += 1;
  }
  return word === '' ? null : word;
}

/**
 * Which model format `bytes` hold, by content: `MDLX` first is MDX; text is MDL when its first word is a model
 * block keyword; anything else is neither (null).
 */
export function sniffModelFormat(bytes: Uint8Array): ModelFormat | null {
  if (isMdx(bytes)) return 'mdx';
  const word = firstMdlWord(bytes);
  return word !== null && blockRank(word) !== -1 ? 'mdl' : null;
}

/** What the first bytes look like, for the refusal of a file that is not a model. */
function describeStart(bytes: Uint8Array): string {
  const word = firstMdlWord(bytes);
  if (word !== null) return `its text starts with "${word.slice(0, 24)}", which is not an MDL block`;
  const shown = Array.from(bytes.subarray(0, 4), (byte) =>
    byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`,
  ).join('');
  return `it starts with "${shown}", not "MDLX" nor an MDL block`;
}

/**
 * Opens model bytes, deciding the format by content ({@link sniffModelFormat}); the file name only names the
 * format of the refusal of bytes that are neither. Throws CodecError for an empty file, for bytes that are neither
 * format, and for bytes the format's reader cannot walk or split.
 */
export function openModelFile(bytes: Uint8Array, fileName: string): OpenedModelFile {
  const format = /\.mdl$/i.test(fileName) ? 'mdl' : 'mdx';
  if (bytes.byteLength === 0) {
    throw new CodecError({ format, kind: 'truncated', where: 'file', offset: 0, detail: 'the file is empty' });
  }
  switch (sniffModelFormat(bytes)) {
    case 'mdx':
      return { format: 'mdx', mdx: readMdx(bytes) };
    case 'mdl':
      return { format: 'mdl', mdl: readMdlText(bytes) };
    default:
      throw new CodecError({
        format,
        kind: 'invalid',
        where: 'file',
        offset: 0,
        detail: `not an MDX or MDL model: ${describeStart(bytes)}`,
      });
  }
}
