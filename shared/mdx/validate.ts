/**
 * The MDX validation pass: reads every chunk this codec understands and reports what does not add
 * up, as diagnostics. Never throws and never changes the model. Opening a model stays lazy; this
 * pass is what `morf validate` and the diagnostics panel run.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import {
  chunkContainerDiagnostics,
  chunkOrigin,
  chunkPositions,
  modelContainerDiagnostics,
  type MdxChunk,
  type MdxModel,
} from './container';
import { BIND_POSE_FLOATS, readBindPoses } from './chunks/bpos';
import { CAMERA_FIXED_BYTES, readCameras } from './chunks/cams';
import { walkGeosets } from './chunks/geos';
import { PIVOT_FLOATS, readPivots } from './chunks/pivt';
import { readTextures } from './chunks/texs';
import { readGlobalSequences } from './chunks/glbs';
import { readModelInfo } from './chunks/modl';
import { readSequences } from './chunks/seqs';
import { VERS_BYTES } from './chunks/vers';
import { readEventsChunkOf } from './event-objects';
import { readChunkOrReport } from './model-info';
import { bodyOffsetOf, nodeChunkSpec, OBJECT_SIZE_BYTES, walkNodeChunk, type NodeChunkRead } from './node-objects';
import { readTag, trackByteLength } from './tracks';
import { mdxLayout, type MdxLayout } from './versions';

/** Bytes of a material before its shader name: inclusiveSize, priorityPlane, flags. */
export const MATERIAL_FIXED_BYTES = 12;
/** The LAYS tag and layer count. */
export const MATERIAL_LAYERS_HEADER_BYTES = 8;
/** Bytes of a geoset animation without tracks: inclusiveSize, alpha, flags, color[3], geosetId. */
export const GEOSET_ANIMATION_FIXED_BYTES = 28;
/** Bytes of a texture animation without tracks (its inclusive size). */
export const TEXTURE_ANIMATION_FIXED_BYTES = 4;

function damaged(chunk: MdxChunk, error: CodecError): Diagnostic {
  return {
    severity: 'error',
    code: 'mdx.damaged-chunk',
    message: `The ${chunk.tag} chunk does not add up at ${error.where}: ${error.detail}. Its bytes are kept.`,
    where: error.where,
    offset: bodyOffsetOf(chunk) + error.offset,
    target: { kind: 'chunk', tag: chunk.tag },
  };
}

function fail(kind: 'truncated' | 'invalid', where: string, offset: number, detail: string): never {
  throw new CodecError({ format: 'mdx', kind, where, offset, detail });
}

/** Walks tracks from `start` to `end`; throws CodecError when they do not add up exactly. */
function walkTracks(body: Uint8Array, start: number, end: number, where: string): void {
  let at = start;
  while (at < end) {
    if (end - at < 4) fail('truncated', where, at, `${end - at} bytes left where a track should start`);
    at += trackByteLength(body, at, end, where);
  }
}

/** Objects that start with their inclusive size (TXAN, GEOA): sizes must cover the chunk exactly. */
function walkInclusiveObjects(chunk: MdxChunk, minimumBytes: number): void {
  const body = chunk.body;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let at = 0;
  let index = 0;
  while (at < body.byteLength) {
    const where = `${chunk.tag}[${index}]`;
    if (body.byteLength - at < 4) fail('truncated', where, at, 'the object size does not fit');
    const size = view.getUint32(at, true);
    if (size < minimumBytes || size > body.byteLength - at)
      fail(
        'invalid',
        `${where}.inclusiveSize`,
        at,
        `object size ${size} is not between ${minimumBytes} and the ${body.byteLength - at} bytes left`,
      );
    walkTracks(body, at + minimumBytes, at + size, where);
    at += size;
    index += 1;
  }
}

/** Materials: inclusive size, priorityPlane, flags, the shader name in 900–1000, LAYS, layers with their own inclusive
 * sizes. */
function walkMaterials(chunk: MdxChunk, layout: MdxLayout): void {
  const body = chunk.body;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let at = 0;
  let index = 0;
  while (at < body.byteLength) {
    const where = `MTLS[${index}]`;
    if (body.byteLength - at < 4) fail('truncated', where, at, 'the material size does not fit');
    const size = view.getUint32(at, true);
    const end = at + size;
    const header = MATERIAL_FIXED_BYTES + layout.materialShaderBytes + MATERIAL_LAYERS_HEADER_BYTES;
    if (size < header || end > body.byteLength)
      fail(
        'invalid',
        `${where}.inclusiveSize`,
        at,
        `material size ${size} is not between ${header} and the ${body.byteLength - at} bytes left ` +
          `(version ${layout.version})`,
      );
    const laysAt = at + MATERIAL_FIXED_BYTES + layout.materialShaderBytes;
    if (readTag(body, laysAt) !== 'LAYS')
      fail(
        'invalid',
        `${where}.LAYS`,
        laysAt,
        `expected LAYS, found "${readTag(body, laysAt)}" (version ${layout.version})`,
      );
    const layerCount = view.getUint32(laysAt + 4, true);
    let layerAt = laysAt + MATERIAL_LAYERS_HEADER_BYTES;
    for (let layer = 0; layer < layerCount; layer += 1) {
      if (end - layerAt < 4)
        fail('truncated', `${where}.layers[${layer}]`, layerAt, `${layerCount} layers do not fit in the material`);
      const layerSize = view.getUint32(layerAt, true);
      if (layerSize < layout.layerFixedBytes || layerSize > end - layerAt) {
        fail(
          'invalid',
          `${where}.layers[${layer}].inclusiveSize`,
          layerAt,
          `layer size ${layerSize} is not between ${layout.layerFixedBytes} (version ${layout.version}) and ` +
            `the ${end - layerAt} bytes left in the material`,
        );
      }
      layerAt += layerSize;
    }
    if (layerAt !== end)
      fail('invalid', where, layerAt, `${end - layerAt} bytes are left over after the material's layers`);
    at = end;
    index += 1;
  }
}

/** A node as the cross-chunk checks see it. */
export interface CheckedNode {
  readonly tag: string;
  /** Position among its chunk's objects. */
  readonly index: number;
  readonly name: string;
  readonly objectId: number;
  readonly parentId: number;
}

/**
 * What validating one chunk found: its own diagnostics (offsets counting from {@link chunkOrigin}) and the
 * facts the model-wide checks need. Plain data, so it survives a structured clone beside its chunk.
 */
export interface MdxChunkCheck {
  readonly diagnostics: readonly Diagnostic[];
  /** Points of a readable PIVT, matrices of a readable BPOS, cameras of a readable CAMS (first of their tag). */
  readonly pivotCount?: number;
  readonly bindPoseCount?: number;
  readonly cameraCount?: number;
  /** The objects of a node chunk. */
  readonly nodes: readonly CheckedNode[];
}

/** Lights: the fields after the node must fit in the light (1200 adds a shadow intensity). */
function checkLights(chunk: MdxChunk, objects: NodeChunkRead['objects'], layout: MdxLayout, out: Diagnostic[]): void {
  for (const object of objects) {
    const fixed = OBJECT_SIZE_BYTES + object.node.inclusiveSize + layout.lightFieldBytes;
    try {
      if (object.byteLength < fixed)
        fail(
          'invalid',
          `LITE[${object.index}]`,
          object.offset,
          `light size ${object.byteLength} is smaller than its ${fixed} bytes of node and fields ` +
            `(version ${layout.version})`,
        );
      walkTracks(chunk.body, object.offset + fixed, object.offset + object.byteLength, `LITE[${object.index}]`);
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      out.push(damaged(chunk, error));
    }
  }
}

/** The checks of a chunk that is the first of its tag (a second one is kept, reported and not read). */
function checkFirstOfTag(chunk: MdxChunk, layout: MdxLayout, out: Diagnostic[]): Omit<MdxChunkCheck, 'diagnostics'> {
  const facts: { pivotCount?: number; bindPoseCount?: number; cameraCount?: number; nodes: CheckedNode[] } = {
    nodes: [],
  };
  try {
    switch (chunk.tag) {
      case 'MODL':
        readChunkOrReport(chunk, readModelInfo, null, out);
        break;
      case 'SEQS':
        readChunkOrReport(chunk, readSequences, [], out);
        break;
      case 'GLBS':
        readChunkOrReport(chunk, readGlobalSequences, [], out);
        break;
      case 'TEXS':
        readChunkOrReport(chunk, readTextures, [], out);
        break;
      case 'PIVT':
        facts.pivotCount = readChunkOrReport(
          chunk,
          (body, offset) => readPivots(body, offset).length / PIVOT_FLOATS,
          undefined,
          out,
        );
        break;
      case 'CAMS':
        facts.cameraCount = readChunkOrReport(chunk, readCameras, [], out).length;
        walkInclusiveObjects(chunk, CAMERA_FIXED_BYTES);
        break;
      case 'BPOS':
        facts.bindPoseCount = readChunkOrReport(
          chunk,
          (body, offset) => readBindPoses(body, offset).length / BIND_POSE_FLOATS,
          undefined,
          out,
        );
        break;
      case 'GEOS': {
        const read = walkGeosets(chunk.body, layout.version, bodyOffsetOf(chunk));
        if (read.damage) out.push(read.damage);
        break;
      }
      case 'MTLS':
        walkMaterials(chunk, layout);
        break;
      case 'TXAN':
        walkInclusiveObjects(chunk, TEXTURE_ANIMATION_FIXED_BYTES);
        break;
      case 'GEOA':
        walkInclusiveObjects(chunk, GEOSET_ANIMATION_FIXED_BYTES);
        break;
    }
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    out.push(damaged(chunk, error));
  }
  return facts;
}

const checks = new WeakMap<MdxChunk, { version: number; firstOfTag: boolean; check: MdxChunkCheck }>();

/**
 * Validates one chunk on its own: the container's checks, the chunk's contents (when it is the first of its
 * tag), a node chunk's objects and, for EVTS, its event objects. Memoized per chunk, so that after an edit
 * only the chunks it replaced are read again. Never throws.
 */
export function checkMdxChunk(chunk: MdxChunk, version: number, firstOfTag: boolean): MdxChunkCheck {
  const cached = checks.get(chunk);
  if (cached && cached.version === version && cached.firstOfTag === firstOfTag) return cached.check;
  const layout = mdxLayout(version);
  const diagnostics = chunkContainerDiagnostics(chunk, version, firstOfTag);
  let facts: Omit<MdxChunkCheck, 'diagnostics'> = { nodes: [] };
  if (firstOfTag) facts = checkFirstOfTag(chunk, layout, diagnostics);
  if (nodeChunkSpec(chunk.tag)) {
    const read = walkNodeChunk(chunk, 0);
    if (chunk.tag === 'EVTS') diagnostics.push(...readEventsChunkOf(chunk).diagnostics);
    else if (read.damage) diagnostics.push(read.damage);
    if (chunk.tag === 'LITE') checkLights(chunk, read.objects, layout, diagnostics);
    facts = {
      ...facts,
      nodes: read.objects.map((object) => ({
        tag: chunk.tag,
        index: object.index,
        name: object.node.name,
        objectId: object.node.objectId,
        parentId: object.node.parentId,
      })),
    };
  }
  const check: MdxChunkCheck = Object.freeze({ ...facts, diagnostics: Object.freeze(diagnostics) });
  checks.set(chunk, { version, firstOfTag, check });
  return check;
}

/**
 * Seeds the per-chunk memo with checks made elsewhere (`checks[i]` of `model.chunks[i]`, by
 * {@link checkMdxChunks}) — after a structured clone from the worker that read the model — so that they are not
 * made again.
 */
export function primeMdxChunkChecks(model: MdxModel, chunkChecks: readonly MdxChunkCheck[]): void {
  if (chunkChecks.length !== model.chunks.length) return;
  const firsts = firstOfTags(model);
  model.chunks.forEach((chunk, index) => {
    if (!checks.has(chunk))
      checks.set(chunk, { version: model.version, firstOfTag: firsts[index]!, check: chunkChecks[index]! });
  });
}

/** Whether each chunk is the first of its tag in the model. */
export function firstOfTags(model: MdxModel): boolean[] {
  const seen = new Set<string>();
  return model.chunks.map((chunk) => {
    const first = !seen.has(chunk.tag);
    seen.add(chunk.tag);
    return first;
  });
}

/** The check of every chunk of the model, in order (memoized per chunk). */
export function checkMdxChunks(model: MdxModel): MdxChunkCheck[] {
  const firsts = firstOfTags(model);
  return model.chunks.map((chunk, index) => checkMdxChunk(chunk, model.version, firsts[index]!));
}

/** True when the model has a VERS chunk its version was read from. */
function hasVersionChunk(model: MdxModel): boolean {
  return model.chunks.some((chunk) => chunk.tag === 'VERS' && chunk.body.byteLength >= VERS_BYTES);
}

/**
 * The model's diagnostics from its chunks' checks (`checks[i]` of `model.chunks[i]`, as {@link checkMdxChunks}
 * gives them): each chunk's diagnostics at the offset the chunk has in the file written now, then the checks
 * across chunks — objectIds unique and dense, parents, the PIVT and BPOS counts. Never throws.
 */
export function validateMdxChecks(model: MdxModel, chunkChecks: readonly MdxChunkCheck[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = modelContainerDiagnostics(model, hasVersionChunk(model));
  const positions = chunkPositions(model);
  let pivotCount: number | undefined;
  let bindPoseCount: number | undefined;
  let cameraCount = 0;
  let hasPivotChunk = false;
  const nodes: CheckedNode[] = [];
  model.chunks.forEach((chunk, index) => {
    const check = chunkChecks[index]!;
    const shift = positions[index]! - chunkOrigin(chunk);
    for (const diagnostic of check.diagnostics) {
      diagnostics.push(
        diagnostic.offset === undefined || shift === 0
          ? diagnostic
          : { ...diagnostic, offset: diagnostic.offset + shift },
      );
    }
    if (chunk.tag === 'PIVT') hasPivotChunk = true;
    pivotCount ??= check.pivotCount;
    bindPoseCount ??= check.bindPoseCount;
    cameraCount = check.cameraCount ?? cameraCount;
    for (const node of check.nodes) nodes.push(node);
  });
  crossCheckNodes(nodes, diagnostics);
  if (nodes.length > 0 && pivotCount !== undefined && pivotCount !== nodes.length) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.pivot-count',
      message: `PIVT has ${pivotCount} points for ${nodes.length} nodes.`,
      where: 'PIVT',
    });
  } else if (nodes.length > 0 && pivotCount === undefined && !hasPivotChunk) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.pivot-count',
      message: `The model has ${nodes.length} nodes and no PIVT chunk.`,
      where: 'PIVT',
    });
  }
  if (bindPoseCount !== undefined && bindPoseCount !== nodes.length + cameraCount && bindPoseCount !== nodes.length) {
    diagnostics.push({
      severity: 'info',
      code: 'mdx.bind-pose-count',
      message: `BPOS has ${bindPoseCount} matrices for ${nodes.length} nodes and ${cameraCount} cameras.`,
      where: 'BPOS',
    });
  }
  return diagnostics;
}

/** objectIds unique and dense, parents that exist. */
function crossCheckNodes(nodes: readonly CheckedNode[], diagnostics: Diagnostic[]): void {
  const ids = new Set<number>();
  const duplicates = new Set<number>();
  for (const node of nodes) {
    if (ids.has(node.objectId)) duplicates.add(node.objectId);
    ids.add(node.objectId);
  }
  if (duplicates.size > 0) {
    diagnostics.push({
      severity: 'error',
      code: 'mdx.duplicate-object-id',
      message: `Several nodes share objectId ${[...duplicates].slice(0, 8).join(', ')}.`,
      where: 'objectId',
    });
  }
  const gaps = [...ids].filter((id) => id < 0 || id >= nodes.length);
  if (duplicates.size === 0 && gaps.length > 0) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.object-ids-not-dense',
      message: `ObjectIds should run from 0 to ${nodes.length - 1}; found ${gaps.slice(0, 8).join(', ')}.`,
      where: 'objectId',
    });
  }
  for (const node of nodes) {
    const parentId = node.parentId;
    if (parentId !== -1 && (!ids.has(parentId) || parentId === node.objectId)) {
      diagnostics.push({
        severity: 'warning',
        code: 'mdx.missing-parent',
        message:
          `${node.tag}[${node.index}] "${node.name}" names parent ${parentId}, ` +
          `which ${parentId === node.objectId ? 'is itself' : 'no node has'}.`,
        where: `${node.tag}[${node.index}].parentId`,
        ...(node.tag === 'EVTS' ? { target: { kind: 'eventObject' as const, objectIndex: node.index } } : {}),
      });
    }
  }
}

/**
 * Checks the whole model: every understood chunk, objectIds (unique and dense), parents, and the PIVT and BPOS
 * counts, with the container's diagnostics. Never throws.
 */
export function validateMdx(model: MdxModel): Diagnostic[] {
  return validateMdxChecks(model, checkMdxChunks(model));
}
