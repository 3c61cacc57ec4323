/**
 * MDL lexical rules, shared by the structural scan, the per-level tokenizer and the full tokenizer.
 *
 * - Whitespace: space, tab, CR, LF, VT, FF (and a UTF-8 byte order mark at the very start).
 * - Comments: `//` to the end of the line, `/* … *\/`.
 * - Strings: `"` to the next `"`, no escapes (Warcraft III's tools write game paths such as
 *   `"Abilities\Weapons\Foo.mdl"` with bare backslashes). A string may span lines.
 * - Punctuation: `{`, `}`, `,`, `:`.
 * - Words: maximal runs of any other bytes (identifiers, keywords, numbers, `1.#IND`), stopped by
 *   the characters above and by a comment opener. A word that reads as a decimal number (sign,
 *   digits, optional fraction, optional exponent) is a Number.
 * - Control bytes (0x00–0x08, 0x0E–0x1F) outside strings and comments are not MDL text.
 */

/** Token kinds (stored in `Uint8Array`s). */
export const TokenKind = {
  Word: 0,
  Number: 1,
  String: 2,
  /** A `{`. In a level's tokens (tree.ts) it spans its whole group, up to and including the `}`. */
  OpenBrace: 3,
  CloseBrace: 4,
  Comma: 5,
  Colon: 6,
  LineComment: 7,
  BlockComment: 8,
  Whitespace: 9,
} as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** Readable names of the token kinds, by value. */
export const TOKEN_KIND_NAMES: readonly string[] = Object.keys(TokenKind);

/** True for whitespace and comments. */
export function isTrivia(kind: number): boolean {
  return kind >= TokenKind.LineComment;
}

export const BYTE_TAB = 0x09;
export const BYTE_LF = 0x0a;
export const BYTE_VT = 0x0b;
export const BYTE_FF = 0x0c;
export const BYTE_CR = 0x0d;
export const BYTE_SPACE = 0x20;
export const BYTE_QUOTE = 0x22;
export const BYTE_STAR = 0x2a;
export const BYTE_PLUS = 0x2b;
export const BYTE_COMMA = 0x2c;
export const BYTE_MINUS = 0x2d;
export const BYTE_DOT = 0x2e;
export const BYTE_SLASH = 0x2f;
export const BYTE_0 = 0x30;
export const BYTE_9 = 0x39;
export const BYTE_COLON = 0x3a;
export const BYTE_E_UPPER = 0x45;
export const BYTE_E_LOWER = 0x65;
export const BYTE_OPEN_BRACE = 0x7b;
export const BYTE_CLOSE_BRACE = 0x7d;

/** Length of a UTF-8 byte order mark at offset 0 (EF BB BF), or 0. */
export function byteOrderMarkLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** True for MDL whitespace bytes. */
export function isWhitespaceByte(code: number): boolean {
  // Literals, not the constants above: the bundler makes those `var`s, read from memory at every use.
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0b || code === 0x0c;
}

/** True for control bytes that cannot appear outside strings and comments. */
export function isControlByte(code: number): boolean {
  return (
    code < BYTE_SPACE &&
    code !== BYTE_TAB &&
    code !== BYTE_LF &&
    code !== BYTE_CR &&
    code !== BYTE_VT &&
    code !== BYTE_FF
  );
}

function isDigit(code: number): boolean {
  return code >= BYTE_0 && code <= BYTE_9;
}

/** True when `bytes[start, end)` is a decimal number: sign, digits with an optional fraction, optional exponent. */
export function isNumberSpan(bytes: Uint8Array, start: number, end: number): boolean {
  let index = start;
  let code = bytes[index];
  if (code === BYTE_MINUS || code === BYTE_PLUS) index += 1;
  let digits = 0;
  while (index < end && isDigit(bytes[index]!)) {
    index += 1;
    digits += 1;
  }
  if (index < end && bytes[index] === BYTE_DOT) {
    index += 1;
    while (index < end && isDigit(bytes[index]!)) {
      index += 1;
      digits += 1;
    }
  }
  if (digits === 0) return false;
  if (index < end) {
    code = bytes[index];
    if (code !== BYTE_E_LOWER && code !== BYTE_E_UPPER) return false;
    index += 1;
    code = bytes[index];
    if (code === BYTE_MINUS || code === BYTE_PLUS) index += 1;
    let exponentDigits = 0;
    while (index < end && isDigit(bytes[index]!)) {
      index += 1;
      exponentDigits += 1;
    }
    if (exponentDigits === 0) return false;
  }
  return index === end;
}

/**
 * 1 for the bytes that end a word (whitespace, `{`, `}`, `,`, `:`, `"`, control bytes), 2 for `/` (which ends it
 * when it opens a comment).
 */
const WORD_STOPS = (() => {
  const stops = new Uint8Array(256);
  for (let code = 0; code < 256; code += 1) {
    const ends =
      isWhitespaceByte(code) ||
      code === BYTE_OPEN_BRACE ||
      code === BYTE_CLOSE_BRACE ||
      code === BYTE_COMMA ||
      code === BYTE_COLON ||
      code === BYTE_QUOTE ||
      isControlByte(code);
    stops[code] = ends ? 1 : code === BYTE_SLASH ? 2 : 0;
  }
  return stops;
})();

/** End of the word starting at `index`. */
export function wordEnd(bytes: Uint8Array, index: number, limit: number): number {
  const stops = WORD_STOPS;
  let end = index + 1;
  while (end < limit) {
    const stop = stops[bytes[end]!]!;
    if (stop !== 0) {
      if (stop === 1) break;
      const next = bytes[end + 1];
      if (next === 0x2f /* / */ || next === 0x2a /* * */) break;
    }
    end += 1;
  }
  return end;
}

/** End of the line comment starting at `index` (before its CR or LF). */
export function lineCommentEnd(bytes: Uint8Array, index: number, limit: number): number {
  let end = index + 2;
  while (end < limit && bytes[end] !== BYTE_LF && bytes[end] !== BYTE_CR) end += 1;
  return end;
}

/** End of the block comment starting at `index` (after its `*\/`), or -1 when it is not closed before `limit`. */
export function blockCommentEnd(bytes: Uint8Array, index: number, limit: number): number {
  for (let end = index + 2; end + 1 < limit; end += 1) {
    if (bytes[end] === BYTE_STAR && bytes[end + 1] === BYTE_SLASH) return end + 2;
  }
  return -1;
}

/** End of the string starting at `index` (after its closing quote), or -1 when it is not closed before `limit`. */
export function stringEnd(bytes: Uint8Array, index: number, limit: number): number {
  const close = bytes.indexOf(BYTE_QUOTE, index + 1);
  return close < 0 || close >= limit ? -1 : close + 1;
}

/**
 * Lexes one token that is not a brace at `index` (text already validated by the scan) and
 * returns `end * 16 + kind`, allocation-free: `kind = packed % 16`, `end = (packed - kind) / 16`.
 */
export function lexToken(bytes: Uint8Array, index: number, limit: number): number {
  // Bytes and kinds as literals: the bundler makes module constants `var`s, read from memory at every use.
  const code = bytes[index]!;
  if (isWhitespaceByte(code)) {
    let end = index + 1;
    while (end < limit && isWhitespaceByte(bytes[end]!)) end += 1;
    return end * 16 + 9; // TokenKind.Whitespace
  }
  if (code === 0x2f /* / */) {
    const next = bytes[index + 1];
    if (next === 0x2f /* / */) return lineCommentEnd(bytes, index, limit) * 16 + 7; // TokenKind.LineComment
    if (next === 0x2a /* * */) {
      const end = blockCommentEnd(bytes, index, limit);
      return (end < 0 ? limit : end) * 16 + 8; // TokenKind.BlockComment
    }
  }
  if (code === 0x22 /* " */) {
    const end = stringEnd(bytes, index, limit);
    return (end < 0 ? limit : end) * 16 + 2; // TokenKind.String
  }
  if (code === 0x2c /* , */) return (index + 1) * 16 + 5; // TokenKind.Comma
  if (code === 0x3a /* : */) return (index + 1) * 16 + 6; // TokenKind.Colon
  const end = wordEnd(bytes, index, limit);
  return end * 16 + (isNumberSpan(bytes, index, end) ? 1 : 0); // TokenKind.Number or Word
}
