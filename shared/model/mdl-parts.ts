/**
 * An MDL text's blocks read into the kinds: each top-level statement by its kind's MDL reader (the registry's
 * `mdl.read`), once per block and version (memoized per block: an edit reads again only the blocks it made), and
 * the model's parts found from them — event objects, nodes, the Model block, sequences — reading only the blocks
 * asked for. The whole typed model is assembled from the same reads (mdl-model.ts), so every reader of a text sees
 * the same values.
 */
import type { Diagnostic } from '../diagnostics';
import { blockBytes } from '../mdl/blocks';
import { BYTE_QUOTE, BYTE_SLASH, BYTE_SPACE, BYTE_TAB } from '../mdl/lexer';
import { findStatement } from '../mdl/mdl-text';
import { releaseBraceTables, type MdlSource } from '../mdl/scan';
import { lineColumnAt } from '../mdl/text';
import type { MdlStatement } from '../mdl/tree';
import type { MdlBlock, MdlStyle, MdlText } from '../mdl/types';
import type { EventObject } from './kinds/event-object';
import type { ModelBlockMdl } from './kinds/model-info';
import type { NodeObject } from './kinds/node';
import { MdlReadContext } from './mdl/reader';
import { MemoSlot } from './memo-slot';
import { ReadBuffers } from './mdl/scanner';
import { kindOfKeyword, kindOfTag, type MdxChunkTag, type MdxChunkTypes, type NodeKind } from './registry';
import { DEFAULT_MDX_VERSION, mdxLayout } from './versions';

/** What one top-level statement read into: its kind's tag and value (undefined for a keyword that names no kind). */
export interface MdlPart {
  readonly tag: MdxChunkTag | null;
  readonly value: unknown;
}

/**
 * What reading one block gave, in the layout of `version`: a part per statement (`parts[i]` of `statements[i]`) and
 * the findings (offsets in the block's source; messages without their line, which depends on where the block is).
 * Plain data: it travels with its block through a structured clone.
 */
export interface MdlBlockRead {
  readonly version: number;
  readonly parts: readonly MdlPart[];
  readonly diagnostics: readonly Diagnostic[];
  /** True when a node of the block writes Retera's `Parent N,\t// "Name"` comment. */
  readonly parentComments: boolean;
}

/** Bytes after a `Parent N,` looked at for Retera's `// "Name"` comment. */
const PARENT_COMMENT_PROBE_BYTES = 16;

/** The read of each block, kept on the block (see memo-slot.ts for why not a WeakMap). */
const readsOfBlocks = new MemoSlot<MdlBlock, MdlBlockRead>('MDL block read');

/** The memoized read of `block`, if any. */
function knownRead(block: MdlBlock): MdlBlockRead | undefined {
  return readsOfBlocks.get(block);
}

/** Memoizes `read` as `block`'s. */
function keepRead(block: MdlBlock, read: MdlBlockRead): void {
  readsOfBlocks.set(block, read);
}

let blockReads = 0;

/** How many blocks have been read in this thread (tests prove that an edit reads only the blocks it made). */
export function mdlBlockReadCount(): number {
  return blockReads;
}

/** True when the node statement writes `Parent N,` followed by a `// "Name"` comment. */
function hasParentComment(statement: MdlStatement): boolean {
  const parent = statement.child('Parent');
  if (parent === undefined) return false;
  const bytes = statement.level.source.bytes;
  const limit = Math.min(bytes.length, parent.end + PARENT_COMMENT_PROBE_BYTES);
  // `[ \t]*//[ \t]*"` within the probe, byte by byte (nothing decoded).
  let at = spacesEnd(bytes, parent.end, limit);
  if (at + 1 >= limit || bytes[at] !== BYTE_SLASH || bytes[at + 1] !== BYTE_SLASH) return false;
  at = spacesEnd(bytes, at + 2, limit);
  return at < limit && bytes[at] === BYTE_QUOTE;
}

/** The first byte at or after `index` (before `limit`) that is not a space or a tab. */
function spacesEnd(bytes: Uint8Array, index: number, limit: number): number {
  let at = index;
  while (at < limit && (bytes[at] === BYTE_SPACE || bytes[at] === BYTE_TAB)) at += 1;
  return at;
}

/**
 * The storage of the tracks and names read from a source's blocks, shared by every block of the source whenever it
 * is read (on the source: a text's blocks read one by one, as opening a model reads its event objects and nodes
 * first, share buffers as a read of the whole text does).
 */
const sourceBuffers = new MemoSlot<MdlSource, ReadBuffers>('MDL read buffers');

/** The read buffers of `source` (see {@link sourceBuffers}). */
function buffersOf(source: MdlSource): ReadBuffers {
  let buffers = sourceBuffers.get(source);
  if (buffers === undefined) {
    buffers = new ReadBuffers(source.bytes.byteLength);
    sourceBuffers.set(source, buffers);
  }
  return buffers;
}

/**
 * Reads a block's statements with their kinds' readers in the layout of `version` (memoized per block); its tracks
 * and names take their storage from its source's read buffers.
 */
export function blockRead(block: MdlBlock, version: number): MdlBlockRead {
  const known = knownRead(block);
  if (known !== undefined && known.version === version) return known;
  blockReads += 1;
  const context = new MdlReadContext(block.source.bytes, mdxLayout(version), buffersOf(block.source));
  let parentComments = false;
  const parts = block.statements.map((statement): MdlPart => {
    const row = kindOfKeyword(statement.keyword);
    if (row === undefined) return { tag: null, value: undefined };
    const tokenized = statement.tokenized;
    if (row.node !== undefined && !parentComments) parentComments = hasParentComment(statement);
    const value = row.mdl.read(context, statement);
    // The read keeps no child statement: the children it tokenized go (an edit tokenizes the ones it needs again).
    if (!tokenized) statement.releaseChildren();
    return { tag: row.tag as MdxChunkTag, value };
  });
  const diagnostics = context.diagnostics.length === 0 ? NO_DIAGNOSTICS : context.diagnostics;
  const read: MdlBlockRead = { version, parts, diagnostics, parentComments };
  keepRead(block, read);
  return read;
}

/** The findings of a block read that found nothing (frozen, shared by every such read). */
const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

/**
 * Seeds the per-block memo with reads made elsewhere (`blockReads[i]` of `text.blocks[i]`) — after a structured
 * clone from the worker that read the text — so that nothing is read again.
 */
export function primeBlockReads(text: MdlText, blockReads: readonly MdlBlockRead[]): void {
  if (blockReads.length !== text.blocks.length) return;
  text.blocks.forEach((block, index) => {
    if (knownRead(block) === undefined) keepRead(block, blockReads[index]!);
  });
}

const versions = new WeakMap<MdlStatement, number | undefined>();

/** The text's version: its first Version block's FormatVersion, and whether it has one (800 without). */
export function mdlVersionOf(text: MdlText): { version: number; hasVersion: boolean } {
  const statement = findStatement(text, (candidate) => candidate.is('Version'));
  if (statement === undefined) return { version: DEFAULT_MDX_VERSION, hasVersion: false };
  if (!versions.has(statement)) {
    const probe = new MdlReadContext(statement.level.source.bytes, mdxLayout(DEFAULT_MDX_VERSION));
    versions.set(statement, kindOfTag('VERS')!.mdl.read(probe, statement) as number | undefined);
  }
  return { version: versions.get(statement) ?? DEFAULT_MDX_VERSION, hasVersion: true };
}

/** Every block of the text read (in its version), the brace tables of its sources released once all are read. */
export function readAllBlocks(text: MdlText): MdlBlockRead[] {
  const { version } = mdlVersionOf(text);
  const all = text.blocks.map((block) => blockRead(block, version));
  for (const source of new Set(text.blocks.map((block) => block.source))) releaseBraceTables(source);
  return all;
}

/** One part of the text where it is: its block, its statement and what it read into. */
export interface MdlPartAt<Value = unknown> {
  readonly block: MdlBlock;
  readonly statement: MdlStatement;
  readonly tag: MdxChunkTag;
  readonly value: Value;
}

/** The parts of kinds `tags`, in text order (only the blocks holding them are read). */
export function partsOf(text: MdlText, tags: ReadonlySet<string>): MdlPartAt[] {
  const { version } = mdlVersionOf(text);
  const found: MdlPartAt[] = [];
  for (const block of text.blocks) {
    let read: MdlBlockRead | null = null;
    block.statements.forEach((statement, index) => {
      const row = kindOfKeyword(statement.keyword);
      if (row === undefined || !tags.has(row.tag)) return;
      read ??= blockRead(block, version);
      const part = read.parts[index]!;
      found.push({ block, statement, tag: part.tag!, value: part.value });
    });
  }
  return found;
}

const EVENT_TAGS: ReadonlySet<string> = new Set<MdxChunkTag>(['EVTS']);

/** The EventObject blocks of the text, in text order. */
export function mdlEventObjects(text: MdlText): MdlPartAt<EventObject>[] {
  return partsOf(text, EVENT_TAGS) as MdlPartAt<EventObject>[];
}

/** A node block: its kind and its node object. */
export interface MdlNodeAt extends MdlPartAt<NodeObject> {
  readonly kind: NodeKind;
}

/** True when the top-level statement is a node block (by its keyword: nothing is read). */
function isNodeStatement(statement: MdlStatement): boolean {
  return kindOfKeyword(statement.keyword)?.node !== undefined;
}

const blockNodes = new MemoSlot<MdlBlock, { readonly read: MdlBlockRead; readonly nodes: readonly MdlNodeAt[] }>(
  'MDL block nodes',
);

/** The node blocks among `block`'s statements, memoized per block read (texts that share a block share them). */
function nodesOfBlock(block: MdlBlock, version: number): readonly MdlNodeAt[] {
  if (!block.statements.some(isNodeStatement)) return NO_NODES;
  const read = blockRead(block, version);
  const known = blockNodes.get(block);
  if (known !== undefined && known.read === read) return known.nodes;
  // Filtered, then mapped: a list of its exact length (a block holds one node, mostly; push would leave room for 16).
  const nodes = block.statements
    .map((statement, index) => ({
      statement,
      index,
      node: kindOfKeyword(statement.keyword)?.node as NodeKind | undefined,
    }))
    .filter((entry) => entry.node !== undefined)
    .map(({ statement, index, node }): MdlNodeAt => {
      const part = read.parts[index]!;
      return { block, statement, tag: part.tag!, value: part.value as NodeObject, kind: node! };
    });
  blockNodes.set(block, { read, nodes });
  return nodes;
}

const NO_NODES: readonly MdlNodeAt[] = Object.freeze([]);

/**
 * The last text asked for and its nodes: one list kept, not one per text an undo history holds. Held weakly (the
 * nodes hold their blocks, and so the text): a closed file's text is not kept by this memo once the job that asked
 * for it ends.
 */
let lastNodes: WeakRef<{ readonly text: MdlText; readonly nodes: readonly MdlNodeAt[] }> | null = null;

/**
 * Every node block of the text (bones, lights, helpers, emitters, event objects, collision shapes), in text order.
 * Each block's nodes are memoized with its read; the list of a text is laid out from them again when another text
 * was asked for in between (or the memo was collected).
 */
export function mdlNodes(text: MdlText): readonly MdlNodeAt[] {
  const last = lastNodes?.deref();
  if (last !== undefined && last.text === text) return last.nodes;
  const { version } = mdlVersionOf(text);
  const nodes = text.blocks.flatMap((block) => nodesOfBlock(block, version));
  lastNodes = new WeakRef({ text, nodes });
  return nodes;
}

/** The first Model block of the text, read, or null. */
export function mdlModelBlock(text: MdlText): MdlPartAt<ModelBlockMdl> | null {
  return (partsOf(text, new Set<MdxChunkTag>(['MODL']))[0] as MdlPartAt<ModelBlockMdl> | undefined) ?? null;
}

/** The value of `tag` the text's blocks of that kind join into (the registry's `mdl.join`), or undefined. */
export function mdlJoined<Tag extends 'SEQS' | 'GLBS' | 'PIVT' | 'BPOS'>(
  text: MdlText,
  tag: Tag,
): MdxChunkTypes[Tag] | undefined {
  const parts = partsOf(text, new Set<MdxChunkTag>([tag]));
  if (parts.length === 0) return undefined;
  return kindOfTag(tag)!.mdl.join(parts.map((part) => part.value)) as MdxChunkTypes[Tag];
}

/** The text's style, and whether its nodes write Retera's `// "Name"` comment after `Parent N,`. */
export interface MdlModelStyle extends MdlStyle {
  readonly parentComments: boolean;
}

/**
 * The style of the text (the Parent comments are found reading its node blocks, one by one: no list of the text's
 * nodes is made for it).
 */
export function mdlStyleOf(text: MdlText): MdlModelStyle {
  const { version } = mdlVersionOf(text);
  const parentComments = text.blocks.some(
    (block) => block.statements.some(isNodeStatement) && blockRead(block, version).parentComments,
  );
  return { ...text.style, parentComments };
}

/** True when `statement` is one of the text's node blocks (found by its block: no list of the nodes is made). */
export function isNodeOf(text: MdlText, statement: MdlStatement): boolean {
  return (
    statement.parent === null &&
    statement.block !== null &&
    isNodeStatement(statement) &&
    text.blocks.includes(statement.block)
  );
}

const lineCounts = new WeakMap<MdlBlock, number>();

/** The line breaks in a block's bytes (a CR LF pair counts once), memoized. */
function lineBreaks(block: MdlBlock): number {
  let count = lineCounts.get(block);
  if (count === undefined) {
    const bytes = blockBytes(block);
    count = lineColumnAt(bytes, bytes.length).line - 1;
    lineCounts.set(block, count);
  }
  return count;
}

/**
 * A finding of block `index`'s read placed in the whole text: its offset there, and its message ending with the
 * line and column (`(line 12, column 3)`).
 */
export function placeDiagnostic(text: MdlText, index: number, diagnostic: Diagnostic, linesBefore: number): Diagnostic {
  const block = text.blocks[index]!;
  if (diagnostic.offset === undefined) return diagnostic;
  const within = diagnostic.offset - block.start;
  const { line, column } = lineColumnAt(blockBytes(block), within);
  return {
    ...diagnostic,
    offset: text.blockOffsets[index]! + within,
    message: `${diagnostic.message} (line ${linesBefore + line}, column ${column})`,
  };
}

/** The lines before each block of the text (`result[i]` before `blocks[i]`). */
export function linesBeforeBlocks(text: MdlText): number[] {
  let lines = 0;
  return text.blocks.map((block) => {
    const before = lines;
    lines += lineBreaks(block);
    return before;
  });
}
