/**
 * The type of a cape importer row (cape-importers.ts holds the table; emf-kf2-importers.ts and the others define rows
 * against this module, so no row module imports the table that lists it): the options its dialog asks for, the
 * companion files it reads beside the chosen one, and its conversion to an MRF.
 */
import type { MrfFile } from '../../shared/mrf/types';

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
