/**
 * Event object meanings in words, one source for the CLI, the Outliner, the Properties and the diagnostics: a short
 * summary line, and the diagnostics a model's event objects get from the tables — an unknown code naming the nearest
 * known codes, a table that cannot be read (its error names the file, row and column), and one hint naming the
 * missing tables, once.
 */
import type { Diagnostic } from '../diagnostics';
import type { EventResolution, FoundIn, GameTableSet } from './meaning';
import { missingTablesFor, resolveEventObject, TABLE_EVENT_TYPES } from './meaning';

/** Seconds with up to three decimals. */
function seconds(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}

/** `UI\SoundInfo\AnimSounds.slk row 12 (War3.mpq:…)` */
export function foundInText(found: FoundIn): string {
  return `${found.table} row ${found.row} in ${found.source}`;
}

/** One line saying what an event object means (or why it means nothing yet). */
export function describeResolution(resolution: EventResolution): string {
  switch (resolution.status) {
    case 'resolved': {
      const meaning = resolution.meaning;
      switch (meaning.kind) {
        case 'sound':
          return (
            `sound ${meaning.label}: ${meaning.files.join(', ') || 'no files'} · volume ${meaning.volume}` +
            (meaning.pitchVariance ? ` · pitch ${meaning.pitch} ± ${meaning.pitchVariance}` : '')
          );
        case 'splat':
          return (
            `${resolution.type === 'FPT' ? 'footprint' : 'splat'} ${meaning.texturePath} · ` +
            `${meaning.scale * 2} × ${meaning.scale * 2} · ${meaning.columns}×${meaning.rows} cells · ` +
            `lifespan ${seconds(meaning.lifespan)} + decay ${seconds(meaning.decay)}`
          );
        case 'uberSplat':
          return (
            `uber-splat ${meaning.texturePath} · ${meaning.scale * 2} × ${meaning.scale * 2} · ` +
            `birth ${seconds(meaning.birthTime)} + pause ${seconds(meaning.pauseTime)} + ` +
            `decay ${seconds(meaning.decay)}`
          );
        default:
          return `spawns ${meaning.modelPath}`;
      }
    }
    case 'unknown':
      return (
        `unknown ${resolution.label === null ? `code ${resolution.id}` : `sound label ${resolution.label}`} ` +
        `in ${resolution.table}` +
        (resolution.nearest.length ? `; nearest: ${resolution.nearest.join(', ')}` : '')
      );
    case 'missing-tables':
      return `unresolved: ${resolution.tables.join(' and ')} not in the data sources`;
    case 'table-error':
      return `unresolved: ${resolution.error.message}`;
    default:
      return '';
  }
}

/** The diagnostics the tables give a model's event objects (see the module comment). */
export function tableDiagnostics(
  objects: readonly { index: number; name: string; type: string }[],
  tables: GameTableSet,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const types = new Set<string>();
  const tableErrors = new Map<string, Diagnostic>();
  for (const object of objects) {
    if (!(TABLE_EVENT_TYPES as readonly string[]).includes(object.type)) continue;
    types.add(object.type);
    const resolution = resolveEventObject(object.name, tables);
    if (resolution.status === 'unknown')
      diagnostics.push({
        severity: 'warning',
        code: 'events.unknown-code',
        message: `${object.name}: ${describeResolution(resolution)}`,
        where: `event object "${object.name}"`,
        target: { kind: 'eventObject', objectIndex: object.index },
      });
    else if (resolution.status === 'table-error' && !tableErrors.has(resolution.error.message))
      tableErrors.set(resolution.error.message, {
        severity: 'error',
        code: 'events.table-unreadable',
        message: `${resolution.error.message} (${object.name} and the other ${resolution.type} objects: unresolved)`,
        where: resolution.error.where,
        offset: resolution.error.offset,
      });
  }
  diagnostics.push(...tableErrors.values());
  const missing = missingTablesFor(types, tables);
  if (missing.length > 0)
    diagnostics.push({
      severity: 'info',
      code: 'events.tables-missing',
      message:
        `No data source holds ${missing.join(', ')}: add the game's folder or archives (File ▸ Add Game Folder…) ` +
        `for sounds, splats and spawns to mean something`,
    });
  return diagnostics;
}
