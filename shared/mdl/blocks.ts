/**
 * The blocks of an MDL text: its top-level statements, each with the range of text it owns — so that an edit scans
 * again only the blocks it changes, and the model (shared/model) reads again only those.
 *
 * Which block owns the text between two statements: a block runs from the start of the line where its statement
 * starts to the start of the line where the next block's statement starts. The comments and blank lines after a
 * block's statement belong to it; the first block also owns whatever precedes its statement (a byte order mark, a
 * header comment). The split goes after the last line break of the gap between two statements that lies outside a
 * comment, so statements with no such line break between them (`A { } B { }`, or a `/* … *\/` comment running from
 * one's line onto the other's) share a block. Every block starts a line and every block but the last ends with its
 * line break: every layout question an edit asks (where a line starts, its indentation, the comment after a
 * statement) has the same answer in the block alone as in the whole text, so a changed block is scanned and read
 * on its own.
 */
import { BYTE_CR, BYTE_LF, lexToken, TokenKind } from './lexer';
import type { MdlSource } from './scan';
import { MdlTree, type MdlStatement } from './tree';
import type { MdlBlock } from './types';

/** A block's range and statements, before it is read. */
export interface BlockRange {
  start: number;
  end: number;
  statements: MdlStatement[];
}

/**
 * Offset just past the last line break in `bytes[from, to)` that lies outside comments (a CR LF pair counts as
 * one), or -1 when there is none. The range holds only whitespace, comments and stray commas.
 */
function lastLineStart(bytes: Uint8Array, from: number, to: number): number {
  let found = -1;
  let index = from;
  while (index < to) {
    const packed = lexToken(bytes, index, to);
    const kind = packed % 16;
    const end = (packed - kind) / 16;
    if (kind === TokenKind.Whitespace) {
      for (let offset = end - 1; offset >= index; offset -= 1) {
        const code = bytes[offset]!;
        if (code === BYTE_LF || (code === BYTE_CR && bytes[offset + 1] !== BYTE_LF)) {
          found = offset + 1;
          break;
        }
      }
    }
    index = end;
  }
  return found;
}

/**
 * Groups top-level statements into block ranges over `[from, to)` (see the module comment). The first range starts
 * at the start of its statement's line, which may be after `from`: the caller gives the text before it to the
 * block before (or lets the first block of a text own it).
 */
export function blockRanges(
  source: MdlSource,
  statements: readonly MdlStatement[],
  from: number,
  to: number,
): BlockRange[] {
  const ranges: BlockRange[] = [];
  let previousEnd = from;
  for (const statement of statements) {
    const split = lastLineStart(source.bytes, previousEnd, statement.start);
    const current = ranges[ranges.length - 1];
    if (current === undefined) {
      ranges.push({ start: split < 0 ? from : split, end: to, statements: [statement] });
    } else if (split < 0) {
      current.statements.push(statement);
    } else {
      current.end = split;
      ranges.push({ start: split, end: to, statements: [statement] });
    }
    previousEnd = statement.end;
  }
  return ranges;
}

/** The top-level block (`statement` itself at the top level) a statement belongs to. */
function rootOf(statement: MdlStatement): MdlStatement {
  let root = statement;
  while (root.parent !== null) root = root.parent;
  return root;
}

/** Records the block of each of its statements (when it is made, and when a cloned text is revived). */
export function registerBlock(block: MdlBlock): void {
  for (const statement of block.statements) statement.block = block;
}

/** The block a statement lies in; throws RangeError for a statement of no block (not read by readMdl). */
export function blockOf(statement: MdlStatement): MdlBlock {
  const block = rootOf(statement).block;
  if (block === null) throw new RangeError(`${statement.path} is not a statement of a model's block`);
  return block;
}

/** The block's bytes: a view of its source. */
export function blockBytes(block: MdlBlock): Uint8Array {
  return block.source.bytes.subarray(block.start, block.end);
}

/** The blocks of the ranges of a scanned text (registered, for edits to find a statement's block). */
export function makeBlocks(source: MdlSource, ranges: readonly BlockRange[]): MdlBlock[] {
  return ranges.map((range) => {
    const block: MdlBlock = { source, start: range.start, end: range.end, statements: range.statements };
    registerBlock(block);
    return block;
  });
}

/**
 * Scans `bytes` on their own and splits them into blocks, the first owning everything before its statement (a text
 * with no statement is one block with no statements). Throws CodecError for text that is not MDL (see MdlTree).
 */
export function readTextBlocks(bytes: Uint8Array): MdlBlock[] {
  const tree = new MdlTree(bytes);
  const ranges = blockRanges(tree.source, tree.statements, 0, bytes.length);
  if (ranges.length === 0) ranges.push({ start: 0, end: bytes.length, statements: [] });
  ranges[0]!.start = 0;
  return makeBlocks(tree.source, ranges);
}

/** How a block's text ends its lines: its first line feed (after a CR or not), or CR alone when it has no LF. */
type BlockNewline = '\r\n' | '\n' | '\r' | null;

const newlines = new WeakMap<MdlBlock, BlockNewline>();

/** The first line ending in a block's text (null when it has none), memoized per block. */
export function blockNewline(block: MdlBlock): BlockNewline {
  let newline = newlines.get(block);
  if (newline === undefined) {
    const bytes = blockBytes(block);
    const lineFeed = bytes.indexOf(BYTE_LF);
    if (lineFeed >= 0) newline = lineFeed > 0 && bytes[lineFeed - 1] === BYTE_CR ? '\r\n' : '\n';
    else newline = bytes.includes(BYTE_CR) ? '\r' : null;
    newlines.set(block, newline);
  }
  return newline;
}
