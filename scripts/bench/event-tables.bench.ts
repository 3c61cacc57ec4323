/**
 * The game's tables for event objects (issue 23): loading the five tables at full size (generated with the real
 * tables' row counts, holding every code the models name) from their bytes — SLK parse, columns checked, rows
 * keyed — and then resolving every event object of the five largest corpus models against them (fresh lookups,
 * not the editor's memo). Goals: loading < 50 ms, resolving < 5 ms; met only with 10 % to spare.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { modelCodec } from '../../shared/events';
import { eventIdOf, eventTypeOf } from '../../shared/events/names';
import { loadGameTables, resolveEventObject, type GameTableSet } from '../../shared/game-tables';
import { fullSizeTables } from '../../shared/game-tables/testing/tables';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { type BenchReport, type BenchSuite, clearsAtMost, measure } from './harness';

const SUITE = 'events';
const LOAD_GOAL_MS = 50;
const RESOLVE_GOAL_MS = 5;

export const eventTablesBench: BenchSuite = {
  name: SUITE,
  async run(report: BenchReport) {
    if (!modelCorpus.present) {
      report.note(`skipped: ${modelCorpus.absence}`);
      return;
    }
    const largest = corpusModels('MDX', 'MDL')
      .map((model) => ({ model, bytes: statSync(join(modelCorpus.directory, model.file)).size }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5);
    const names = largest.flatMap(({ model }) =>
      modelCodec
        .readModel(new Uint8Array(readFileSync(join(modelCorpus.directory, model.file))), model.file)
        .eventObjects.map((object) => object.name),
    );
    const codes = { SND: new Set<string>(), SPL: new Set<string>(), UBR: new Set<string>(), SPN: new Set<string>() };
    for (const name of names) {
      const type = eventTypeOf(name);
      const key = type === 'FPT' ? 'SPL' : type;
      if (key in codes) codes[key as keyof typeof codes].add(eventIdOf(name).toUpperCase());
    }
    const files = Object.fromEntries(
      Object.entries(fullSizeTables(codes)).map(([path, text]) => [path, new TextEncoder().encode(text)]),
    );
    const kilobytes = Object.values(files).reduce((sum, bytes) => sum + bytes.length, 0) / 1024;
    report.note(
      `${names.length} event objects of ${largest.map(({ model }) => model.file.split('/').pop()).join(', ')}; ` +
        `tables ${kilobytes.toFixed(0)} KB`,
    );
    const load = () => loadGameTables(async (path) => (files[path] ? { bytes: files[path]!, source: 'bench' } : null));
    const loadMs = await measure(load, { minRuns: 20 });
    report.row({
      suite: SUITE,
      name: 'load the five tables (full size)',
      value: loadMs,
      unit: 'ms',
      goal: `< ${LOAD_GOAL_MS} ms`,
      met: clearsAtMost(loadMs, LOAD_GOAL_MS),
    });
    const tables: GameTableSet = await load();
    let resolved = 0;
    const resolveMs = await measure(
      () => {
        resolved = 0;
        for (const name of names) if (resolveEventObject(name, tables).status === 'resolved') resolved += 1;
      },
      { minRuns: 50 },
    );
    report.note(`${resolved} of ${names.length} resolved (the rest are MRF links or other names)`);
    report.row({
      suite: SUITE,
      name: 'resolve every event object of the five largest models',
      value: resolveMs,
      unit: 'ms',
      goal: `< ${RESOLVE_GOAL_MS} ms`,
      met: clearsAtMost(resolveMs, RESOLVE_GOAL_MS),
    });
  },
};
