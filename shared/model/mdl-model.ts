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
import { CANONICAL_CHUNK_ORDER, DEFAULT_MDX_VERSION, mdxLayout, type MdxLayout } from '../mdx/versions';
import type { MdxChunkTag, MdxChunkTypes } from './mdx-chunks';
import { isParsedChunk, mdxVersionOf, type ParsedMdxChunk, type TypedMdxChunk, type TypedMdxModel } from './mdx-model';
import { NO_BYTES } from './mdx-cursor';
import { readCountedList } from './mdl/fields';
import { MdlReadContext, type MdlEntry } from './mdl/reader';
import { MdlWriter, type MdlPrintOptions } from './mdl/writer';
import { printAttachmentMdl, readAttachmentMdl } from './kinds/attachment';
import { printBindPosesMdl, readBindPosesMdl } from './kinds/bind-pose';
import { printBoneMdl, readBoneMdl } from './kinds/bone';
import { printCameraMdl, readCameraMdl } from './kinds/camera';
import { printCollisionShapeMdl, readCollisionShapeMdl } from './kinds/collision-shape';
import { printEventObjectMdl, readEventObjectMdl } from './kinds/event-object';
import { printFaceEffectMdl, readFaceEffectMdl } from './kinds/face-effect';
import { printGeosetAnimationMdl, readGeosetAnimationMdl } from './kinds/geoset-animation';
import { printGeosetMdl, readGeosetMdl } from './kinds/geoset';
import { printGlobalSequencesMdl, readGlobalSequencesMdl } from './kinds/global-sequence';
import { printHelperMdl, readHelperMdl } from './kinds/helper';
import { printLightMdl, readLightMdl } from './kinds/light';
import { printMaterialsMdl, readMaterialsMdl } from './kinds/material';
import { printModelInfoMdl, readModelInfoMdl } from './kinds/model-info';
import type { NodeObject } from './kinds/node';
import { printParticleEmitterMdl, readParticleEmitterMdl } from './kinds/particle-emitter';
import { printParticleEmitter2Mdl, readParticleEmitter2Mdl } from './kinds/particle-emitter2';
import { PIVOT_FLOATS, printPivotsMdl, readPivotsMdl } from './kinds/pivot';
import { printPopcornEmitterMdl, readPopcornEmitterMdl } from './kinds/popcorn-emitter';
import { printRibbonEmitterMdl, readRibbonEmitterMdl } from './kinds/ribbon-emitter';
import { printSequenceMdl, readSequenceMdl } from './kinds/sequence';
import { printSoundTracksMdl, readSoundTracksMdl } from './kinds/sound-track';
import { printTextureAnimationsMdl, readTextureAnimationsMdl } from './kinds/texture-animation';
import { printTexturesMdl, readTexturesMdl } from './kinds/texture';
import { printVersionMdl, readVersionMdl } from './kinds/version';

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

/** Top-level MDL block keyword of each chunk. */
export const MDL_BLOCK_OF_CHUNK: { readonly [Tag in MdxChunkTag]: string } = {
  VERS: 'Version',
  MODL: 'Model',
  SEQS: 'Sequences',
  GLBS: 'GlobalSequences',
  MTLS: 'Materials',
  TEXS: 'Textures',
  SNDS: 'SoundTracks',
  TXAN: 'TextureAnims',
  GEOS: 'Geoset',
  GEOA: 'GeosetAnim',
  BONE: 'Bone',
  LITE: 'Light',
  HELP: 'Helper',
  ATCH: 'Attachment',
  PIVT: 'PivotPoints',
  PREM: 'ParticleEmitter',
  PRE2: 'ParticleEmitter2',
  CORN: 'ParticleEmitterPopcorn',
  RIBB: 'RibbonEmitter',
  EVTS: 'EventObject',
  CAMS: 'Camera',
  CLID: 'CollisionShape',
  FAFX: 'FaceFX',
  BPOS: 'BindPose',
};

const CHUNK_OF_BLOCK = new Map<string, MdxChunkTag>(
  Object.entries(MDL_BLOCK_OF_CHUNK).map(([tag, keyword]) => [keyword, tag as MdxChunkTag]),
);

/** Node chunks in objectId order, with the Model block's count statement for each. */
const NODE_CHUNKS: readonly (readonly [MdxChunkTag, string])[] = [
  ['BONE', 'NumBones'],
  ['LITE', 'NumLights'],
  ['HELP', 'NumHelpers'],
  ['ATCH', 'NumAttachments'],
  ['PREM', 'NumParticleEmitters'],
  ['PRE2', 'NumParticleEmitters2'],
  ['CORN', 'NumParticleEmittersPopcorn'],
  ['RIBB', 'NumRibbonEmitters'],
  ['EVTS', 'NumEvents'],
  ['CLID', 'NumCollisionShapes'],
];

/** The Model block's count statements in the order they print, with the chunk each counts. */
const MODEL_COUNTS: readonly (readonly [string, MdxChunkTag])[] = [
  ['NumGeosets', 'GEOS'],
  ['NumGeosetAnims', 'GEOA'],
  ['NumHelpers', 'HELP'],
  ['NumLights', 'LITE'],
  ['NumBones', 'BONE'],
  ['NumAttachments', 'ATCH'],
  ['NumParticleEmitters', 'PREM'],
  ['NumParticleEmitters2', 'PRE2'],
  ['NumParticleEmittersPopcorn', 'CORN'],
  ['NumRibbonEmitters', 'RIBB'],
  ['NumEvents', 'EVTS'],
  ['NumFaceFX', 'FAFX'],
  ['NumCameras', 'CAMS'],
  ['NumCollisionShapes', 'CLID'],
];
const MODEL_COUNT_TAGS = new Map<string, MdxChunkTag>(MODEL_COUNTS);

type ChunkReader<Tag extends MdxChunkTag> = (
  context: MdlReadContext,
  block: MdlStatement,
  into: MdxChunkTypes[Tag] | undefined,
) => MdxChunkTypes[Tag];

/** Appends what `read` gives for one block to the list read so far. */
function listed<T>(read: (context: MdlReadContext, block: MdlStatement) => T) {
  return (context: MdlReadContext, block: MdlStatement, into: T[] | undefined): T[] => [
    ...(into ?? []),
    read(context, block),
  ];
}

/** Appends a whole list block to the list read so far. */
function joined<T>(read: (context: MdlReadContext, block: MdlStatement) => T[]) {
  return (context: MdlReadContext, block: MdlStatement, into: T[] | undefined): T[] => [
    ...(into ?? []),
    ...read(context, block),
  ];
}

function concatFloats(into: Float32Array | undefined, values: Float32Array): Float32Array {
  if (!into || into.length === 0) return values;
  const result = new Float32Array(into.length + values.length);
  result.set(into);
  result.set(values, into.length);
  return result;
}

/** Each chunk's MDL block reader (Version and Model are read first, apart). */
const CHUNK_READERS: { readonly [Tag in Exclude<MdxChunkTag, 'VERS' | 'MODL'>]: ChunkReader<Tag> } = {
  SEQS: joined((context, block) => readCountedList(context, block, 'Anim', (child) => readSequenceMdl(context, child))),
  GLBS: joined(readGlobalSequencesMdl),
  MTLS: joined(readMaterialsMdl),
  TEXS: joined(readTexturesMdl),
  SNDS: joined(readSoundTracksMdl),
  TXAN: joined(readTextureAnimationsMdl),
  GEOS: listed(readGeosetMdl),
  GEOA: listed(readGeosetAnimationMdl),
  BONE: listed(readBoneMdl),
  LITE: listed(readLightMdl),
  HELP: listed(readHelperMdl),
  ATCH: listed(readAttachmentMdl),
  PIVT: (context, block, into) => concatFloats(into, readPivotsMdl(context, block)),
  PREM: listed(readParticleEmitterMdl),
  PRE2: listed(readParticleEmitter2Mdl),
  CORN: listed(readPopcornEmitterMdl),
  RIBB: listed(readRibbonEmitterMdl),
  EVTS: listed(readEventObjectMdl),
  CAMS: listed(readCameraMdl),
  CLID: listed(readCollisionShapeMdl),
  FAFX: listed(readFaceEffectMdl),
  BPOS: (context, block, into) => concatFloats(into, readBindPosesMdl(context, block)),
};

/**
 * Reads MDL text (bytes, or a string of latin1 characters) into the typed model. `file` names the
 * text in the diagnostics. Throws CodecError only for text that is not MDL (cut, unbalanced).
 */
export function readMdlModel(input: Uint8Array | string, file = ''): MdlModelRead {
  const bytes = typeof input === 'string' ? latin1Bytes(input) : input;
  const tree = new MdlTree(bytes);
  const versionBlock = tree.statements.find((statement) => statement.is('Version'));
  const probe = new MdlReadContext(bytes, mdxLayout(DEFAULT_MDX_VERSION));
  const version = (versionBlock && readVersionMdl(probe, versionBlock)) ?? DEFAULT_MDX_VERSION;
  const context = new MdlReadContext(bytes, mdxLayout(version));
  if (!versionBlock)
    context.report(
      'warning',
      null,
      0,
      'mdl.no-version',
      `the text has no Version block; it is read as version ${version}`,
    );
  const order: MdxChunkTag[] = [];
  const values = new Map<MdxChunkTag, unknown>();
  const counts: { entry: MdlEntry; tag: MdxChunkTag; declared: number }[] = [];
  const blocks = new Map<MdxChunkTag, MdlStatement>();
  for (const statement of tree.statements) {
    const tag = CHUNK_OF_BLOCK.get(statement.keyword);
    if (tag === undefined) {
      context.report(
        'warning',
        statement,
        statement.start,
        'mdl.unknown-block',
        `"${statement.keyword}" is not a block this reader knows; it is left out of the model`,
      );
      continue;
    }
    if (!values.has(tag)) order.push(tag);
    if (!blocks.has(tag)) blocks.set(tag, statement);
    if (tag === 'VERS') values.set(tag, version);
    else if (tag === 'MODL') {
      if (values.has(tag))
        context.report('error', statement, statement.start, 'mdl.duplicate-block', 'a second Model block is left out');
      else
        values.set(
          tag,
          readModelInfoMdl(context, statement, (entry) => {
            const counted =
              MODEL_COUNT_TAGS.get(entry.key) ?? (entry.key === 'NumCollisionShapes' ? 'CLID' : undefined);
            if (counted === undefined) return false;
            const declared = context.integer(entry, 'u32');
            if (declared !== undefined) counts.push({ entry, tag: counted, declared });
            return true;
          }),
        );
    } else {
      const reader = CHUNK_READERS[tag] as ChunkReader<MdxChunkTag>;
      values.set(tag, reader(context, statement, values.get(tag) as never));
    }
  }
  const lengthOf = (tag: MdxChunkTag) => (values.get(tag) as unknown[] | undefined)?.length ?? 0;
  for (const { entry, tag, declared } of counts)
    context.checkCount(entry, declared, lengthOf(tag), `${MDL_BLOCK_OF_CHUNK[tag]} blocks`);
  numberNodes(context, values, blocks);
  // A count of 0 with no block stands for an empty chunk (which MDX files do hold), in its usual place.
  for (const { tag, declared } of counts) {
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
  return { model: { version, chunks, diagnostics }, diagnostics };
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
  for (const [tag] of NODE_CHUNKS) nodeCount += (values.get(tag) as unknown[] | undefined)?.length ?? 0;
  for (const [tag] of NODE_CHUNKS) {
    const objects = values.get(tag) as NodeObject[] | undefined;
    if (!objects) continue;
    const block = blocks.get(tag)!;
    const numbered = objects.map((object) => {
      let { objectId } = object.node;
      const where = `${MDL_BLOCK_OF_CHUNK[tag]} "${object.node.name}"`;
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

type ChunkPrinter<Tag extends MdxChunkTag> = (writer: MdlWriter, value: MdxChunkTypes[Tag], layout: MdxLayout) => void;

function eachBlock<T>(print: (writer: MdlWriter, value: T, index: number) => void) {
  return (writer: MdlWriter, values: readonly T[]) => values.forEach((value, index) => print(writer, value, index));
}

/** Each chunk's MDL printer (Model is printed apart, with its counts). */
const CHUNK_PRINTERS: { readonly [Tag in Exclude<MdxChunkTag, 'MODL'>]: ChunkPrinter<Tag> } = {
  VERS: (writer, version) => printVersionMdl(writer, version),
  SEQS: (writer, sequences) => {
    writer.open('Sequences', undefined, sequences.length);
    for (const sequence of sequences) printSequenceMdl(writer, sequence);
    writer.close();
  },
  GLBS: (writer, durations) => printGlobalSequencesMdl(writer, durations),
  MTLS: (writer, materials, layout) => printMaterialsMdl(writer, materials, layout),
  TEXS: (writer, textures) => printTexturesMdl(writer, textures),
  SNDS: (writer, sounds) => printSoundTracksMdl(writer, sounds),
  TXAN: (writer, animations) => printTextureAnimationsMdl(writer, animations),
  GEOS: (writer, geosets, layout) => geosets.forEach((geoset, index) => printGeosetMdl(writer, geoset, index, layout)),
  GEOA: eachBlock(printGeosetAnimationMdl),
  BONE: eachBlock(printBoneMdl),
  LITE: (writer, lights, layout) => lights.forEach((light) => printLightMdl(writer, light, layout)),
  HELP: eachBlock(printHelperMdl),
  ATCH: eachBlock(printAttachmentMdl),
  PIVT: (writer, points) => printPivotsMdl(writer, points),
  PREM: eachBlock(printParticleEmitterMdl),
  PRE2: eachBlock(printParticleEmitter2Mdl),
  CORN: eachBlock(printPopcornEmitterMdl),
  RIBB: eachBlock(printRibbonEmitterMdl),
  EVTS: eachBlock(printEventObjectMdl),
  CAMS: eachBlock(printCameraMdl),
  CLID: eachBlock(printCollisionShapeMdl),
  FAFX: eachBlock(printFaceEffectMdl),
  BPOS: (writer, matrices) => printBindPosesMdl(writer, matrices),
};

/**
 * Prints a typed model as MDL in its chunk order (Textures before Materials). A chunk kept as
 * bytes (unknown to the model, or damaged) cannot be printed: it is a warning naming it, and the
 * rest is written. So are tracks after a chunk, values no MDL keyword says (unless `options` asks
 * for this project's own statements for them), and anything else the text cannot carry.
 */
export function printMdlModel(
  input: Pick<TypedMdxModel, 'chunks'> | MdlModelRead,
  options: MdlPrintOptions = {},
): MdlModelPrint {
  const model = 'model' in input ? input.model : input;
  const layout = mdxLayout(mdxVersionOf(model.chunks));
  // Text is about twice the binary; a model built by an edit (no source) starts small and grows.
  let estimate = 4096;
  for (const chunk of model.chunks) estimate += 2 * (chunk.source?.body.byteLength ?? 0);
  const writer = new MdlWriter(estimate, options);
  const chunks = [...model.chunks];
  const materialsAt = chunks.findIndex((chunk) => chunk.tag === 'MTLS');
  if (materialsAt >= 0 && chunks[materialsAt + 1]?.tag === 'TEXS')
    chunks.splice(materialsAt, 2, chunks[materialsAt + 1]!, chunks[materialsAt]!);
  else if (chunks.some((chunk) => chunk.tag === 'TEXS') && chunks.some((chunk) => chunk.tag === 'MTLS'))
    writer.warn('MTLS', 'MTLS and TEXS are not next to each other; MDL does not carry their order', 'mdl.chunk-order');
  const seen = new Set<string>();
  for (const chunk of chunks) {
    if (!isParsedChunk(chunk)) {
      const why = isKnownTag(chunk.tag) ? 'damaged' : 'unknown to the model';
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
    if (chunk.tag === 'MODL') printModelInfoMdl(writer, chunk.parsed, modelCounts(model.chunks));
    else (CHUNK_PRINTERS[chunk.tag] as ChunkPrinter<MdxChunkTag>)(writer, chunk.parsed, layout);
  }
  return { bytes: writer.finish(), warnings: writer.warnings };
}

function isKnownTag(tag: string): boolean {
  return Object.prototype.hasOwnProperty.call(MDL_BLOCK_OF_CHUNK, tag);
}

/**
 * The Model block's counts: one per kind the model has, and 0 for a chunk present but empty (the
 * one way MDL has to say that an empty BONE or PREM chunk is there).
 */
function modelCounts(chunks: readonly TypedMdxChunk[]): [string, number][] {
  const result: [string, number][] = [];
  for (const [keyword, tag] of MODEL_COUNTS) {
    let count = 0;
    let present = false;
    for (const chunk of chunks) {
      if (chunk.tag !== tag || !isParsedChunk(chunk)) continue;
      present = true;
      count += (chunk.parsed as unknown[]).length;
    }
    if (present) result.push([keyword, count]);
  }
  return result;
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
