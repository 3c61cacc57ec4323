/**
 * The cape importers: one row per source format (File ▸ Import ▸ Cape from …). A row names the file extensions it
 * takes, the options its dialog asks for, the companion files it needs beside the chosen file, and the pure
 * conversion to an MRF (the row's type is in cape-importer-types.ts, which every row's module shares). The
 * conversion only uses shared/ code, so the cape worker (cape-worker.ts) runs the same rows off the main thread;
 * the editor never branches on a format. Adding a format is adding a row.
 */
import { gltfExternalUris, gltfToMrf, readGltf, type GltfImportOptions } from '../../shared/capes/gltf/index';
import type { CapeImporter, CapeImportValues } from './cape-importer-types';
import { emfCapeImporter, kf2CapeImporter } from './emf-kf2-importers';

const number = (value: number) => String(Number(value.toPrecision(6)));

/** glTF (GLB or `.gltf` with its buffers): bakes one animation (shared/capes/gltf). */
export const gltfCapeImporter: CapeImporter = {
  id: 'gltf',
  label: 'glTF',
  extensions: ['.glb', '.gltf'],
  options: [
    { key: 'fps', label: 'FPS', kind: 'number', placeholder: '30', hint: 'Keyframes per second of the baked cape' },
    {
      key: 'animation',
      label: 'Animation',
      kind: 'text',
      placeholder: 'the first',
      hint: 'The animation to bake: its name or its index',
    },
    {
      key: 'start',
      label: 'Start (s)',
      kind: 'number',
      placeholder: 'its first key',
      hint: 'Range start in seconds',
    },
    { key: 'end', label: 'End (s)', kind: 'number', placeholder: 'its last key', hint: 'Range end in seconds' },
    { key: 'scale', label: 'Scale', kind: 'number', placeholder: '1', hint: 'Multiplies every position' },
    {
      key: 'texture',
      label: 'Texture',
      kind: 'text',
      placeholder: 'from the file, else none',
      hint: 'The texture’s game path (Textures\\Cape.blp)',
    },
  ],
  companions(bytes) {
    const { buffers, images } = gltfExternalUris(bytes);
    return { required: buffers, optional: images };
  },
  async convert(source, values) {
    const options: GltfImportOptions = {};
    if (typeof values.fps === 'number') options.fps = values.fps;
    if (values.animation !== undefined && values.animation !== '') options.animation = String(values.animation);
    if (typeof values.start === 'number') options.startSeconds = values.start;
    if (typeof values.end === 'number') options.endSeconds = values.end;
    if (typeof values.scale === 'number') options.scale = values.scale;
    if (typeof values.texture === 'string' && values.texture !== '') options.texturePath = values.texture;
    const baked = gltfToMrf(await readGltf(source.bytes, source.resources), options);
    return {
      mrf: baked.mrf,
      warnings: baked.warnings,
      summary:
        `animation ${baked.animation.index} "${baked.animation.name}", ${number(baked.startSeconds)}–` +
        `${number(baked.endSeconds)} s, ${baked.mrf.keyframes.length} keyframes at ` +
        `${number(1 / baked.frameInterval)} fps, ${baked.mrf.uvs.length / 2} vertices`,
    };
  },
};

/** Every importer, in menu order. Other formats are added as rows here. */
export const CAPE_IMPORTERS: readonly CapeImporter[] = [gltfCapeImporter, emfCapeImporter, kf2CapeImporter];

/** The importer taking a file name's extension, or null. */
export function capeImporterFor(
  name: string,
  importers: readonly CapeImporter[] = CAPE_IMPORTERS,
): CapeImporter | null {
  const lower = name.toLowerCase();
  return importers.find((importer) => importer.extensions.some((extension) => lower.endsWith(extension))) ?? null;
}

/** The importer with an id, or null. */
export function capeImporterById(id: string, importers: readonly CapeImporter[] = CAPE_IMPORTERS): CapeImporter | null {
  return importers.find((importer) => importer.id === id) ?? null;
}

/**
 * Reads the dialog's text fields into option values: empty is the default, a number field must hold a finite
 * number. Returns the values, or the first field's complaint.
 */
export function parseCapeImportValues(
  importer: CapeImporter,
  texts: Readonly<Record<string, string>>,
): { values: CapeImportValues } | { error: string } {
  const values: Record<string, number | string | undefined> = {};
  for (const option of importer.options) {
    const text = (texts[option.key] ?? '').trim();
    if (text === '') continue;
    if (option.kind === 'text') {
      values[option.key] = text;
      continue;
    }
    const value = Number(text);
    if (!Number.isFinite(value)) return { error: `${option.label}: “${text}” is not a number` };
    values[option.key] = value;
  }
  return { values };
}
