/**
 * The full MDL tokenizer: every token of the text, as spans, braces matched.
 *
 * A token is a kind plus a character span `[start, end)`; nothing is copied. With `trivia: true`
 * whitespace and comment tokens are included and the spans tile the whole text, so the source is
 * reproduced exactly from them. The model reader does not use this (it tokenizes lazily, one block
 * level at a time, see tree.ts); it is for tools and tests that want the whole stream. Lexical
 * rules: lexer.ts. Refusals (CodecError): scan.ts.
 */
import { byteOrderMarkLength, BYTE_CLOSE_BRACE, BYTE_OPEN_BRACE, isTrivia, lexToken, TokenKind } from './lexer';
import { grow, scanMdl } from './scan';
import { encodeMdlText } from './text';

export { TokenKind, isTrivia };

/** Tokens of one text, as parallel typed arrays. */
export interface MdlTokens {
  readonly bytes: Uint8Array;
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** For a brace, the index of its partner brace; -1 for every other token. */
  readonly partners: Int32Array;
}

/** Options of {@link tokenizeMdl}. */
export interface TokenizeOptions {
  /** Also emit whitespace and comment tokens (default false: only significant tokens). */
  trivia?: boolean;
}

/** Tokenizes MDL bytes (or latin1 text); throws CodecError for input that cannot be MDL. */
export function tokenizeMdl(input: Uint8Array | string, options: TokenizeOptions = {}): MdlTokens {
  const bytes = typeof input === 'string' ? encodeMdlText(input) : input;
  scanMdl(bytes);
  const keepTrivia = options.trivia === true;
  const length = bytes.length;
  const capacity = Math.max(64, length >>> 2);
  let kinds = new Uint8Array(capacity);
  let starts = new Int32Array(capacity);
  let ends = new Int32Array(capacity);
  let partners = new Int32Array(capacity);
  let count = 0;
  const open: number[] = [];

  const push = (kind: number, start: number, end: number): number => {
    if (count === kinds.length) {
      [kinds, starts, ends, partners] = [grow(kinds), grow(starts), grow(ends), grow(partners)];
    }
    kinds[count] = kind;
    starts[count] = start;
    ends[count] = end;
    partners[count] = -1;
    count += 1;
    return count - 1;
  };

  let index = byteOrderMarkLength(bytes);
  if (index > 0 && keepTrivia) push(TokenKind.Whitespace, 0, index);
  while (index < length) {
    const code = bytes[index]!;
    if (code === BYTE_OPEN_BRACE) {
      open.push(push(TokenKind.OpenBrace, index, index + 1));
      index += 1;
      continue;
    }
    if (code === BYTE_CLOSE_BRACE) {
      const close = push(TokenKind.CloseBrace, index, index + 1);
      const partner = open.pop()!;
      partners[close] = partner;
      partners[partner] = close;
      index += 1;
      continue;
    }
    const packed = lexToken(bytes, index, length);
    const kind = packed % 16;
    const end = (packed - kind) / 16;
    if (keepTrivia || !isTrivia(kind)) push(kind, index, end);
    index = end;
  }
  return {
    bytes,
    count,
    kinds: kinds.subarray(0, count),
    starts: starts.subarray(0, count),
    ends: ends.subarray(0, count),
    partners: partners.subarray(0, count),
  };
}
