/**
 * `morf events MODEL`: the model's event objects as tables of keys by sequence (each global
 * sequence on its own), then the objects without keys, the keys no sequence holds, and the MRF
 * links. Readable text; `morf inspect MODEL --json` gives the same data as JSON.
 */
import type { EventObject, ModelDocument, MrfLink } from '../../../shared/events/index';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { framesText, intervalText, modelDiagnostics, modelTitle } from '../formats/model';
import { diagnosticTally, formatDiagnostics } from '../formats/text';
import { capeLines, CliDataSources, takeDataOptions } from '../data-sources';
import { eventMeanings, meaningsJson, meaningsText } from '../formats/event-meanings';
import { toJson } from '../json';
import { parseArgs } from '../args';
import { readModelFile } from './model-file';

const usage = 'morf events MODEL [--json] [--data FOLDER_OR_ARCHIVE]...';

interface Row {
  timeMs: number;
  object: EventObject;
}

/** Pads the columns of `rows` (the first row is the header) to their widest cell; numbers right-aligned. */
function table(rows: readonly (readonly string[])[], numeric: readonly boolean[], indent = '  '): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
  );
}

function actionOf(document: ModelDocument, object: EventObject): string {
  if (object.type !== 'MRF' && object.type !== 'MRD') return '';
  const link = document.links.find(
    (candidate) => candidate.showIndex === object.index || candidate.hideIndex === object.index,
  );
  const cape = link ? link.path.slice(link.path.lastIndexOf('\\') + 1) : `ArthasCape${object.id}.mrf`;
  return `${object.type === 'MRF' ? 'show' : 'hide'} ${cape}${link ? '' : ' (not the link\u2019s object)'}`;
}

function keyTable(document: ModelDocument, rows: readonly Row[], parentName: (id: number) => string): string[] {
  const sorted = [...rows].sort((left, right) => left.timeMs - right.timeMs || left.object.index - right.object.index);
  const cells = sorted.map(({ timeMs, object }) => [
    String(timeMs),
    object.name,
    object.type,
    object.id,
    String(object.objectId),
    parentName(object.parentId),
    actionOf(document, object),
  ]);
  return table(
    [['time ms', 'object', 'type', 'id', 'objectId', 'parent', 'action'], ...cells],
    [true, false, false, false, true, false, false],
  );
}

function linkTable(links: readonly MrfLink[]): string[] {
  const cells = links.map((link) => [
    link.id,
    framesText(link.showFrames),
    framesText(link.hideFrames),
    link.path + (link.showIndex === null ? '  (no show object)' : link.hideIndex === null ? '  (no hide object)' : ''),
  ]);
  return table([['id', 'show ms', 'hide ms', 'cape'], ...cells], [false, false, false, false]);
}

/** The readable report of a model's event objects and links. */
export function eventsReport(path: string, document: ModelDocument): string {
  const names = new Map(document.nodes.map((node) => [node.objectId, node.name]));
  const parentName = (id: number) => (id === -1 ? '—' : (names.get(id) ?? `#${id}`));
  const out: string[] = [
    `${path}: ${modelTitle(document)}, ${document.eventObjects.length} event ` +
      `object${document.eventObjects.length === 1 ? '' : 's'}, ${document.links.length} MRF ` +
      `link${document.links.length === 1 ? '' : 's'}`,
  ];

  const sequenceRows: Row[][] = document.sequences.map(() => []);
  const globalRows: Row[][] = document.globalSequences.map(() => []);
  const outside: Row[] = [];
  const withoutKeys: EventObject[] = [];
  for (const object of document.eventObjects) {
    if (object.frames.length === 0) withoutKeys.push(object);
    for (const timeMs of object.frames) {
      const row = { timeMs, object };
      if (object.globalSequenceId !== null) {
        (globalRows[object.globalSequenceId] ?? outside).push(row);
        continue;
      }
      let placed = false;
      document.sequences.forEach((sequence, index) => {
        if (timeMs >= sequence.start && timeMs <= sequence.end) {
          sequenceRows[index]!.push(row);
          placed = true;
        }
      });
      if (!placed) outside.push(row);
    }
  }
  document.sequences.forEach((sequence, index) => {
    const rows = sequenceRows[index]!;
    if (rows.length === 0) return;
    out.push(
      '',
      `Sequence "${sequence.name}" (${intervalText(sequence.start, sequence.end)})`,
      ...keyTable(document, rows, parentName),
    );
  });
  document.globalSequences.forEach((duration, index) => {
    const rows = globalRows[index]!;
    if (rows.length === 0) return;
    out.push(
      '',
      `Global sequence ${index} (${duration} ms, loops on its own)`,
      ...keyTable(document, rows, parentName),
    );
  });
  if (outside.length > 0)
    out.push('', 'Keys outside every sequence (they never fire)', ...keyTable(document, outside, parentName));
  if (withoutKeys.length > 0) {
    const cells = withoutKeys.map((object) => [
      object.name,
      object.type,
      object.id,
      String(object.objectId),
      parentName(object.parentId),
      object.hasKeyBlock ? 'empty key block' : 'no key block',
    ]);
    out.push(
      '',
      'Event objects without keys',
      ...table(
        [['object', 'type', 'id', 'objectId', 'parent', ''], ...cells],
        [false, false, false, true, false, false],
      ),
    );
  }
  if (document.eventObjects.length === 0) out.push('', 'The model has no event objects.');
  if (document.links.length > 0) out.push('', 'MRF links', ...linkTable(document.links));
  const diagnostics = modelDiagnostics(document);
  out.push('', `Diagnostics: ${diagnosticTally(diagnostics)}`);
  return `${out.join('\n')}\n${diagnostics.length ? formatDiagnostics(diagnostics, '  ') : ''}`;
}

/** `morf events MODEL`: event objects and links, by sequence. */
export const eventsCommand: CliCommand = {
  name: 'events',
  summary: "List a model's event objects and MRF links, by sequence",
  usage:
    `Usage: ${usage}\n\nPrints the keys of MODEL's event objects (MDX or MDL) in a table per sequence and\n` +
    `per global sequence — time, object, type, ID, objectId, parent, and for MRF links\nthe cape shown or hidden — ` +
    `then objects without keys, keys outside every sequence,\nthe MRF links (ID, show and hide times, cape path) and ` +
    `the diagnostics.\nWith --data (repeatable, first match wins), each link's cape is reported as found\n` +
    `(in which folder or archive) or missing, and the game's tables are looked up there:\n` +
    `each sound, splat, footprint, uber-splat and spawn object's meaning (sound label,\n` +
    `files and volume; splat texture, size and lifespan; spawned model), the table rows\n` +
    `it came from and the files it names, found or missing; unknown codes name the\n` +
    `nearest known ones. --json prints {file, eventObjects, tables, capes, diagnostics}.`,
  async run(args, io) {
    const { rest, data } = takeDataOptions(args);
    const { flags, positional } = parseArgs(rest, ['--json'], usage);
    if (positional.length !== 1) throw new UsageError(`expects one model file (usage: ${usage})`);
    const path = positional[0]!;
    const document = await readModelFile(path, io.cwd);
    const sources = data.length > 0 ? await CliDataSources.open(data, io.cwd) : null;
    try {
      const capes = sources ? sources.capes(document.links) : null;
      const meanings = sources ? await eventMeanings(document, sources) : null;
      if (flags.has('--json')) {
        const json = meanings ? (meaningsJson(meanings) as Record<string, unknown>) : {};
        const objects = document.eventObjects.map((object) => ({
          index: object.index,
          name: object.name,
          type: object.type,
          id: object.id,
          frames: object.frames,
          ...((json.eventObjects as { index: number }[] | undefined)?.find((entry) => entry.index === object.index) ??
            {}),
        }));
        io.stdout(
          `${toJson({
            file: path,
            eventObjects: objects,
            tables: json.tables ?? null,
            capes,
            diagnostics: [...modelDiagnostics(document), ...((json.diagnostics as unknown[]) ?? [])],
          })}\n`,
        );
        return ExitCode.ok;
      }
      io.stdout(
        eventsReport(path, document) +
          (capes ? `\nCapes (--data):\n${capeLines(capes)}` : '') +
          (meanings ? `\n${meaningsText(meanings)}` : ''),
      );
    } finally {
      await sources?.close();
    }
    return ExitCode.ok;
  },
};
