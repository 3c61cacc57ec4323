/**
 * Line layout over MDL bytes, for edits that add or remove whole lines: where a line starts and
 * ends, its indentation, and the `// comment` that may follow a statement on its line.
 */
import { BYTE_CR, BYTE_LF, BYTE_SLASH, BYTE_SPACE, BYTE_TAB } from './lexer';
import { decodeLatin1 } from './text';

/** Offset of the start of the line holding `offset`. */
export function lineStartOf(bytes: Uint8Array, offset: number): number {
  let index = offset;
  while (index > 0 && bytes[index - 1] !== BYTE_LF && bytes[index - 1] !== BYTE_CR) index -= 1;
  return index;
}

/** Offset of the line break (CR or LF) ending the line holding `offset`, or the end of the bytes. */
export function lineEndOf(bytes: Uint8Array, offset: number): number {
  let index = offset;
  while (index < bytes.length && bytes[index] !== BYTE_LF && bytes[index] !== BYTE_CR) index += 1;
  return index;
}

/** Offset just past the line break at `lineEnd` (CRLF, LF or CR), or `lineEnd` at the end of the bytes. */
export function afterLineBreak(bytes: Uint8Array, lineEnd: number): number {
  if (bytes[lineEnd] === BYTE_CR) return bytes[lineEnd + 1] === BYTE_LF ? lineEnd + 2 : lineEnd + 1;
  if (bytes[lineEnd] === BYTE_LF) return lineEnd + 1;
  return lineEnd;
}

function isBlank(code: number | undefined): boolean {
  return code === BYTE_SPACE || code === BYTE_TAB;
}

/** True when only spaces and tabs precede `offset` on its line. */
export function startsLine(bytes: Uint8Array, offset: number): boolean {
  for (let index = lineStartOf(bytes, offset); index < offset; index += 1) if (!isBlank(bytes[index])) return false;
  return true;
}

/** The spaces and tabs that begin the line holding `offset`. */
export function indentAt(bytes: Uint8Array, offset: number): string {
  const start = lineStartOf(bytes, offset);
  let end = start;
  while (isBlank(bytes[end])) end += 1;
  return decodeLatin1(bytes, start, end);
}

/**
 * End of what belongs to a statement ending at `end` on its line: `end`, or the end of a
 * `// comment` that follows it on the same line (`Parent 0,\t// "Arrow"`).
 */
export function trailingCommentEnd(bytes: Uint8Array, end: number): number {
  let index = end;
  while (isBlank(bytes[index])) index += 1;
  if (bytes[index] === BYTE_SLASH && bytes[index + 1] === BYTE_SLASH) return lineEndOf(bytes, index);
  return end;
}

/** Start and end offsets of a text range. */
export interface Range {
  start: number;
  end: number;
}

/**
 * The range to delete to remove `[start, end)`: whole lines (indentation, a trailing `//` comment
 * and the line break included) when the span has its lines to itself; else the span and the blanks
 * before it.
 */
export function removalRange(bytes: Uint8Array, start: number, end: number): Range {
  const commentEnd = trailingCommentEnd(bytes, end);
  const lineEnd = lineEndOf(bytes, commentEnd);
  let rest = commentEnd;
  while (isBlank(bytes[rest])) rest += 1;
  if (startsLine(bytes, start) && rest === lineEnd) {
    return { start: lineStartOf(bytes, start), end: afterLineBreak(bytes, lineEnd) };
  }
  let from = start;
  while (from > 0 && isBlank(bytes[from - 1])) from -= 1;
  return { start: from, end };
}

/**
 * Offset where a new line can be added after the statement ending at `end`: the end of its line
 * (before the break) when only blanks or a `//` comment follow it there, else `end` itself (the
 * line goes on with a `}` or another statement).
 */
export function lineInsertionAfter(bytes: Uint8Array, end: number): number {
  const commentEnd = trailingCommentEnd(bytes, end);
  if (commentEnd > end) return commentEnd;
  let index = end;
  while (isBlank(bytes[index])) index += 1;
  return index >= bytes.length || bytes[index] === BYTE_LF || bytes[index] === BYTE_CR ? index : end;
}

/** True when no line break lies in `[start, end)`. */
export function isSingleLine(bytes: Uint8Array, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1)
    if (bytes[index] === BYTE_LF || bytes[index] === BYTE_CR) return false;
  return true;
}

/** A `// "Name"` comment as Retera's tools write it after `Parent N,`. */
export interface ParentComment {
  name: string;
  /** Span of the name between the quotes. */
  nameStart: number;
  nameEnd: number;
}

/** The `// "Name"` comment on the line of a statement ending at `end`, or null. */
export function parentComment(bytes: Uint8Array, end: number): ParentComment | null {
  let index = end;
  while (isBlank(bytes[index])) index += 1;
  if (bytes[index] !== BYTE_SLASH || bytes[index + 1] !== BYTE_SLASH) return null;
  const commentEnd = lineEndOf(bytes, index);
  const comment = decodeLatin1(bytes, index, commentEnd);
  const match = /^\/\/[ \t]*"([^"]*)"[ \t]*$/.exec(comment);
  if (match === null) return null;
  const nameStart = index + comment.indexOf('"') + 1;
  return { name: match[1]!, nameStart, nameEnd: nameStart + match[1]!.length };
}
