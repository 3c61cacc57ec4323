/**
 * What each event object of a model means, for `morf events MODEL --data …`: the tables loaded through the `--data`
 * stack, each object's resolution (shared/game-tables) with where its rows were found, and the files it names —
 * sound files, splat textures, spawned models — found (where) or missing. Text for people, an object for `--json`.
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import type { ModelDocument } from '../../../shared/events/index';
import { foundInText } from '../../../shared/game-tables/describe';
import {
  describeResolution,
  type EventResolution,
  GAME_TABLE_NAMES,
  type GameTableSet,
  loadGameTables,
  resolveEventObject,
  tableDiagnostics,
  TABLE_EVENT_TYPES,
} from '../../../shared/game-tables/index';
import type { CliDataSources } from '../data-sources';

/** A file an event object names, found or not. */
export interface NamedFile {
  role: 'sound' | 'texture' | 'model';
  path: string;
  found: boolean;
  where: string | null;
}

/** One event object's meaning. */
export interface EventMeaningReport {
  index: number;
  name: string;
  type: string;
  id: string;
  resolution: EventResolution;
  summary: string;
  files: NamedFile[];
}

/** The tables and every table-typed event object's meaning. */
export interface MeaningsReport {
  tables: { path: string; status: string; source: string | null; rows: number | null; error: string | null }[];
  objects: EventMeaningReport[];
  diagnostics: Diagnostic[];
}

function namedFiles(resolution: EventResolution, sources: CliDataSources): NamedFile[] {
  if (resolution.status !== 'resolved') return [];
  const meaning = resolution.meaning;
  const paths: { role: NamedFile['role']; path: string }[] =
    meaning.kind === 'sound'
      ? meaning.files.map((path) => ({ role: 'sound' as const, path }))
      : meaning.kind === 'spawn'
        ? [{ role: 'model', path: meaning.modelPath }]
        : [{ role: 'texture', path: meaning.texturePath }];
  return paths.map(({ role, path }) => {
    const where = sources.locate(path);
    return { role, path, found: where !== null, where };
  });
}

/** Loads the tables through `sources` and resolves every SND, SPL, FPT, UBR and SPN object of `document`. */
export async function eventMeanings(document: ModelDocument, sources: CliDataSources): Promise<MeaningsReport> {
  const tables: GameTableSet = await loadGameTables((path) => sources.read(path));
  const objects = document.eventObjects
    .filter((object) => (TABLE_EVENT_TYPES as readonly string[]).includes(object.type))
    .map((object) => {
      const resolution = resolveEventObject(object.name, tables);
      return {
        index: object.index,
        name: object.name,
        type: object.type,
        id: object.id,
        resolution,
        summary: describeResolution(resolution),
        files: namedFiles(resolution, sources),
      };
    });
  return {
    tables: GAME_TABLE_NAMES.map((name) => {
      const state = tables[name];
      return {
        path: state.status === 'loaded' ? state.table.schema.path : state.path,
        status: state.status,
        source: state.status === 'loaded' ? state.table.foundIn : null,
        rows: state.status === 'loaded' ? state.table.index.size : null,
        error: state.status === 'error' ? state.error.message : null,
      };
    }),
    objects,
    diagnostics: tableDiagnostics(document.eventObjects, tables),
  };
}

/** The report as text. */
export function meaningsText(report: MeaningsReport): string {
  const out: string[] = ['Tables (--data):'];
  for (const table of report.tables)
    out.push(
      `  ${table.path}: ${
        table.status === 'loaded'
          ? `${table.rows} rows, found in ${table.source}`
          : table.status === 'missing'
            ? 'missing'
            : table.error
      }`,
    );
  out.push('', 'Meanings:');
  if (report.objects.length === 0) out.push('  no sound, splat, footprint, uber-splat or spawn objects');
  for (const object of report.objects) {
    out.push(`  ${object.name}: ${object.summary}`);
    if (object.resolution.status === 'resolved')
      for (const found of object.resolution.meaning.foundIn) out.push(`    from ${foundInText(found)}`);
    for (const file of object.files)
      out.push(`    ${file.role} ${file.path}: ${file.found ? `found in ${file.where}` : 'missing'}`);
  }
  return `${out.join('\n')}\n`;
}

/** The report as plain data for `--json` (resolutions flattened: status, meaning or why not). */
export function meaningsJson(report: MeaningsReport): unknown {
  return {
    tables: report.tables,
    eventObjects: report.objects.map((object) => {
      const resolution = object.resolution;
      return {
        index: object.index,
        name: object.name,
        type: object.type,
        id: object.id,
        status: resolution.status,
        summary: object.summary,
        ...(resolution.status === 'resolved' ? { meaning: resolution.meaning } : {}),
        ...(resolution.status === 'unknown'
          ? { table: resolution.table, label: resolution.label, nearest: resolution.nearest }
          : {}),
        ...(resolution.status === 'missing-tables' ? { missingTables: resolution.tables } : {}),
        ...(resolution.status === 'table-error' ? { error: resolution.error.message } : {}),
        files: object.files,
      };
    }),
    diagnostics: report.diagnostics,
  };
}
