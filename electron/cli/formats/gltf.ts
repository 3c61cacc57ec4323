/**
 * The `gltf` format handler: GLB and `.gltf` files (with the `.bin` and images they name, read
 * from beside them). `inspect` lists meshes, skins, animations and textures and says whether the
 * file can make a cape; `validate` gives those findings; `convert` bakes an animation into an MRF
 * (shared/capes/gltf).
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import {
  gltfCapeDiagnostics,
  gltfExternalUris,
  gltfSummary,
  gltfToMrf,
  isGlb,
  looksLikeGltfJson,
  readGltf,
  type GltfFile,
  type GltfImportOptions,
} from '../../../shared/capes/gltf/index';
import { writeMrf } from '../../../shared/mrf/write';
import type {
  ConvertOption,
  ConvertRequest,
  ConvertResult,
  FormatHandler,
  InspectResult,
  SourceFile,
} from './format-handler';
import { formatDiagnostics } from './text';

/**
 * Reads a glTF with the files its URIs name, from beside it (URIs are percent-encoded relative
 * paths): every buffer, and the images that are there.
 */
export async function readGltfFile(source: SourceFile): Promise<GltfFile> {
  const resources: Record<string, Uint8Array> = {};
  const { buffers, images } = gltfExternalUris(source.bytes);
  for (const uri of buffers) resources[uri] = await source.readSibling(decodeUri(uri));
  // A cape needs no pixels: an image missing beside the file leaves its texture without one.
  for (const uri of images) {
    const image = await source.readSibling(decodeUri(uri)).catch(() => undefined);
    if (image) resources[uri] = image;
  }
  return readGltf(source.bytes, resources);
}

function decodeUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/** The `inspect --json` object of a glTF. */
type GltfInspectSummary = ReturnType<typeof gltfSummary> & {
  format: 'gltf';
  byteLength: number;
  diagnostics: Diagnostic[];
};

async function inspect(bytes: Uint8Array, source: SourceFile): Promise<InspectResult> {
  const file = await readGltfFile({ ...source, bytes });
  const summary: GltfInspectSummary = {
    format: 'gltf',
    byteLength: bytes.byteLength,
    ...gltfSummary(file),
    diagnostics: gltfCapeDiagnostics(file),
  };
  return { summary, text: gltfText(summary) };
}

function gltfText(summary: GltfInspectSummary): string {
  const number = (value: number) => String(Number(value.toPrecision(6)));
  const lines = [
    `glTF (${summary.container === 'glb' ? 'GLB' : 'JSON'}), ${summary.byteLength} bytes` +
      (summary.generator ? `, from ${summary.generator}` : ''),
    `  nodes           ${summary.nodes} in ${summary.scenes} scene${summary.scenes === 1 ? '' : 's'}`,
    ...summary.meshes.map(
      (mesh, index) =>
        `  mesh ${index}          ${mesh.name || '(unnamed)'}: ${mesh.vertexCount} vertices in ${mesh.primitives} ` +
        `primitive${mesh.primitives === 1 ? '' : 's'}, ${mesh.morphTargets} morph targets`,
    ),
    ...summary.skins.map(
      (skin, index) => `  skin ${index}          ${skin.name || '(unnamed)'}: ${skin.joints} joints`,
    ),
    ...summary.animations.map(
      (animation, index) =>
        `  animation ${index}     ${animation.name || '(unnamed)'}: ${animation.channels} channels, ` +
        `${number(animation.startSeconds)}–${number(animation.endSeconds)} s`,
    ),
    `  textures        ${summary.textures.length ? summary.textures.join(', ') : '(none)'}`,
  ];
  return `${lines.join('\n')}\n${formatDiagnostics(summary.diagnostics, '  ')}`;
}

async function validate(bytes: Uint8Array, source: SourceFile): Promise<Diagnostic[]> {
  return gltfCapeDiagnostics(await readGltfFile({ ...source, bytes }));
}

/** The options of glTF → MRF. */
export const gltfToMrfOptions: readonly ConvertOption[] = [
  { flag: '--fps', value: 'N', kind: 'number', summary: 'keyframes per second (default 30, or the cape’s own)' },
  { flag: '--animation', value: 'NAME|INDEX', kind: 'text', summary: 'the animation to bake (default the first)' },
  { flag: '--start', value: 'S', kind: 'number', summary: 'range start in seconds (default its first key)' },
  { flag: '--end', value: 'E', kind: 'number', summary: 'range end in seconds (default its last key)' },
  { flag: '--scale', value: 'K', kind: 'number', summary: 'multiply positions by K (default 1)' },
  { flag: '--texture', value: 'PATH', kind: 'text', summary: 'the texture’s game path (Textures\\Cape.blp)' },
];

async function convertToMrf(request: ConvertRequest): Promise<ConvertResult> {
  const { options } = request;
  const importOptions: GltfImportOptions = {};
  if (options['--fps'] !== undefined) importOptions.fps = options['--fps'] as number;
  if (options['--animation'] !== undefined) importOptions.animation = options['--animation'] as string;
  if (options['--start'] !== undefined) importOptions.startSeconds = options['--start'] as number;
  if (options['--end'] !== undefined) importOptions.endSeconds = options['--end'] as number;
  if (options['--scale'] !== undefined) importOptions.scale = options['--scale'] as number;
  if (options['--texture'] !== undefined) importOptions.texturePath = options['--texture'] as string;
  const baked = gltfToMrf(await readGltfFile(request.source), importOptions);
  for (const warning of baked.warnings) request.warn(warning);
  const fps = Number((1 / baked.frameInterval).toPrecision(6));
  return {
    bytes: writeMrf(baked.mrf),
    description:
      `animation ${baked.animation.index} "${baked.animation.name}", ${baked.startSeconds}–${baked.endSeconds} s, ` +
      `${baked.mrf.keyframes.length} keyframes at ${fps} fps, ${baked.mrf.uvs.length / 2} vertices`,
  };
}

/** glTF: `.glb` and `.gltf` files, or any file starting with the GLB magic or holding glTF JSON. */
export const gltfHandler: FormatHandler = {
  format: 'gltf',
  extensions: ['.glb', '.gltf'],
  sniff: (bytes) => isGlb(bytes) || looksLikeGltfJson(bytes),
  inspect,
  validate,
  conversions: { mrf: { options: gltfToMrfOptions, convert: convertToMrf } },
};
