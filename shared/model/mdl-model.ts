/**
 * The whole model in MDL: {@link readMdlModel} reads MDL text into the same typed model MDX reads
 * into (a {@link TypedMdxModel}: every chunk typed, in MDX order), and {@link printMdlModel} prints
 * a typed model as MDL in the layout the community's tools write. Each kind's block is read and
 * printed by its kind module (`kinds/*.ts`, `read…Mdl` / `print…Mdl`), in the layout of the model's
 * version (`mdxLayout`, shared/mdx/versions.ts).
 *
 * Block order: the top-level blocks map to chunks in the order they first appear (every block of a
 * kind joins its kind's chunk), except that MDL writes `Textures` before `Materials` where MDX
 * writes MTLS before TEXS. So a model read from MDX prints in its chunk order and reads back in it.
 *
 * Reading never refuses complete text: a count that disagrees with its blocks, a pivot list that
 * does not match the nodes, a node without an ObjectId or ObjectIds that are not 0…n-1, a value the
 * model cannot hold — each is an error diagnostic naming the block and line. Only text the block
 * tree cannot read (cut short, unbalanced braces, no block at the top level) throws CodecError.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { MdlTree, type MdlStatement } from '../mdl/tree';
import { encodeMdlText } from '../mdl/text';
import { NO_BYTES } from '../mdx/cursor';
import type { DeclaredCount, ModelBlockMdl } from './kinds/model-info';
import type { NodeObject } from './kinds/node';
import { PIVOT_FLOATS } from './kinds/pivot';
import { MdlReadContext } from './mdl/reader';
import { MdlWriter } from './mdl/writer';
import {
  CANONICAL_CHUNK_ORDER,
  countedTag,
  isMdxChunkTag,
  kindOfKeyword,
  kindOfTag,
  NODE_CHUNKS,
  type KindRow,
  type MdxChunkTag,
} from './registry';
import {
  isParsedChunk,
  mdxVersionOf,
  type ParsedMdxChunk,
  type TypedMdxChunk,
  type TypedMdxModel,
} from './typed-model';
import { DEFAULT_MDX_VERSION, mdxLayout } from './versions';

/** What {@link readMdlModel} gives: the typed model and what reading found. */
export interface MdlModelRead {
  readonly model: TypedMdxModel;
  readonly diagnostics: readonly Diagnostic[];
}

/** What {@link printMdlModel} gives: the text, and what it could not carry (warnings naming it). */
export interface MdlModelPrint {
  readonly bytes: Uint8Array;
  readonly warnings: readonly Diagnostic[];
}

/**
 * Reads MDL text (bytes, or a string of latin1 characters) into the typed model. `file` names the
 * text in the diagnostics. Throws CodecError only for text that is not MDL (cut, unbalanced).
 */
export function readMdlModel(input: Uint8Array | string, file = ''): MdlModelRead {
  const bytes = typeof input === 'string' ? latin1Bytes(input) : input;
  const tree = new MdlTree(bytes);
  const versionBlock = tree.statements.find((statement) => statement.is('Version'));
  const probe = new MdlReadContext(bytes, mdxLayout(DEFAULT_MDX_VERSION));
  const version = (versionBlock && kindOfTag('VERS')!.mdl.read(probe, versionBlock)) ?? DEFAULT_MDX_VERSION;
  const context = new MdlReadContext(bytes, mdxLayout(version as number));
  if (!versionBlock)
    context.report(
      'warning',
      null,
      0,
      'mdl.no-version',
      `the text has no Version block; it is read as version ${version}`,
    );
  const order: MdxChunkTag[] = [];
  const parts = new Map<MdxChunkTag, unknown[]>();
  const counts: DeclaredCount[] = [];
  const blocks = new Map<MdxChunkTag, MdlStatement>();
  for (const statement of tree.statements) {
    const row = kindOfKeyword(statement.keyword);
    if (row === undefined) {
      context.report(
        'warning',
        statement,
        statement.start,
        'mdl.unknown-block',
        `"${statement.keyword}" is not a block this reader knows; it is left out of the model`,
      );
      continue;
    }
    const tag = row.tag as MdxChunkTag;
    if (!parts.has(tag)) {
      order.push(tag);
      parts.set(tag, []);
      blocks.set(tag, statement);
    }
    if (tag === 'VERS') {
      parts.get(tag)!.push(version);
    } else if (tag === 'MODL' && parts.get(tag)!.length > 0) {
      context.report('error', statement, statement.start, 'mdl.duplicate-block', 'a second Model block is left out');
    } else {
      const part = row.mdl.read(context, statement);
      if (tag === 'MODL') counts.push(...(part as ModelBlockMdl).counts);
      parts.get(tag)!.push(part);
    }
  }
  const values = new Map<MdxChunkTag, unknown>();
  for (const [tag, list] of parts) values.set(tag, (kindOfTag(tag) as KindRow).mdl.join(list));
  const lengthOf = (tag: MdxChunkTag) => (values.get(tag) as unknown[] | undefined)?.length ?? 0;
  for (const count of counts) {
    const tag = countedTag(count.key)!;
    const actual = lengthOf(tag);
    if (actual !== count.declared)
      context.report(
        'error',
        null,
        count.offset,
        'mdl.count-mismatch',
        `${count.key} declares ${count.declared} ${kindOfTag(tag)!.keyword} blocks but holds ${actual}`,
        count.path,
      );
  }
  numberNodes(context, values, blocks);
  // A count of 0 with no block stands for an empty chunk (which MDX files do hold), in its usual place.
  for (const { key, declared } of counts) {
    const tag = countedTag(key)!;
    if (declared !== 0 || values.has(tag)) continue;
    values.set(tag, []);
    const rank = CANONICAL_CHUNK_ORDER.indexOf(tag);
    let at = order.length;
    while (at > 0 && CANONICAL_CHUNK_ORDER.indexOf(order[at - 1]!) > rank) at -= 1;
    order.splice(at, 0, tag);
  }
  // MDL writes Textures before Materials; MDX, MTLS before TEXS.
  const texturesAt = order.indexOf('TEXS');
  if (texturesAt >= 0 && order[texturesAt + 1] === 'MTLS') order.splice(texturesAt, 2, 'MTLS', 'TEXS');
  const chunks: TypedMdxChunk[] = order.map(
    (tag) => ({ tag, parsed: values.get(tag), trailing: NO_BYTES }) as ParsedMdxChunk,
  );
  const diagnostics = file
    ? context.diagnostics.map((diagnostic) => ({ ...diagnostic, where: `${file}: ${diagnostic.where ?? ''}` }))
    : context.diagnostics;
  return { model: { version: version as number, chunks, diagnostics }, diagnostics };
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

/**
 * Checks the nodes' ObjectIds against their places (0…n-1 in chunk order) and the pivots against
 * the nodes; a node without an ObjectId gets its place, with an error.
 */
function numberNodes(
  context: MdlReadContext,
  values: Map<MdxChunkTag, unknown>,
  blocks: Map<MdxChunkTag, MdlStatement>,
): void {
  let place = 0;
  const seen = new Set<number>();
  let nodeCount = 0;
  for (const { tag } of NODE_CHUNKS) nodeCount += (values.get(tag) as unknown[] | undefined)?.length ?? 0;
  for (const { tag } of NODE_CHUNKS) {
    const objects = values.get(tag) as NodeObject[] | undefined;
    if (!objects) continue;
    const block = blocks.get(tag)!;
    const numbered = objects.map((object) => {
      let { objectId } = object.node;
      const where = `${kindOfTag(tag)!.keyword} "${object.node.name}"`;
      if (objectId === -1) {
        context.report(
          'error',
          block,
          block.start,
          'mdl.missing-object-id',
          `${where} has no ObjectId; it is given ${place}`,
        );
        objectId = place;
      } else if (objectId < 0 || objectId >= nodeCount || seen.has(objectId))
        context.report(
          'error',
          block,
          block.start,
          'mdl.object-id',
          `${where} has ObjectId ${objectId}, which is not one of 0–${nodeCount - 1} given once`,
        );
      seen.add(objectId);
      place += 1;
      return objectId === object.node.objectId ? object : { ...object, node: { ...object.node, objectId } };
    });
    values.set(tag, numbered);
  }
  const pivots = values.get('PIVT') as Float32Array | undefined;
  if (pivots && pivots.length / PIVOT_FLOATS !== nodeCount) {
    const block = blocks.get('PIVT')!;
    context.report(
      'error',
      block,
      block.start,
      'mdl.pivot-count',
      `PivotPoints holds ${pivots.length / PIVOT_FLOATS} points for ${nodeCount} nodes`,
    );
  }
}

/**
 * Prints a typed model as MDL in its chunk order (Textures before Materials). A chunk kept as
 * bytes (unknown to the model, or damaged) cannot be printed: it is a warning naming it, and the
 * rest is written. So are tracks after a chunk, and anything else the text cannot carry.
 */
export function printMdlModel(input: Pick<TypedMdxModel, 'chunks'> | MdlModelRead): MdlModelPrint {
  const model = 'model' in input ? input.model : input;
  const layout = mdxLayout(mdxVersionOf(model.chunks));
  // Text is about twice the binary; a model built by an edit (no source) starts small and grows.
  let estimate = 4096;
  for (const chunk of model.chunks) estimate += 2 * (chunk.source?.body.byteLength ?? 0);
  const writer = new MdlWriter(estimate);
  const chunks = [...model.chunks];
  const materialsAt = chunks.findIndex((chunk) => chunk.tag === 'MTLS');
  if (materialsAt >= 0 && chunks[materialsAt + 1]?.tag === 'TEXS')
    chunks.splice(materialsAt, 2, chunks[materialsAt + 1]!, chunks[materialsAt]!);
  else if (chunks.some((chunk) => chunk.tag === 'TEXS') && chunks.some((chunk) => chunk.tag === 'MTLS'))
    writer.warn('MTLS', 'MTLS and TEXS are not next to each other; MDL does not carry their order', 'mdl.chunk-order');
  const seen = new Set<string>();
  for (const chunk of chunks) {
    if (!isParsedChunk(chunk)) {
      const why = isMdxChunkTag(chunk.tag) ? 'damaged' : 'unknown to the model';
      const message = `chunk ${chunk.tag} (${chunk.bytes.byteLength} bytes) is ${why}; MDL cannot carry it`;
      writer.warn(chunk.tag, message, 'mdl.chunk-not-carried');
      continue;
    }
    if (seen.has(chunk.tag))
      writer.warn(chunk.tag, `a second ${chunk.tag} chunk joins the first in MDL`, 'mdl.chunk-order');
    seen.add(chunk.tag);
    if (chunk.trailing.byteLength > 0)
      writer.warn(
        chunk.tag,
        `${chunk.trailing.byteLength} bytes after chunk ${chunk.tag} are not carried`,
        'mdl.chunk-not-carried',
      );
    checkNameBytes(writer, chunk.tag, chunk.parsed);
    (kindOfTag(chunk.tag) as KindRow).mdl.print(writer, chunk.parsed, layout, model.chunks);
  }
  return { bytes: writer.finish(), warnings: writer.warnings };
}

/**
 * Warns for every name field whose bytes are not what its text gives (bytes after the NUL): MDL
 * strings hold the text only. Walks the chunk's objects for `…Bytes` fields beside a string field.
 */
function checkNameBytes(writer: MdlWriter, tag: string, value: unknown): void {
  const visit = (object: unknown, path: string): void => {
    if (typeof object !== 'object' || object === null || ArrayBuffer.isView(object)) return;
    if (Array.isArray(object)) {
      object.forEach((item, index) => visit(item, `${path}[${index}]`));
      return;
    }
    const record = object as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const field = record[key];
      if (key.endsWith('Bytes') && field instanceof Uint8Array) {
        const name = key.slice(0, -'Bytes'.length);
        const text = record[name];
        if (typeof text !== 'string' || sameAsText(field, text)) continue;
        writer.warn(
          `${path}.${name}`,
          `${path}.${name} holds bytes after its text's end, which an MDL string cannot carry`,
          'mdl.name-bytes-not-carried',
        );
      } else if (typeof field === 'object' && field !== null && !ArrayBuffer.isView(field))
        visit(field, `${path}.${key}`);
    }
  };
  visit(value, tag);
}

/** True when `bytes` are `text` (latin1) then NULs. */
function sameAsText(bytes: Uint8Array, text: string): boolean {
  if (text.length > bytes.length) return false;
  for (let index = 0; index < text.length; index += 1) if (bytes[index] !== text.charCodeAt(index)) return false;
  for (let index = text.length; index < bytes.length; index += 1) if (bytes[index] !== 0) return false;
  return true;
}

/**
 * Writes a typed model (or what {@link readMdlModel} gave) as MDL text, latin1 bytes;
 * {@link printMdlModel} also gives what it could not carry.
 */
export function writeMdlModel(model: Pick<TypedMdxModel, 'chunks'> | MdlModelRead): Uint8Array {
  return printMdlModel(model).bytes;
}
