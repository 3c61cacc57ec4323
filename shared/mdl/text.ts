/**
 * MDL text plumbing: lossless byte <-> text conversion, line/column lookup, and the one
 * CodecError constructor every MDL module uses.
 *
 * MDL is read as bytes and interpreted as latin1 (one character per byte), so that any byte
 * sequence — UTF-8, Windows-1252 or garbage — survives a read/write untouched, and character
 * offsets equal byte offsets. Names are shown to people through `latin1ToDisplay`
 * (shared/binary/text).
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';

/** Bytes of the largest slice handed to `String.fromCharCode` at once (stays under argument limits). */
const DECODE_SLICE_BYTES = 0x2000;
/** Spans up to this long are decoded with a plain loop. */
const SHORT_SPAN_BYTES = 64;

let utf16Decoder: TextDecoder | null | undefined;

function wideDecoder(): TextDecoder | null {
  if (utf16Decoder === undefined) {
    try {
      utf16Decoder = new TextDecoder('utf-16le');
    } catch {
      utf16Decoder = null;
    }
  }
  return utf16Decoder;
}

/**
 * Short texts recently decoded (keywords, flags, names: a model repeats them thousands of times), by a hash of their
 * bytes: a text found here is returned again instead of built, which spares the garbage of building it.
 */
const INTERNED_BITS = 10;
const INTERNED_SPAN_BYTES = 32;
const internedTexts: string[] = new Array<string>(1 << INTERNED_BITS).fill('');

/** `bytes[start, end)` (at most INTERNED_SPAN_BYTES) as latin1, from the interned texts when it is there. */
function internedText(bytes: Uint8Array, start: number, end: number): string {
  let hash = end - start;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  const slot = hash >>> (32 - INTERNED_BITS);
  const known = internedTexts[slot]!;
  if (known.length === end - start) {
    let index = start;
    while (index < end && known.charCodeAt(index - start) === bytes[index]) index += 1;
    if (index === end) return known;
  }
  const text = plainText(bytes, start, end);
  internedTexts[slot] = text;
  return text;
}

function plainText(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let index = start; index < end; index += 1) text += String.fromCharCode(bytes[index]!);
  return text;
}

/** Decodes `bytes[start, end)` as latin1: one character per byte, lossless. */
export function decodeLatin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const length = end - start;
  if (length <= INTERNED_SPAN_BYTES) return internedText(bytes, start, end);
  if (length <= SHORT_SPAN_BYTES) return plainText(bytes, start, end);
  const decoder = wideDecoder();
  if (decoder !== null) {
    // Each byte widened to a UTF-16 code unit below 0x100 is exactly its latin1 character.
    const wide = new Uint16Array(length);
    wide.set(bytes.subarray(start, end));
    return decoder.decode(wide);
  }
  const parts: string[] = [];
  for (let offset = start; offset < end; offset += DECODE_SLICE_BYTES) {
    const slice = bytes.subarray(offset, Math.min(end, offset + DECODE_SLICE_BYTES));
    parts.push(String.fromCharCode.apply(null, slice as unknown as number[]));
  }
  return parts.join('');
}

/** Decodes whole MDL bytes as latin1 text (lossless). */
export function decodeMdlBytes(bytes: Uint8Array): string {
  return decodeLatin1(bytes);
}

/** Encodes MDL text to bytes (latin1); throws RangeError on a character above 255. */
export function encodeMdlText(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) {
      throw new RangeError(
        `MDL text holds ${JSON.stringify(text[index])} at character ${index}, which is not a single byte`,
      );
    }
    bytes[index] = code;
  }
  return bytes;
}

/** 1-based line and column of a character offset. */
export interface LineColumn {
  line: number;
  column: number;
}

/** Line and column (both from 1) of `offset` in `bytes`; `\r\n`, `\n` and a lone `\r` each end a line. */
export function lineColumnAt(bytes: Uint8Array, offset: number): LineColumn {
  const end = Math.max(0, Math.min(offset, bytes.length));
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < end; index += 1) {
    const code = bytes[index]!;
    if (code === 0x0a || (code === 0x0d && bytes[index + 1] !== 0x0a)) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Builds the CodecError for MDL text: `where` is a block path, the detail ends with the line and column. */
export function mdlError(
  bytes: Uint8Array,
  kind: CodecErrorKind,
  where: string,
  offset: number,
  detail: string,
): CodecError {
  const { line, column } = lineColumnAt(bytes, offset);
  return new CodecError({ format: 'mdl', kind, where, offset, detail: `${detail} (line ${line}, column ${column})` });
}
