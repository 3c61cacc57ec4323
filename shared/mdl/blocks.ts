/**
 * The blocks of an MDL text: its top-level statements, each with the range of text it owns and what the codec
 * reads from it, read once and kept — so that an edit reads again only the blocks it changes.
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
import type { Diagnostic } from '../diagnostics';
import { BYTE_CR, BYTE_LF, lexToken, TokenKind } from './lexer';
import { nodeKindOf, readEventObject, readNode } from './nodes';
import { releaseBraceTables, type MdlSource } from './scan';
import {
  readBindPose,
  readGlobalSequences,
  readModelInfo,
  readPivotPoints,
  readSequences,
  readTextures,
  readVersion,
} from './sections';
import { decodeLatin1 } from './text';
import { MdlTree, type MdlStatement } from './tree';
import type { MdlBlock, MdlPart } from './types';

/** Top-level blocks a model has one of: a second one is kept as it is but not read. */
const SINGLE_BLOCKS: ReadonlySet<string> = new Set([
  'Version',
  'Model',
  'Sequences',
  'GlobalSequences',
  'Textures',
  'PivotPoints',
  'BindPose',
]);

/** Bytes after a `Parent N,` looked at for Retera's `// "Name"` comment. */
const PARENT_COMMENT_PROBE_BYTES = 16;

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

/** The block of each top-level statement, for edits to find the block a statement lies in. */
const blockOfRoot = new WeakMap<MdlStatement, MdlBlock>();

/** Records the block of each of its statements (when it is read, and when a cloned model is revived). */
export function registerBlock(block: MdlBlock): void {
  for (const part of block.parts) blockOfRoot.set(part.statement, block);
}

/** The block a statement lies in; throws RangeError for a statement of no block (not read by readMdl). */
export function blockOf(statement: MdlStatement): MdlBlock {
  const block = blockOfRoot.get(rootOf(statement));
  if (block === undefined) throw new RangeError(`${statement.path} is not a statement of a model's block`);
  return block;
}

/** The block's bytes: a view of its source. */
export function blockBytes(block: MdlBlock): Uint8Array {
  return block.source.bytes.subarray(block.start, block.end);
}

/** The singleton keywords (`Version`, `Model`, …) a block holds the read part of. */
export function singletonKeywords(block: MdlBlock): string[] {
  return block.parts
    .filter((part) => part.kind !== 'other' && SINGLE_BLOCKS.has(part.keyword))
    .map((part) => part.keyword);
}

/** Reads one top-level statement; `seen` holds the singleton blocks read before it (and gets this one). */
function readPart(statement: MdlStatement, seen: Set<string>, diagnostics: Diagnostic[]): MdlPart {
  const keyword = statement.keyword;
  const nodeKind = nodeKindOf(keyword);
  if (nodeKind === 'eventObject')
    return { kind: 'node', keyword, statement, node: readEventObject(statement, diagnostics) };
  if (nodeKind !== undefined)
    return { kind: 'node', keyword, statement, node: readNode(statement, nodeKind, diagnostics) };
  if (keyword === 'Camera') return { kind: 'camera', keyword, statement };
  if (!SINGLE_BLOCKS.has(keyword)) return { kind: 'other', keyword, statement, duplicate: false };
  if (seen.has(keyword)) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.duplicate-block',
      message: `a second ${keyword} block is kept as it is but not read`,
      where: statement.path,
      offset: statement.start,
    });
    return { kind: 'other', keyword, statement, duplicate: true };
  }
  seen.add(keyword);
  switch (keyword) {
    case 'Version':
      return { kind: 'version', keyword, statement, version: readVersion(statement) };
    case 'Model':
      return { kind: 'model', keyword, statement, info: readModelInfo(statement) };
    case 'Sequences':
      return { kind: 'sequences', keyword, statement, sequences: readSequences(statement, diagnostics) };
    case 'GlobalSequences':
      return { kind: 'globalSequences', keyword, statement, durations: readGlobalSequences(statement, diagnostics) };
    case 'Textures':
      return { kind: 'textures', keyword, statement, textures: readTextures(statement, diagnostics) };
    case 'PivotPoints':
      return { kind: 'pivotPoints', keyword, statement, pivotPoints: readPivotPoints(statement, diagnostics) };
    default:
      return { kind: 'bindPose', keyword, statement, bindPose: readBindPose(statement, diagnostics) };
  }
}

/** True when the node writes `Parent N,` followed by a `// "Name"` comment. */
function hasParentComment(part: MdlPart): boolean {
  if (part.kind !== 'node' || part.node.parentStatement === null) return false;
  const bytes = part.statement.level.source.bytes;
  const end = part.node.parentStatement.end;
  return /^[ \t]*\/\/[ \t]*"/.test(decodeLatin1(bytes, end, Math.min(bytes.length, end + PARENT_COMMENT_PROBE_BYTES)));
}

/**
 * Reads a block: each of its statements, with the findings placed relative to the block's start. `seen` holds the
 * singleton blocks of the text before it. Throws CodecError for a statement the codec cannot represent.
 */
export function readBlock(source: MdlSource, range: BlockRange, seen: Set<string>): MdlBlock {
  const found: Diagnostic[] = [];
  const parts = range.statements.map((statement) => readPart(statement, seen, found));
  const diagnostics = found.map((diagnostic) =>
    diagnostic.offset === undefined ? diagnostic : { ...diagnostic, offset: diagnostic.offset - range.start },
  );
  const block: MdlBlock = {
    source,
    start: range.start,
    end: range.end,
    parts,
    diagnostics,
    parentComments: parts.some(hasParentComment),
  };
  registerBlock(block);
  return block;
}

/** Reads the block ranges of a scanned text, then drops its brace tables (see `releaseBraceTables`). */
export function readRanges(source: MdlSource, ranges: readonly BlockRange[], seen: Set<string>): MdlBlock[] {
  const blocks = ranges.map((range) => readBlock(source, range, seen));
  releaseBraceTables(source);
  return blocks;
}

/**
 * Scans `bytes` on their own and reads them as blocks, the first owning everything before its statement (a text
 * with no statement is one block with no parts). Throws CodecError as readMdl does.
 */
export function readTextBlocks(bytes: Uint8Array, seen: Set<string>): MdlBlock[] {
  const tree = new MdlTree(bytes);
  const ranges = blockRanges(tree.source, tree.statements, 0, bytes.length);
  if (ranges.length === 0) ranges.push({ start: 0, end: bytes.length, statements: [] });
  ranges[0]!.start = 0;
  return readRanges(tree.source, ranges, seen);
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
