/**
 * `validateMrf`: a separate pass over a read (or built) file that reports what the game would
 * stumble on. Never throws; returns diagnostics with stable codes.
 */
import type { Diagnostic, Severity } from '../diagnostics';
import { mrfFacesByteLength } from './faces';
import { mrfKeyframeByteLength } from './keyframes';
import {
  MRF_ADDRESSABLE_VERTEX_COUNT,
  MRF_CHUNK_ALIGNMENT,
  MRF_CORNERS_PER_FACE,
  MRF_CORNER_BYTE_SIZE,
  MRF_FLOATS_PER_UV,
  MRF_FLOATS_PER_VERTEX,
  MRF_HEADER_BYTE_SIZE,
  MRF_HEADER_OFFSET,
  MRF_MAGIC,
  MRF_OFFSET_TABLE_OFFSET,
  MRF_UV_BYTE_SIZE,
  alignToChunk,
  offsetTableByteLength,
} from './layout';
import { texturePathExtent, texturePathFromChunk } from './texture';
import type { MrfChunkSpan, MrfFile, MrfSourceLayout } from './types';

/** Every code `validateMrf` reports. */
export const MRF_DIAGNOSTIC = {
  magic: 'mrf.magic-not-morf',
  noKeyframes: 'mrf.no-keyframes',
  keyframeSize: 'mrf.keyframe-size-mismatch',
  faceIndexOutOfRange: 'mrf.face-index-out-of-range',
  cornerCount: 'mrf.corner-count-not-multiple-of-3',
  tooManyVertices: 'mrf.too-many-vertices',
  nonFinite: 'mrf.non-finite-value',
  normalLength: 'mrf.normal-not-unit-length',
  chunksOverlap: 'mrf.chunks-overlap',
  chunkMisaligned: 'mrf.chunk-misaligned',
  texturePathEmpty: 'mrf.texture-path-empty',
  texturePathUnterminated: 'mrf.texture-path-unterminated',
  frameIntervalZero: 'mrf.frame-interval-zero',
  frameIntervalNegative: 'mrf.frame-interval-negative',
  headerEntryNonzero: 'mrf.header-entry-nonzero',
  trailingBytes: 'mrf.trailing-bytes',
} as const;

/** How far a normal's length may be from 1 before it is reported. */
export const MRF_NORMAL_LENGTH_TOLERANCE = 0.1;

/** At most this many diagnostics of one code are listed; a summary line counts the rest. */
const MAX_LISTED_PER_CODE = 8;

/** Checks `file` against what the game accepts and renders. */
export function validateMrf(file: MrfFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const add = (severity: Severity, code: string, message: string, where?: string, offset?: number): void => {
    const diagnostic: Diagnostic = { severity, code, message, target: { kind: 'mrf', field: where ?? 'file' } };
    if (where !== undefined) diagnostic.where = where;
    if (offset !== undefined) diagnostic.offset = offset;
    diagnostics.push(diagnostic);
  };
  const { header } = file;
  const vertexCount = Math.floor(file.uvs.length / MRF_FLOATS_PER_UV);

  if (header.magic !== MRF_MAGIC) {
    add(
      'warning',
      MRF_DIAGNOSTIC.magic,
      `magic is ${JSON.stringify(header.magic)}, not "Morf" (the game does not check it)`,
      'header.magic',
      MRF_HEADER_OFFSET.magic,
    );
  }
  if (file.headerEntry !== 0) {
    add(
      'info',
      MRF_DIAGNOSTIC.headerEntryNonzero,
      `the offset table's first entry is ${file.headerEntry}, not 0 as in every known file`,
      'offsetTable[0]',
      MRF_OFFSET_TABLE_OFFSET,
    );
  }
  checkTiming(file, add);
  checkTexture(file, add);
  checkFaces(file, vertexCount, add);
  checkValues(file, vertexCount, add);
  if (file.layout) checkLayout(file, file.layout, add);
  return diagnostics;
}

type Add = (severity: Severity, code: string, message: string, where?: string, offset?: number) => void;

function checkTiming(file: MrfFile, add: Add): void {
  const { frameInterval, initialTime } = file.header;
  if (file.keyframes.length === 0)
    add(
      'error',
      MRF_DIAGNOSTIC.noKeyframes,
      'the file has no keyframes: there is nothing to show',
      'header.keyframeCount',
      MRF_HEADER_OFFSET.keyframeCount,
    );
  if (frameInterval === 0) {
    add(
      'error',
      MRF_DIAGNOSTIC.frameIntervalZero,
      'frame interval is 0: the game does not render the mesh',
      'header.frameInterval',
      MRF_HEADER_OFFSET.frameInterval,
    );
  } else if (frameInterval < 0) {
    add(
      'warning',
      MRF_DIAGNOSTIC.frameIntervalNegative,
      `frame interval is ${frameInterval}: the game shows only the last keyframe`,
      'header.frameInterval',
      MRF_HEADER_OFFSET.frameInterval,
    );
  }
  const headerFloats: Array<[string, number, number, Severity]> = [
    ['header.frameInterval', frameInterval, MRF_HEADER_OFFSET.frameInterval, 'error'],
    ['header.initialTime', initialTime, MRF_HEADER_OFFSET.initialTime, 'error'],
    ['header.pivot[0]', file.header.pivot[0], MRF_HEADER_OFFSET.pivot, 'warning'],
    ['header.pivot[1]', file.header.pivot[1], MRF_HEADER_OFFSET.pivot + 4, 'warning'],
    ['header.pivot[2]', file.header.pivot[2], MRF_HEADER_OFFSET.pivot + 8, 'warning'],
    ['header.boundsRadius', file.header.boundsRadius, MRF_HEADER_OFFSET.boundsRadius, 'warning'],
  ];
  for (const [where, value, offset, severity] of headerFloats) {
    if (!Number.isFinite(value)) add(severity, MRF_DIAGNOSTIC.nonFinite, `${where} is ${value}`, where, offset);
  }
}

function checkTexture(file: MrfFile, add: Add): void {
  const offset = file.layout?.textureOffset;
  if (file.texturePath.length === 0)
    add(
      'warning',
      MRF_DIAGNOSTIC.texturePathEmpty,
      'the texture path is empty: the game has no texture to load',
      'texture',
      offset,
    );
  if (
    file.texturePath === texturePathFromChunk(file.textureBytes) &&
    !texturePathExtent(file.textureBytes).terminated
  ) {
    add(
      'warning',
      MRF_DIAGNOSTIC.texturePathUnterminated,
      "the texture path has no '.' or NUL before the next chunk: the game reads on into it",
      'texture',
      offset,
    );
  }
}

function checkFaces(file: MrfFile, vertexCount: number, add: Add): void {
  const faces = file.faces;
  const facesOffset = file.layout?.facesOffset;
  if (faces.length % MRF_CORNERS_PER_FACE !== 0) {
    add(
      'error',
      MRF_DIAGNOSTIC.cornerCount,
      `corner count ${faces.length} is not a multiple of 3: the last ${faces.length % MRF_CORNERS_PER_FACE} ` +
        `corner(s) form no triangle`,
      'header.cornerCount',
      MRF_HEADER_OFFSET.cornerCount,
    );
  }
  if (vertexCount > MRF_ADDRESSABLE_VERTEX_COUNT) {
    add(
      'warning',
      MRF_DIAGNOSTIC.tooManyVertices,
      `${vertexCount} vertices: uint16 faces can address only the first ${MRF_ADDRESSABLE_VERTEX_COUNT}`,
      'header.vertexCount',
      MRF_HEADER_OFFSET.vertexCount,
    );
  }
  let outOfRange = 0;
  for (let corner = 0; corner < faces.length; corner += 1) {
    const index = faces[corner]!;
    if (index < vertexCount) continue;
    outOfRange += 1;
    if (outOfRange <= MAX_LISTED_PER_CODE) {
      const face = Math.floor(corner / MRF_CORNERS_PER_FACE);
      add(
        'error',
        MRF_DIAGNOSTIC.faceIndexOutOfRange,
        `face ${face} uses vertex ${index}, but there are ${vertexCount} vertices`,
        `faces[${face}]`,
        facesOffset === undefined ? undefined : facesOffset + corner * MRF_CORNER_BYTE_SIZE,
      );
    }
  }
  if (outOfRange > MAX_LISTED_PER_CODE)
    add(
      'error',
      MRF_DIAGNOSTIC.faceIndexOutOfRange,
      `${outOfRange} face corners in all use a vertex index ≥ ${vertexCount}`,
      'faces',
      facesOffset,
    );
}

function checkValues(file: MrfFile, vertexCount: number, add: Add): void {
  const layout = file.layout;
  const nonFiniteUv = firstNonFinite(file.uvs);
  if (nonFiniteUv.count > 0) {
    const vertex = Math.floor(nonFiniteUv.first / MRF_FLOATS_PER_UV);
    add(
      'error',
      MRF_DIAGNOSTIC.nonFinite,
      `${nonFiniteUv.count} UV value(s) are NaN or infinite, first at vertex ${vertex}`,
      `uvs[${vertex}]`,
      layout ? layout.uvsOffset + nonFiniteUv.first * 4 : undefined,
    );
  }
  let sizeMismatches = 0;
  let nonFiniteReported = 0;
  let normalsReported = 0;
  file.keyframes.forEach((keyframe, keyframeIndex) => {
    const keyframeOffset = layout?.keyframeOffsets[keyframeIndex];
    const at = (floatIndex: number) => (keyframeOffset === undefined ? undefined : keyframeOffset + floatIndex * 4);
    if (keyframe.length !== vertexCount * MRF_FLOATS_PER_VERTEX) {
      sizeMismatches += 1;
      if (sizeMismatches <= MAX_LISTED_PER_CODE) {
        add(
          'error',
          MRF_DIAGNOSTIC.keyframeSize,
          `keyframe ${keyframeIndex} has ${keyframe.length} floats; ${vertexCount} vertices ` +
            `need ${vertexCount * MRF_FLOATS_PER_VERTEX}`,
          `keyframes[${keyframeIndex}]`,
        );
      }
      return;
    }
    const nonFinite = firstNonFinite(keyframe);
    if (nonFinite.count > 0 && nonFiniteReported < MAX_LISTED_PER_CODE) {
      nonFiniteReported += 1;
      const vertex = Math.floor(nonFinite.first / MRF_FLOATS_PER_VERTEX);
      const part = nonFinite.first % MRF_FLOATS_PER_VERTEX < 3 ? 'position' : 'normal';
      add(
        'error',
        MRF_DIAGNOSTIC.nonFinite,
        `keyframe ${keyframeIndex}: ${nonFinite.count} value(s) are NaN or infinite, first in ` +
          `vertex ${vertex}'s ${part}`,
        `keyframes[${keyframeIndex}][${vertex}]`,
        at(nonFinite.first),
      );
    }
    const badNormal = firstBadNormal(keyframe);
    if (badNormal.count > 0 && normalsReported < MAX_LISTED_PER_CODE) {
      normalsReported += 1;
      add(
        'warning',
        MRF_DIAGNOSTIC.normalLength,
        `keyframe ${keyframeIndex}: ${badNormal.count} normal(s) are far from unit length, first ` +
          `vertex ${badNormal.vertex} (length ${badNormal.length.toPrecision(4)})`,
        `keyframes[${keyframeIndex}][${badNormal.vertex}].normal`,
        at(badNormal.vertex * MRF_FLOATS_PER_VERTEX + 3),
      );
    }
  });
  if (sizeMismatches > MAX_LISTED_PER_CODE)
    add('error', MRF_DIAGNOSTIC.keyframeSize, `${sizeMismatches} keyframes in all have the wrong size`, 'keyframes');
}

function firstNonFinite(values: Float32Array): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    if (value - value !== 0) {
      if (count === 0) first = index;
      count += 1;
    }
  }
  return { count, first };
}

function firstBadNormal(keyframe: Float32Array): { count: number; vertex: number; length: number } {
  let count = 0;
  let vertex = -1;
  let firstLength = 0;
  for (let base = 0, index = 0; base < keyframe.length; base += MRF_FLOATS_PER_VERTEX, index += 1) {
    const x = keyframe[base + 3]!;
    const y = keyframe[base + 4]!;
    const z = keyframe[base + 5]!;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (!(Math.abs(length - 1) > MRF_NORMAL_LENGTH_TOLERANCE)) continue;
    if (!Number.isFinite(length)) continue; // reported as non-finite
    if (count === 0) {
      vertex = index;
      firstLength = length;
    }
    count += 1;
  }
  return { count, vertex, length: firstLength };
}

/** The chunk spans of a file that was read, each with the bytes its content occupies. */
export function mrfChunkSpans(file: MrfFile, layout: MrfSourceLayout): MrfChunkSpan[] {
  const vertexCount = Math.floor(file.uvs.length / MRF_FLOATS_PER_UV);
  const extent = texturePathExtent(file.textureBytes);
  const spans: MrfChunkSpan[] = [
    { name: 'header', offset: 0, byteLength: MRF_HEADER_BYTE_SIZE },
    {
      name: 'offsetTable',
      offset: MRF_OFFSET_TABLE_OFFSET,
      byteLength: offsetTableByteLength(layout.keyframeOffsets.length),
    },
    {
      name: 'texture',
      offset: layout.textureOffset,
      byteLength: Math.min(layout.textureChunkByteLength, extent.length + 1),
    },
    { name: 'faces', offset: layout.facesOffset, byteLength: mrfFacesByteLength(file.faces) },
    { name: 'uvs', offset: layout.uvsOffset, byteLength: vertexCount * MRF_UV_BYTE_SIZE },
  ];
  layout.keyframeOffsets.forEach((offset, index) =>
    spans.push({ name: `keyframes[${index}]`, offset, byteLength: mrfKeyframeByteLength(vertexCount) }),
  );
  return spans;
}

function checkLayout(file: MrfFile, layout: MrfSourceLayout, add: Add): void {
  const spans = mrfChunkSpans(file, layout).filter((span) => span.byteLength > 0);
  let misaligned = 0;
  for (const span of spans) {
    if (span.offset % MRF_CHUNK_ALIGNMENT === 0) continue;
    misaligned += 1;
    if (misaligned <= MAX_LISTED_PER_CODE)
      add(
        'warning',
        MRF_DIAGNOSTIC.chunkMisaligned,
        `${span.name} starts at byte ${span.offset}, not a multiple of ${MRF_CHUNK_ALIGNMENT}`,
        span.name,
        span.offset,
      );
  }
  if (misaligned > MAX_LISTED_PER_CODE)
    add(
      'warning',
      MRF_DIAGNOSTIC.chunkMisaligned,
      `${misaligned} chunks in all are misaligned`,
      'offsetTable',
      MRF_OFFSET_TABLE_OFFSET,
    );

  const sorted = [...spans].sort((a, b) => a.offset - b.offset || a.byteLength - b.byteLength);
  let overlaps = 0;
  let reach: MrfChunkSpan | undefined;
  let end = 0;
  for (const span of sorted) {
    if (reach && span.offset < end) {
      overlaps += 1;
      if (overlaps <= MAX_LISTED_PER_CODE)
        add(
          'error',
          MRF_DIAGNOSTIC.chunksOverlap,
          `${span.name} (bytes ${span.offset}..${span.offset + span.byteLength}) overlaps ${reach.name} ` +
            `(bytes ${reach.offset}..${end})`,
          span.name,
          span.offset,
        );
    }
    if (span.offset + span.byteLength > end) {
      end = span.offset + span.byteLength;
      reach = span;
    }
  }
  if (overlaps > MAX_LISTED_PER_CODE)
    add(
      'error',
      MRF_DIAGNOSTIC.chunksOverlap,
      `${overlaps} chunk overlaps in all`,
      'offsetTable',
      MRF_OFFSET_TABLE_OFFSET,
    );

  if (alignToChunk(end) < layout.fileByteLength) {
    add(
      'info',
      MRF_DIAGNOSTIC.trailingBytes,
      `${layout.fileByteLength - end} bytes after the last chunk are not used (convert drops them)`,
      'file',
      end,
    );
  }
}
