/**
 * The `kf2` format handler: Max Payne's `.kf2` (and `.kfs`/`.skd`, the same chunks). `inspect`
 * lists meshes, nodes, skins, animations (with their tracks' frame counts and rates), materials,
 * cameras and the chunks kept or skipped; `validate` gives those findings; `convert` bakes a mesh
 * over an animation into an MRF (shared/kf2).
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import {
  isKf2,
  kf2Diagnostics,
  kf2Summary,
  kf2ToMrf,
  readKf2,
  type Kf2ImportOptions,
  type Kf2Summary,
} from '../../../shared/kf2/index';
import { writeMrf } from '../../../shared/mrf/write';
import type { ConvertOption, ConvertRequest, ConvertResult, FormatHandler, InspectResult } from './format-handler';
import { formatDiagnostics } from './text';

/** The `inspect --json` object of a KF2 file. */
type Kf2InspectSummary = Kf2Summary & { format: 'kf2'; byteLength: number; diagnostics: Diagnostic[] };

function inspect(bytes: Uint8Array): InspectResult {
  const file = readKf2(bytes);
  const summary: Kf2InspectSummary = {
    format: 'kf2',
    byteLength: bytes.byteLength,
    ...kf2Summary(file),
    diagnostics: kf2Diagnostics(file),
  };
  return { summary, text: kf2Text(summary) };
}

/** How inspect names the layout a file's primitives were read in. */
const LAYOUT_TEXT: Readonly<Record<Kf2Summary['layout'], string>> = {
  plain: 'plain primitives (issue 15)',
  tagged: 'tagged primitives (the fallback reading)',
};

function kf2Text(summary: Kf2InspectSummary): string {
  const number = (value: number) => String(Number(value.toPrecision(6)));
  const nodes = summary.nodes.map((node) => (node.parent ? `${node.name} < ${node.parent}` : node.name)).join(', ');
  const lines = [
    `KF2, ${summary.byteLength} bytes, ${summary.chunks} chunks, ${LAYOUT_TEXT[summary.layout]}`,
    ...summary.meshes.map(
      (mesh, index) =>
        `  mesh ${index}          ${mesh.name}: ${mesh.vertices} vertices, ${mesh.polygons} polygons` +
        (mesh.materials.length ? `, material ${mesh.materials.join(', ')}` : '') +
        (mesh.texture ? ` (${mesh.texture})` : '') +
        (mesh.skinned ? ', skinned' : ''),
    ),
    `  nodes           ${nodes || '(none)'}`,
    ...summary.skins.map(
      (skin, index) =>
        `  skin ${index}          ${skin.objects.join(', ')}: ${skin.bones} bones, ${skin.influences} influences`,
    ),
    ...summary.animations.map(
      (animation) =>
        `  ${animation.name.padEnd(16)}${animation.tracks} tracks, ${animation.keyframes} keyframes, ` +
        `${number(animation.startSeconds)}–${number(animation.endSeconds)} s at ${animation.fps} fps`,
    ),
    ...summary.tracks.map(
      (track) =>
        `    track         ${track.object} (version ${track.version}): ` +
        `${track.keyframes} keyframes of ${track.frames} frames` +
        (track.firstFrame !== undefined ? `, frames ${track.firstFrame}–${track.lastFrame}` : '') +
        ` at ${track.fps} fps`,
    ),
    ...summary.materials.map((material) => `  material        ${material.name}: ${material.texture ?? '(no texture)'}`),
    ...(summary.cameras.length ? [`  cameras         ${summary.cameras.join(', ')}`] : []),
    ...summary.undescribed.map(
      (chunk) => `  kept            ${chunk.name} (version ${chunk.version}, ${chunk.bytes} bytes)`,
    ),
    ...summary.skipped.map((chunk) => `  skipped         ${chunk.name} at ${chunk.where} (${chunk.bytes} bytes)`),
  ];
  return `${lines.join('\n')}\n${formatDiagnostics(summary.diagnostics, '  ')}`;
}

/** The options of KF2 → MRF. */
export const kf2ToMrfOptions: readonly ConvertOption[] = [
  { flag: '--mesh', value: 'NAME|INDEX', kind: 'text', summary: 'the mesh to bake (default the first with polygons)' },
  { flag: '--animation', value: 'NAME|INDEX', kind: 'text', summary: 'the animation to bake (default the first)' },
  { flag: '--fps', value: 'N', kind: 'number', summary: 'keyframes per second (default the animation’s own)' },
];

function convertToMrf(request: ConvertRequest): ConvertResult {
  const { options } = request;
  const importOptions: Kf2ImportOptions = {};
  if (options['--mesh'] !== undefined) importOptions.mesh = String(options['--mesh']);
  if (options['--animation'] !== undefined) importOptions.animation = String(options['--animation']);
  if (options['--fps'] !== undefined) importOptions.fps = options['--fps'] as number;
  const baked = kf2ToMrf(readKf2(request.source.bytes), importOptions);
  for (const warning of baked.warnings) request.warn(warning);
  const fps = Number((1 / baked.frameInterval).toPrecision(6));
  return {
    bytes: writeMrf(baked.mrf),
    description:
      `mesh ${baked.mesh.index} "${baked.mesh.name}", ` +
      (baked.animation ? `${baked.animation.name}` : 'no animation') +
      `, ${baked.startSeconds}–${baked.endSeconds} s, ${baked.mrf.keyframes.length} keyframes at ${fps} fps, ` +
      `${baked.mrf.uvs.length / 2} vertices`,
  };
}

/** KF2: `.kf2`, `.kfs`, `.skd`, or any file opening with a chunk whose id the spec lists. */
export const kf2Handler: FormatHandler = {
  format: 'kf2',
  extensions: ['.kf2', '.kfs', '.skd'],
  sniff: isKf2,
  inspect,
  validate: (bytes) => kf2Diagnostics(readKf2(bytes)),
  conversions: { mrf: { options: kf2ToMrfOptions, convert: convertToMrf } },
};
