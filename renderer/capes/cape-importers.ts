/**
 * The cape importers: one row per source format (File ▸ Import ▸ Cape from …). A row names the file extensions it
 * takes, the options its dialog asks for, the companion files it needs beside the chosen file, and the pure
 * conversion to an MRF. The conversion only uses shared/ code, so the cape worker (cape-worker.ts) runs the same
 * rows off the main thread; the editor never branches on a format. Adding a format is adding a row.
 */
import { gltfExternalUris, gltfToMrf, readGltf, type GltfImportOptions } from '../../shared/capes/gltf/index';
import type { MrfFile } from '../../shared/mrf/types';
import { emfCapeImporter, kf2CapeImporter } from './emf-kf2-importers';

/** One field of an importer's options dialog. An empty field means the importer's default. */
export interface CapeImportOption {
  /** The key of the value passed to `convert`. */
  key: string;
  /** The field's label in the dialog. */
  label: string;
  /** `number` fields are parsed (a finite number, or the field is refused); `text` fields are passed trimmed. */
  kind: 'number' | 'text';
  /** What the default is, shown in the empty field. */
  placeholder: string;
  /** One sentence for the status-bar hint. */
  hint: string;
}

/** The option values given to `convert`: absent keys take the importer's defaults. */
export type CapeImportValues = Readonly<Record<string, number | string | undefined>>;

/** The files a source names beside itself: `required` ones must be read, `optional` ones are read when present. */
export interface CapeImportCompanions {
  required: readonly string[];
  optional: readonly string[];
}

/** What an importer converts: the chosen file and the companion files read beside it (by the name it gave). */
export interface CapeImportSource {
  /** The chosen file's base name. */
  name: string;
  bytes: Uint8Array;
  resources: Readonly<Record<string, Uint8Array>>;
}

/** A converted cape and what the user should know about it. */
export interface CapeImportResult {
  mrf: MrfFile;
  /** One line each, shown in the Info log. */
  warnings: readonly string[];
  /** One line for the status bar: what was baked ("animation 0 "Cape", 0–4.9 s, 148 keyframes at 30 fps"). */
  summary: string;
}

/** One row of the table. */
export interface CapeImporter {
  /** Stable id (the worker finds the row by it). */
  id: string;
  /** The menu's "Cape from {label}…". */
  label: string;
  /** Lower-case extensions with the dot. */
  extensions: readonly string[];
  options: readonly CapeImportOption[];
  /** The companion files to read beside the source (URIs relative to its folder), given its bytes and base name. */
  companions?(bytes: Uint8Array, name: string): CapeImportCompanions;
  /** Converts; throws a CodecError (or an Error whose message says what to change) when it cannot. */
  convert(source: CapeImportSource, values: CapeImportValues): Promise<CapeImportResult>;
}

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
