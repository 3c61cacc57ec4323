/**
 * The one entry point: recognise a texture by its first bytes (the file name only breaks ties —
 * TGA has no magic) and decode it, or refuse clearly when the bytes are some other kind of file.
 */
import { CodecError } from '../binary/codec-error';
import { decodeBlp } from './blp';
import { decodeDds } from './dds';
import { decodeTga, looksLikeTga } from './tga';
import type { DecodedTexture } from './types';

/** What the first bytes say a file is. */
export type TextureKind = 'blp' | 'dds' | 'tga' | 'unknown';

/** Signatures of files that are not textures, for a message naming what they are instead. */
const NOT_TEXTURES: { test: (bytes: Uint8Array) => boolean; what: string }[] = [
  { test: (bytes) => startsWith(bytes, 'MDLX'), what: 'an MDX model' },
  { test: (bytes) => startsWith(bytes, 'Morf'), what: 'an MRF vertex animation' },
  { test: (bytes) => startsWith(bytes, 'MPQ\x1a'), what: 'an MPQ archive' },
  { test: (bytes) => startsWith(bytes, '\x89PNG'), what: 'a PNG image' },
  { test: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff, what: 'a plain JPEG image' },
  { test: (bytes) => startsWith(bytes, 'GIF8'), what: 'a GIF image' },
  {
    test: (bytes) => startsWith(bytes, 'BM') && bytes.length > 14 && bytes[6] === 0 && bytes[7] === 0,
    what: 'a BMP image',
  },
  { test: (bytes) => /^\s*(\/\/|Version\s*\{)/.test(asciiPrefix(bytes, 64)), what: 'an MDL model (text)' },
];

function startsWith(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let index = 0; index < text.length; index += 1) if (bytes[index] !== text.charCodeAt(index)) return false;
  return true;
}

function asciiPrefix(bytes: Uint8Array, length: number): string {
  let text = '';
  for (let index = 0; index < Math.min(length, bytes.length); index += 1) text += String.fromCharCode(bytes[index]!);
  return text;
}

function extensionOf(fileName: string): string {
  const match = /\.([^./\\]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/** Recognises BLP1/BLP2/BLP0 and DDS by magic, TGA by a plausible header (or its extension). */
export function detectTexture(bytes: Uint8Array, fileName = ''): TextureKind {
  if (startsWith(bytes, 'BLP1') || startsWith(bytes, 'BLP2') || startsWith(bytes, 'BLP0')) return 'blp';
  if (startsWith(bytes, 'DDS ')) return 'dds';
  if (NOT_TEXTURES.some((entry) => entry.test(bytes))) return 'unknown';
  if (extensionOf(fileName) === 'tga' || looksLikeTga(bytes)) return 'tga';
  return 'unknown';
}

/**
 * Decodes a BLP, TGA or DDS texture to RGBA8 mip levels. `fileName` names the file in errors and
 * is a hint for TGA, which has no magic. Throws {@link CodecError} — naming the file, field and
 * byte offset — for anything else, e.g. "this is an MDX model, not a BLP texture".
 */
export function decodeTexture(bytes: Uint8Array, fileName = ''): DecodedTexture {
  try {
    switch (detectTexture(bytes, fileName)) {
      case 'blp':
        return decodeBlp(bytes);
      case 'dds':
        return decodeDds(bytes);
      case 'tga':
        return decodeTga(bytes);
      default:
        throw notATexture(bytes, fileName);
    }
  } catch (error) {
    if (error instanceof CodecError && fileName && !error.fileName) throw error.withFileName(fileName);
    throw error;
  }
}

function notATexture(bytes: Uint8Array, fileName: string): CodecError {
  const extension = extensionOf(fileName);
  const expected = ['blp', 'tga', 'dds'].includes(extension)
    ? `a ${extension.toUpperCase()} texture`
    : 'a texture (BLP, TGA or DDS)';
  const known = NOT_TEXTURES.find((entry) => entry.test(bytes));
  if (bytes.length === 0)
    return new CodecError({
      format: 'texture',
      kind: 'truncated',
      where: 'magic',
      offset: 0,
      detail: 'the file is empty',
    });
  if (/^b\d\d$/.test(extension)) {
    return new CodecError({
      format: 'texture',
      kind: 'unsupported',
      where: 'magic',
      offset: 0,
      detail: 'this is an external mip level of a BLP0 (beta) texture, not a texture by itself',
    });
  }
  const detail = known
    ? `this is ${known.what}, not ${expected}`
    : `not ${expected}: unrecognised first ` +
      `bytes ${Array.from(bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join(' ')}`;
  return new CodecError({ format: 'texture', kind: 'invalid', where: 'magic', offset: 0, detail });
}
