/**
 * The `mrf` format handler: MRF ("Morf") cape animations.
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { basename, extname } from 'node:path';
import { isCodecError } from '../../../shared/binary/codec-error';
import { morfExtras, mrfToGlb, mrfToGltfFiles } from '../../../shared/capes/gltf/index';
import { decodeTexture } from '../../../shared/textures/index';
import { encodePng } from '../../../shared/textures/png';
import {
  MRF_CORNERS_PER_FACE,
  MRF_FLOATS_PER_VERTEX,
  MRF_MAGIC,
  mrfBounds,
  mrfTiming,
  readMrf,
  validateMrf,
  writeMrf,
  type MrfFile,
} from '../../../shared/mrf/index';
import { jsonTuples, toJson } from '../json';
import type { ConvertRequest, ConvertResult, FormatHandler, InspectResult } from './format-handler';
import { formatDiagnostics } from './text';

/** The `inspect --json` object for an MRF file (the fields `dump` starts with). */
export function mrfSummary(file: MrfFile, byteLength: number, diagnostics: Diagnostic[]) {
  const timing = mrfTiming(file);
  const cornerCount = file.faces.length;
  return {
    format: 'mrf',
    byteLength,
    magic: file.header.magic,
    keyframeCount: file.keyframes.length,
    vertexCount: file.uvs.length / 2,
    cornerCount,
    faceCount: Math.floor(cornerCount / MRF_CORNERS_PER_FACE),
    frameInterval: file.header.frameInterval,
    initialTime: file.header.initialTime,
    debugFlag: file.header.debugFlag,
    pivot: file.header.pivot,
    boundsRadius: file.header.boundsRadius,
    texturePath: file.texturePath,
    rendered: timing.rendered,
    durationSeconds: timing.durationSeconds,
    moveStartSeconds: timing.moveStartSeconds,
    moveEndSeconds: timing.moveEndSeconds,
    bounds: mrfBounds(file),
    diagnostics,
  };
}

function inspect(bytes: Uint8Array): InspectResult {
  const file = readMrf(bytes);
  const summary = mrfSummary(file, bytes.byteLength, validateMrf(file));
  return { summary, text: mrfText(summary) };
}

function mrfText(summary: ReturnType<typeof mrfSummary>): string {
  const number = (value: number) => (Number.isFinite(value) ? String(Number(value.toPrecision(6))) : String(value));
  const vector = (values: readonly number[]) => values.map(number).join(', ');
  const fps = summary.frameInterval > 0 ? ` (${number(1 / summary.frameInterval)} fps)` : '';
  const lines = [
    `MRF${summary.magic === MRF_MAGIC ? '' : ` (magic ${JSON.stringify(summary.magic)})`}, ${summary.byteLength} bytes`,
    `  keyframes       ${summary.keyframeCount} × ${summary.vertexCount} vertices, ${summary.faceCount} faces ` +
      `(${summary.cornerCount} corners)`,
    `  frame interval  ${number(summary.frameInterval)} s${fps}`,
    `  duration        ${number(summary.durationSeconds)} s${summary.rendered ? '' : ' (not rendered by the game)'}`,
    `  initial time    ${number(summary.initialTime)} s; moves from ${number(summary.moveStartSeconds)} s ` +
      `to ${number(summary.moveEndSeconds)} s after the show event`,
    `  debug flag      ${summary.debugFlag}`,
    `  texture         ${summary.texturePath || '(empty)'}`,
    `  pivot           ${vector(summary.pivot)}; bounds radius ${number(summary.boundsRadius)}`,
    `  bounds          ${
      summary.bounds
        ? `min ${vector(summary.bounds.min)}; ` + `max ${vector(summary.bounds.max)}`
        : '(no finite positions)'
    }`,
  ];
  return `${lines.join('\n')}\n${formatDiagnostics(summary.diagnostics, '  ')}`;
}

function dump(bytes: Uint8Array, write: (text: string) => void): void {
  const file = readMrf(bytes);
  const summary = mrfSummary(file, bytes.byteLength, validateMrf(file));
  const head = toJson(summary);
  write(`${head.slice(0, head.lastIndexOf('}')).trimEnd()},\n`);
  write(`  "faces": [${jsonTuples(file.faces, MRF_CORNERS_PER_FACE, MRF_CORNERS_PER_FACE, 0, summary.faceCount)}],\n`);
  write(`  "uvs": [${jsonTuples(file.uvs, 2, 2, 0, summary.vertexCount)}],\n`);
  write('  "keyframes": [');
  file.keyframes.forEach((keyframe, index) => {
    const positions = jsonTuples(keyframe, 3, MRF_FLOATS_PER_VERTEX, 0, summary.vertexCount);
    const normals = jsonTuples(keyframe, 3, MRF_FLOATS_PER_VERTEX, 3, summary.vertexCount);
    write(`${index ? ',' : ''}\n    {"positions": [${positions}], "normals": [${normals}]}`);
  });
  write(`${file.keyframes.length ? '\n  ' : ''}]\n}\n`);
}

/**
 * MRF → glTF (GLB or `.gltf` with its `.bin` and `.png` by the output's extension). The cape's
 * texture, found through the `--data` folders, is embedded as PNG; not found, the glTF has none.
 */
async function convertToGltf(request: ConvertRequest): Promise<ConvertResult> {
  const file = readMrf(request.source.bytes);
  const texturePng = await texturePngOf(file, request);
  const options = texturePng ? { texturePng } : {};
  if (extname(request.outputPath).toLowerCase() !== '.gltf') return { bytes: mrfToGlb(file, options) };
  const baseName = basename(request.outputPath, extname(request.outputPath));
  const { json, resources } = mrfToGltfFiles(file, baseName, options);
  return { bytes: json, siblings: Object.entries(resources).map(([name, bytes]) => ({ name, bytes })) };
}

async function texturePngOf(file: MrfFile, request: ConvertRequest): Promise<Uint8Array | undefined> {
  const path = morfExtras(file).texturePath;
  if (!path) return undefined;
  const found = await request.readGameFile(path, 'texture');
  if (!found) {
    request.warn(`the texture ${path} is not embedded: it was not found (give the data folders with --data FOLDER)`);
    return undefined;
  }
  try {
    return encodePng(decodeTexture(found.bytes, found.path).mips[0]!);
  } catch (error) {
    if (!isCodecError(error)) throw error;
    request.warn(`the texture ${found.path} is not embedded: ${error.message}`);
    return undefined;
  }
}

/** MRF: `.mrf` files, or any file starting with `Morf`. */
export const mrfHandler: FormatHandler = {
  format: 'mrf',
  extensions: ['.mrf'],
  sniff: (bytes) =>
    bytes.length >= 4 && bytes[0] === 0x4d && bytes[1] === 0x6f && bytes[2] === 0x72 && bytes[3] === 0x66,
  inspect,
  validate: (bytes) => validateMrf(readMrf(bytes)),
  dump,
  conversions: {
    mrf: { convert: ({ source }) => ({ bytes: writeMrf(readMrf(source.bytes)) }) },
    gltf: { convert: convertToGltf },
  },
};
