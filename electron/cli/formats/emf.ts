/**
 * The `emf` format handler: an Engine Model Format manifest (`wolf.emf`) with its parts read from
 * beside it by the names the spec gives (`wolf.emf.vtx`, `.coll`, `.skel`, `.anim.<name>`).
 * `inspect` lists the mesh, bones and animations with their frame counts and rate; `validate`
 * gives the set's findings; `convert` bakes an animation into an MRF (shared/emf).
 */
import { basename } from 'node:path';
import type { Diagnostic } from '../../../shared/diagnostics';
import {
  chooseEmfAnimation,
  emfDiagnostics,
  emfPartNames,
  emfSummary,
  emfToMrf,
  emfType,
  isEmf,
  loadEmfSet,
  readEmfManifest,
  readEmfMesh,
  type EmfImportOptions,
  type EmfMesh,
  type EmfSet,
  type EmfSummary,
} from '../../../shared/emf/index';
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

/** Reads the set of `source` (a manifest): the mesh, the skeleton and `animations` (default all). */
export async function readEmfFile(source: SourceFile, animations?: readonly string[]): Promise<EmfSet> {
  return loadEmfSet(source.bytes, basename(source.path), (name) => source.readSibling(name), animations);
}

/** The `inspect --json` object of an EMF set. */
type EmfInspectSummary = EmfSummary & { format: 'emf'; byteLength: number; diagnostics: Diagnostic[] };

async function collisionOf(source: SourceFile, diagnostics: Diagnostic[]): Promise<EmfMesh | undefined> {
  const name = emfPartNames(basename(source.path)).collision;
  const bytes = await source.readSibling(name).catch(() => undefined);
  if (!bytes) {
    diagnostics.push({
      severity: 'warning',
      code: 'emf.collision-missing',
      message: `${name} is not beside the manifest`,
      where: name,
    });
    return undefined;
  }
  return readEmfMesh(bytes, name, true);
}

async function inspect(bytes: Uint8Array, source: SourceFile): Promise<InspectResult> {
  const opened = { ...source, bytes };
  const set = await readEmfFile(opened);
  const diagnostics = emfDiagnostics(set);
  const collision = await collisionOf(opened, diagnostics);
  const summary: EmfInspectSummary = {
    format: 'emf',
    byteLength: bytes.byteLength,
    ...emfSummary(set, collision),
    diagnostics,
  };
  return { summary, text: emfText(summary) };
}

function emfText(summary: EmfInspectSummary): string {
  const lines = [
    `EMF manifest, ${summary.byteLength} bytes, ${summary.framerate} fps`,
    `  material        ${summary.material || '(none)'}`,
    `  mesh            ${summary.mesh.triangles} triangles`,
    `  collision       ${summary.collision ? `${summary.collision.triangles} triangles` : '(missing)'}`,
    `  bones           ${summary.bones.map((bone) => `${bone.id} ${bone.name || '(unnamed)'}`).join(', ') || '(none)'}`,
    ...summary.animations.map(
      (animation, index) =>
        `  animation ${index}     ${animation.name}: ${animation.keyframes} keyframes, ${animation.frames} frames` +
        (animation.firstFrame !== undefined ? ` (${animation.firstFrame}–${animation.lastFrame})` : '') +
        ` at ${animation.framerate} fps`,
    ),
  ];
  return `${lines.join('\n')}\n${formatDiagnostics(summary.diagnostics, '  ')}`;
}

async function validate(bytes: Uint8Array, source: SourceFile): Promise<Diagnostic[]> {
  const opened = { ...source, bytes };
  const set = await readEmfFile(opened);
  const diagnostics = emfDiagnostics(set);
  await collisionOf(opened, diagnostics);
  return diagnostics;
}

/** The options of EMF → MRF. */
export const emfToMrfOptions: readonly ConvertOption[] = [
  { flag: '--animation', value: 'NAME|INDEX', kind: 'text', summary: 'the animation to bake (default the first)' },
  { flag: '--fps', value: 'N', kind: 'number', summary: 'keyframes per second (default the manifest’s nFramerate)' },
  {
    flag: '--bind',
    value: 'NAME|INDEX',
    kind: 'text',
    summary: 'the animation whose first keyframes are the bind pose',
  },
];

async function convertToMrf(request: ConvertRequest): Promise<ConvertResult> {
  const { options, source } = request;
  const importOptions: EmfImportOptions = {};
  if (options['--animation'] !== undefined) importOptions.animation = String(options['--animation']);
  if (options['--bind'] !== undefined) importOptions.bind = String(options['--bind']);
  if (options['--fps'] !== undefined) importOptions.fps = options['--fps'] as number;
  // Only the parts this bake needs: the chosen animation and the bind pose's.
  const manifest = readEmfManifest(source.bytes, basename(source.path));
  const wanted = [
    manifest.animations[chooseEmfAnimation(manifest, importOptions.animation, '--animation')]!,
    manifest.animations[chooseEmfAnimation(manifest, importOptions.bind, '--bind')]!,
  ];
  const baked = emfToMrf(await readEmfFile(source, wanted), importOptions);
  for (const warning of baked.warnings) request.warn(warning);
  const fps = Number((1 / baked.frameInterval).toPrecision(6));
  return {
    bytes: writeMrf(baked.mrf),
    description:
      `animation ${baked.animation.index} "${baked.animation.name}" bound by "${baked.bind.name}", ` +
      `${baked.startSeconds}–${baked.endSeconds} s, ${baked.mrf.keyframes.length} keyframes at ${fps} fps, ` +
      `${baked.mrf.uvs.length / 2} vertices`,
  };
}

function sniff(bytes: Uint8Array): boolean {
  if (!isEmf(bytes)) return false;
  try {
    return emfType(bytes, 'manifest') === 0;
  } catch {
    return false;
  }
}

/** EMF: `.emf` manifests, or any file starting with the EMF id and the manifest type. */
export const emfHandler: FormatHandler = {
  format: 'emf',
  extensions: ['.emf'],
  sniff,
  inspect,
  validate,
  conversions: { mrf: { options: emfToMrfOptions, convert: convertToMrf } },
};
