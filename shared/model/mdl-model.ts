/**
 * The whole model in MDL: {@link mdlTypedModel} assembles the typed model of an MDL text (a {@link TypedMdxModel},
 * every chunk typed, in MDX order — the same shape an MDX file reads into) from its blocks as the kinds read them
 * (mdl-parts.ts, once per block), and {@link readMdlModel} does it for bytes or a string. Printing is mdl-print.ts.
 *
 * Block order: the top-level blocks map to chunks in the order they first appear (every block of a kind joins its
 * kind's chunk), except that MDL writes `Textures` before `Materials` where MDX writes MTLS before TEXS. So a model
 * read from MDX prints in its chunk order and reads back in it.
 *
 * What a model is, decided here once: complete top-level blocks are a model, whatever is missing or inconsistent —
 * only a Version block, no Model block, counts that disagree with the blocks, a pivot list that does not match the
 * nodes, a node without an ObjectId or ObjectIds that are not 0…n-1, a value the model cannot hold. Each is a
 * diagnostic naming the block and line; the model opens. Only text the block tree cannot read (cut short,
 * unbalanced braces, a top level that is not blocks) throws CodecError, from shared/mdl.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { readMdlText } from '../mdl/mdl-text';
import { encodeMdlText } from '../mdl/text';
import type { MdlStatement } from '../mdl/tree';
import type { MdlText } from '../mdl/types';
import { NO_BYTES } from '../mdx/cursor';
import type { ModelBlockMdl } from './kinds/model-info';
import type { NodeObject } from './kinds/node';
import { PIVOT_FLOATS } from './kinds/pivot';
import { linesBeforeBlocks, mdlVersionOf, placeDiagnostic, readAllBlocks } from './mdl-parts';
import { MemoSlot } from './memo-slot';
import { CANONICAL_CHUNK_ORDER, countedTag, kindOfTag, NODE_CHUNKS, type KindRow, type MdxChunkTag } from './registry';
import type { ParsedMdxChunk, TypedMdxChunk, TypedMdxModel } from './typed-model';

export { printMdlModel, writeMdlModel, type MdlModelPrint } from './mdl-print';

/** What {@link readMdlModel} gives: the typed model and what reading found. */
export interface MdlModelRead {
  readonly model: TypedMdxModel;
  readonly diagnostics: readonly Diagnostic[];
}

/** A finding of the assembly: at a statement (its path and offset in its block) or at the top of the text. */
interface Finding {
  readonly severity: Diagnostic['severity'];
  readonly code: string;
  readonly message: string;
  /** The statement it is about, and the offset in that statement's source (its start when not given). */
  readonly statement: MdlStatement | null;
  readonly offset?: number;
  readonly where?: string;
}

/** Where a statement is: the index of its block in the text. */
type BlockIndex = ReadonlyMap<MdlStatement, number>;

const NO_BLOCK_INDEX: BlockIndex = new Map();

/** The index of each top-level statement's block in the text. */
function blockIndexOf(text: MdlText): BlockIndex {
  const index = new Map<MdlStatement, number>();
  text.blocks.forEach((block, at) => {
    for (const statement of block.statements) index.set(statement, at);
  });
  return index;
}

/** How many of a document's texts assembled last keep their typed model (the latest, and those an undo reaches). */
export const TYPED_MODELS_KEPT = 4;

const assembled = new MemoSlot<MdlText, MdlModelRead | undefined>('MDL typed model');

/** The last join of a kind's parts: the parts joined and the value they joined into. */
interface Join {
  readonly parts: readonly unknown[];
  readonly value: unknown;
}

/** What is memoized per document: the last join of each kind, and the texts that keep their typed model. */
interface DocumentMemo {
  readonly joins: Map<MdxChunkTag, Join>;
  /** Oldest first, at most {@link TYPED_MODELS_KEPT}. */
  readonly assembledTexts: MdlText[];
}

/**
 * The memo of each document, kept on the source the text's first block lies in: the file as read, which every version
 * of the document shares unless an edit remade its first block (then that version starts a memo of its own). It
 * holds only the document's own objects (texts, parts, values): a closed document goes with it, whole — unlike a
 * WeakRef, which keeps its target alive until the running job ends (a loop reading models would keep each one).
 */
const documentMemos = new MemoSlot<object, DocumentMemo>('MDL document memo');

/** The memo of `text`'s document (see {@link documentMemos}); a text without blocks gets one of its own. */
function documentMemoOf(text: MdlText): DocumentMemo {
  const anchor = text.blocks[0]?.source;
  let memo = anchor === undefined ? undefined : documentMemos.get(anchor);
  if (memo === undefined) {
    memo = { joins: new Map(), assembledTexts: [] };
    if (anchor !== undefined) documentMemos.set(anchor, memo);
  }
  return memo;
}

/** Memoizes `read` for `text` and lets go of the typed model its document assembled {@link TYPED_MODELS_KEPT} ago. */
function keepAssembled(memo: DocumentMemo, text: MdlText, read: MdlModelRead): void {
  assembled.set(text, read);
  memo.assembledTexts.push(text);
  if (memo.assembledTexts.length > TYPED_MODELS_KEPT) assembled.set(memo.assembledTexts.shift()!, undefined);
}

/**
 * The typed model of an MDL text, assembled from its blocks' reads (after an edit only the blocks the edit made are
 * read). Memoized for the last {@link TYPED_MODELS_KEPT} texts of its document assembled, not for every text: a
 * version kept in the undo history holds no typed model, and one asked for again is assembled again from its blocks'
 * reads (memoized per block) and the joins it shares with the document's latest (memoized per document): no block is
 * read again. Its diagnostics: what each block's read found, then what the model as a whole says of itself (no
 * Version block, counts, ObjectIds, pivots), each placed in the whole text with its line.
 */
export function mdlTypedModel(text: MdlText): MdlModelRead {
  const known = assembled.get(text);
  if (known !== undefined) return known;
  const { version, hasVersion } = mdlVersionOf(text);
  const reads = readAllBlocks(text);
  const findings: Finding[] = [];
  if (!hasVersion)
    findings.push({
      severity: 'warning',
      code: 'mdl.no-version',
      message: `the text has no Version block; it is read as version ${version}`,
      statement: null,
    });
  const order: MdxChunkTag[] = [];
  const parts = new Map<MdxChunkTag, unknown[]>();
  const firstBlocks = new Map<MdxChunkTag, MdlStatement>();
  const counts: { count: ModelBlockMdl['counts'][number]; statement: MdlStatement }[] = [];
  const placed: Diagnostic[] = [];
  // Lines before each block, counted only when a diagnostic needs its line.
  let linesBefore: number[] | null = null;
  const lines = () => (linesBefore ??= linesBeforeBlocks(text));
  text.blocks.forEach((block, index) => {
    const read = reads[index]!;
    for (const diagnostic of read.diagnostics) placed.push(placeDiagnostic(text, index, diagnostic, lines()[index]!));
    block.statements.forEach((statement, at) => {
      const { tag, value } = read.parts[at]!;
      if (tag === null) {
        findings.push({
          severity: 'warning',
          code: 'mdl.unknown-block',
          message: `"${statement.keyword}" is not a block this reader knows; it is left out of the model`,
          statement,
        });
        return;
      }
      if (!parts.has(tag)) {
        order.push(tag);
        parts.set(tag, []);
        firstBlocks.set(tag, statement);
      }
      if (tag === 'MODL' && parts.get(tag)!.length > 0) {
        findings.push({
          severity: 'error',
          code: 'mdl.duplicate-block',
          message: 'a second Model block is left out',
          statement,
        });
        return;
      }
      if (tag === 'MODL') for (const count of (value as ModelBlockMdl).counts) counts.push({ count, statement });
      parts.get(tag)!.push(tag === 'VERS' ? version : value);
    });
  });
  const values = new Map<MdxChunkTag, unknown>();
  const memo = documentMemoOf(text);
  for (const [tag, list] of parts) values.set(tag, joined(memo.joins, tag, list));
  checkCounts(counts, values, findings);
  numberNodes(values, firstBlocks, findings);
  if (hasVersion && order.length === 1)
    findings.push({
      severity: 'warning',
      code: 'mdl.version-only',
      message: 'the text holds a Version block and no other; it may have been cut short',
      statement: firstBlocks.get('VERS')!,
    });
  // A count of 0 with no block stands for an empty chunk (which MDX files do hold), in its usual place.
  for (const { count } of counts) {
    const tag = countedTag(count.key)!;
    if (count.declared !== 0 || values.has(tag)) continue;
    values.set(tag, []);
    const rank = CANONICAL_CHUNK_ORDER.indexOf(tag);
    let at = order.length;
    while (at > 0 && CANONICAL_CHUNK_ORDER.indexOf(order[at - 1]!) > rank) at -= 1;
    order.splice(at, 0, tag);
  }
  // MDL writes Textures before Materials; MDX, MTLS before TEXS.
  const texturesAt = order.indexOf('TEXS');
  if (texturesAt >= 0 && order[texturesAt + 1] === 'MTLS') order.splice(texturesAt, 2, 'MTLS', 'TEXS');
  const chunks: TypedMdxChunk[] = order.map((tag) => chunkOf(tag, values.get(tag)));
  // Where each statement is, worked out only when a finding needs it.
  const blockIndex = findings.length === 0 ? NO_BLOCK_INDEX : blockIndexOf(text);
  const diagnostics = [...placeFindings(text, findings.slice(0, hasVersion ? 0 : 1), blockIndex, lines)];
  diagnostics.push(...placed, ...placeFindings(text, findings.slice(hasVersion ? 0 : 1), blockIndex, lines));
  const result: MdlModelRead = { model: { version, chunks, diagnostics }, diagnostics };
  keepAssembled(memo, text, result);
  textBytesOfChunks.set(chunks, text.byteLength);
  return result;
}

/** The length of the text each assembled chunk list was read from (a number: no reference back to its key). */
const textBytesOfChunks = new WeakMap<readonly TypedMdxChunk[], number>();

/**
 * The length of the MDL text `chunks` (a typed model's chunk list, as {@link mdlTypedModel} assembled it) was read
 * from, or undefined for chunks read from MDX or made by an edit: the printer sizes its buffer from it.
 */
export function mdlTextBytesOf(chunks: readonly TypedMdxChunk[]): number | undefined {
  return textBytesOfChunks.get(chunks);
}

const chunkObjects = new MemoSlot<object, ParsedMdxChunk>('MDL chunk');

/** The chunk holding `parsed`: the last assembly's when its value is the same object (an edit elsewhere). */
function chunkOf(tag: MdxChunkTag, parsed: unknown): ParsedMdxChunk {
  const key = typeof parsed === 'object' && parsed !== null ? parsed : null;
  const known = key === null ? undefined : chunkObjects.get(key);
  if (known !== undefined && known.tag === tag) return known;
  const chunk = { tag, parsed, trailing: NO_BYTES } as ParsedMdxChunk;
  if (key !== null) chunkObjects.set(key, chunk);
  return chunk;
}

/** The assembly's findings placed in the whole text, with their lines. */
function placeFindings(
  text: MdlText,
  findings: readonly Finding[],
  blockIndex: BlockIndex,
  lines: () => readonly number[],
): Diagnostic[] {
  return findings.map(({ statement, offset, where, ...finding }) => {
    if (statement === null) return placeDiagnostic(text, 0, { ...finding, where: '(top level)', offset: 0 }, 0);
    const index = blockIndex.get(statement)!;
    const diagnostic = { ...finding, where: where ?? statement.path, offset: offset ?? statement.start };
    return placeDiagnostic(text, index, diagnostic, lines()[index]!);
  });
}

/**
 * The value `tag`'s parts join into (the registry's `mdl.join`): the same value as the document's last join of the
 * kind when the parts are the same objects — so the preview keeps the geosets' GPU data through an edit of an event
 * object, and through its undo.
 */
function joined(joins: Map<MdxChunkTag, Join>, tag: MdxChunkTag, parts: readonly unknown[]): unknown {
  const known = joins.get(tag);
  if (known && known.parts.length === parts.length && known.parts.every((part, index) => part === parts[index]))
    return known.value;
  const value = (kindOfTag(tag) as KindRow).mdl.join(parts);
  joins.set(tag, { parts: [...parts], value });
  return value;
}

/** Each `NumBones 3,` of the Model block against the blocks of its kind. */
function checkCounts(
  counts: readonly { count: ModelBlockMdl['counts'][number]; statement: MdlStatement }[],
  values: ReadonlyMap<MdxChunkTag, unknown>,
  findings: Finding[],
): void {
  for (const { count, statement } of counts) {
    const tag = countedTag(count.key)!;
    const actual = (values.get(tag) as unknown[] | undefined)?.length ?? 0;
    if (actual === count.declared) continue;
    findings.push({
      severity: 'error',
      code: 'mdl.count-mismatch',
      message: `${count.key} declares ${count.declared} ${kindOfTag(tag)!.keyword} blocks but holds ${actual}`,
      statement,
      offset: count.offset,
      where: count.path,
    });
  }
}

/**
 * Checks the nodes' ObjectIds against their places (0…n-1 in chunk order) and the pivots against the nodes; a node
 * without an ObjectId gets its place, with an error.
 */
function numberNodes(
  values: Map<MdxChunkTag, unknown>,
  firstBlocks: ReadonlyMap<MdxChunkTag, MdlStatement>,
  findings: Finding[],
): void {
  let place = 0;
  const seen = new Set<number>();
  let nodeCount = 0;
  for (const { tag } of NODE_CHUNKS) nodeCount += (values.get(tag) as unknown[] | undefined)?.length ?? 0;
  for (const { tag } of NODE_CHUNKS) {
    const objects = values.get(tag) as NodeObject[] | undefined;
    if (!objects) continue;
    const statement = firstBlocks.get(tag)!;
    let changed = false;
    const numbered = objects.map((object) => {
      let { objectId } = object.node;
      const where = `${kindOfTag(tag)!.keyword} "${object.node.name}"`;
      if (objectId === -1) {
        findings.push({
          severity: 'error',
          code: 'mdl.missing-object-id',
          message: `${where} has no ObjectId; it is given ${place}`,
          statement,
        });
        objectId = place;
      } else if (objectId < 0 || objectId >= nodeCount || seen.has(objectId))
        findings.push({
          severity: 'error',
          code: 'mdl.object-id',
          message: `${where} has ObjectId ${objectId}, which is not one of 0–${nodeCount - 1} given once`,
          statement,
        });
      seen.add(objectId);
      place += 1;
      if (objectId === object.node.objectId) return object;
      changed = true;
      return { ...object, node: { ...object.node, objectId } };
    });
    if (changed) values.set(tag, numbered);
  }
  const pivots = values.get('PIVT') as Float32Array | undefined;
  if (pivots && pivots.length / PIVOT_FLOATS !== nodeCount) {
    findings.push({
      severity: 'error',
      code: 'mdl.pivot-count',
      message: `PivotPoints holds ${pivots.length / PIVOT_FLOATS} points for ${nodeCount} nodes`,
      statement: firstBlocks.get('PIVT')!,
    });
  } else if (!pivots && nodeCount > 0) {
    findings.push({
      severity: 'warning',
      code: 'mdl.missing-pivot-points',
      message: `the model has ${nodeCount} node block(s) but no PivotPoints block`,
      statement: null,
    });
  }
}

/**
 * Reads MDL text (bytes, or a string of latin1 characters) into the typed model. `file` names the text in the
 * diagnostics. Throws CodecError only for text that is not MDL (cut, unbalanced, a top level that is not blocks).
 */
export function readMdlModel(input: Uint8Array | string, file = ''): MdlModelRead {
  const bytes = typeof input === 'string' ? latin1Bytes(input) : input;
  const read = mdlTypedModel(readMdlText(bytes));
  if (!file) return read;
  const diagnostics = read.diagnostics.map((diagnostic) => ({ ...diagnostic, where: `${file}: ${diagnostic.where}` }));
  return { model: { ...read.model, diagnostics }, diagnostics };
}

/** MDL text as its latin1 bytes; a character above 255 (which no MDL byte is) is a CodecError naming it. */
function latin1Bytes(text: string): Uint8Array {
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) <= 0xff) continue;
    throw new CodecError({
      format: 'mdl',
      kind: 'invalid',
      where: 'text',
      offset: index,
      detail: `the text holds ${JSON.stringify(text[index])}, which is not a single byte (MDL text is latin1)`,
    });
  }
  return encodeMdlText(text);
}
