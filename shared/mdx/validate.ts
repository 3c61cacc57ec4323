/**
 * The MDX validation pass: reads every chunk this codec understands and reports what does not add
 * up, as diagnostics. Never throws and never changes the model. Opening a model stays lazy; this
 * pass is what `morf validate` and the diagnostics panel run.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { type MdxChunk, type MdxModel } from './container';
import { readBindPoses } from './chunks/bpos';
import { CAMERA_FIXED_BYTES, readCameras } from './chunks/cams';
import { walkGeosets } from './chunks/geos';
import { readPivots } from './chunks/pivt';
import { readTextures } from './chunks/texs';
import { readEvents } from './event-objects';
import { readChunkOrReport, readMdxHeader } from './model-info';
import { bodyOffsetOf, OBJECT_SIZE_BYTES, walkNodeChunks } from './node-objects';
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

/** Lights: the fields after the node must fit in the light (1200 adds a shadow intensity). */
function checkLights(model: MdxModel, layout: MdxLayout, diagnostics: Diagnostic[]): void {
  for (const read of walkNodeChunks(model)) {
    if (read.tag !== 'LITE') continue;
    const chunk = model.chunks[read.chunkIndex]!;
    for (const object of read.objects) {
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
        diagnostics.push(damaged(chunk, error));
      }
    }
  }
}

/**
 * Checks the whole model: every understood chunk, objectIds (unique and dense), parents, and the
 * PIVT and BPOS counts. Returns the container's diagnostics too. Never throws.
 */
export function validateMdx(model: MdxModel): Diagnostic[] {
  const diagnostics: Diagnostic[] = [...model.diagnostics, ...readMdxHeader(model).diagnostics];
  const layout = mdxLayout(model.version);
  const seen = new Set<string>();
  let pivotCount: number | undefined;
  let cameraCount = 0;
  let bindPoseCount: number | undefined;
  for (const chunk of model.chunks) {
    if (seen.has(chunk.tag)) continue;
    seen.add(chunk.tag);
    const bodyOffset = bodyOffsetOf(chunk);
    try {
      switch (chunk.tag) {
        case 'TEXS':
          readChunkOrReport(chunk, readTextures, [], diagnostics);
          break;
        case 'PIVT':
          pivotCount = readChunkOrReport(
            chunk,
            (body, offset) => readPivots(body, offset).length / 3,
            undefined,
            diagnostics,
          );
          break;
        case 'CAMS': {
          cameraCount = readChunkOrReport(chunk, readCameras, [], diagnostics).length;
          walkInclusiveObjects(chunk, CAMERA_FIXED_BYTES);
          break;
        }
        case 'BPOS':
          bindPoseCount = readChunkOrReport(
            chunk,
            (body, offset) => readBindPoses(body, offset).length / 12,
            undefined,
            diagnostics,
          );
          break;
        case 'GEOS': {
          const read = walkGeosets(chunk.body, model.version, bodyOffset);
          if (read.damage) diagnostics.push(read.damage);
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
      diagnostics.push(damaged(chunk, error));
    }
  }

  const reads = walkNodeChunks(model);
  for (const read of reads) if (read.damage && read.tag !== 'EVTS') diagnostics.push(read.damage);
  diagnostics.push(...readEvents(model).diagnostics);
  checkLights(model, layout, diagnostics);

  const nodes = reads.flatMap((read) => read.objects.map((object) => ({ read, object })));
  const ids = new Set<number>();
  const duplicates = new Set<number>();
  for (const { object } of nodes) {
    if (ids.has(object.node.objectId)) duplicates.add(object.node.objectId);
    ids.add(object.node.objectId);
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
  for (const { read, object } of nodes) {
    const parentId = object.node.parentId;
    if (parentId !== -1 && (!ids.has(parentId) || parentId === object.node.objectId)) {
      diagnostics.push({
        severity: 'warning',
        code: 'mdx.missing-parent',
        message:
          `${read.tag}[${object.index}] "${object.node.name}" names parent ${parentId}, ` +
          `which ${parentId === object.node.objectId ? 'is itself' : 'no node has'}.`,
        where: `${read.tag}[${object.index}].parentId`,
        ...(read.tag === 'EVTS' ? { target: { kind: 'eventObject' as const, objectIndex: object.index } } : {}),
      });
    }
  }
  if (nodes.length > 0 && pivotCount !== undefined && pivotCount !== nodes.length) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.pivot-count',
      message: `PIVT has ${pivotCount} points for ${nodes.length} nodes.`,
      where: 'PIVT',
    });
  } else if (nodes.length > 0 && pivotCount === undefined && !seen.has('PIVT')) {
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
