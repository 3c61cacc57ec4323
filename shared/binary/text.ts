/**
 * Text helpers for fixed-size, NUL-padded name fields in binary formats.
 *
 * Names are decoded as latin1 (one character per byte), so that any byte sequence round-trips
 * exactly; UTF-8 decoding is offered separately for display.
 */

/** Decodes bytes up to the first NUL as latin1 (lossless: one char per byte). */
export function readLatin1Until0(bytes: Uint8Array): string {
  let end = bytes.indexOf(0);
  if (end === -1) end = bytes.length;
  // Names (80 bytes at most) are short: a loop is faster than spreading a typed array into arguments.
  if (end <= SHORT_TEXT) {
    let short = '';
    for (let index = 0; index < end; index += 1) short += String.fromCharCode(bytes[index]!);
    return short;
  }
  let text = '';
  // In slices, so that a long field never passes too many arguments at once.
  for (let start = 0; start < end; start += LATIN1_SLICE)
    text += String.fromCharCode.apply(null, bytes.subarray(start, Math.min(end, start + LATIN1_SLICE)) as never);
  return text;
}

/** Up to this many characters, text is decoded one character at a time. */
const SHORT_TEXT = 96;

/** Characters decoded per String.fromCharCode call. */
const LATIN1_SLICE = 4096;

/** Encodes a latin1 string (chars 0..255) into bytes; throws on a char above 255. */
export function encodeLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) throw new RangeError(`character ${JSON.stringify(text[index])} cannot be stored in a single byte`);
    bytes[index] = code;
  }
  return bytes;
}

/** Decodes latin1-stored bytes as UTF-8 for display when they form valid UTF-8; otherwise returns them as is. */
export function latin1ToDisplay(text: string): string {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index) & 0xff;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return text;
  }
}
