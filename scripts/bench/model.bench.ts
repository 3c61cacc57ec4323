/**
 * Model benchmarks over ../shared/corpus, side by side in one run: the time to open a model and
 * list its events — our lazy readModel against the full parse of mdx-m3-viewer and war3-model —
 * for every corpus file and for the five largest together, and each library's byte-identical
 * round-trip rate (read then write without edits).
 *
 * The goal is measured on the five largest MDX files, as the issue frames it (a lazy open walks
 * the chunk table to EVTS); the five largest MDL and the five largest files of either format are
 * printed beside it. An MDL text is decoded to a string for the libraries (they take strings), and
 * that decode is part of their time, as decoding is part of ours.
 */
import { parsers } from 'mdx-m3-viewer';
import { generateMDL, generateMDX, parseMDL, parseMDX } from 'war3-model';
import { readModel, writeModel } from '../../shared/events/index';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { type BenchReport, type BenchSuite, clearsAtLeast, measure } from './harness';

const SUITE = 'model';
/** How many of the largest files the headline figure opens together. */
const LARGEST_COUNT = 5;
/** Goal: our open + list against the faster library's full parse, on the five largest MDX files. */
const SPEEDUP_GOAL = 50;

interface CorpusFile {
  name: string;
  format: 'mdx' | 'mdl';
  /** The file in its own ArrayBuffer (war3-model's parseMDX takes the whole buffer). */
  bytes: Uint8Array;
}

type Library = 'ours' | 'mdx-m3-viewer' | 'war3-model';
const LIBRARIES: readonly Library[] = ['ours', 'mdx-m3-viewer', 'war3-model'];
const latin1 = new TextDecoder('latin1');

/** The MDX and MDL models the corpus manifest lists, each read into its own buffer. */
function corpusFiles(): CorpusFile[] {
  return corpusModels('MDX', 'MDL').map((model) => ({
    name: model.file,
    format: model.format === 'MDX' ? 'mdx' : 'mdl',
    bytes: modelCorpus.bytes(model.file),
  }));
}

/** Opens the file with `library` and lists its event objects (name and key count). */
function openAndList(library: Library, file: CorpusFile): number {
  let count = 0;
  if (library === 'ours') {
    const document = readModel(file.bytes, file.name);
    for (const object of document.eventObjects) count += object.name.length + object.frames.length;
    for (const link of document.links) count += link.showFrames.length;
  } else if (library === 'mdx-m3-viewer') {
    const model = new parsers.mdlx.Model();
    model.load(file.format === 'mdl' ? latin1.decode(file.bytes) : file.bytes);
    for (const object of model.eventObjects) count += object.name.length + object.tracks.length;
  } else {
    const model =
      file.format === 'mdl' ? parseMDL(latin1.decode(file.bytes)) : parseMDX(file.bytes.buffer as ArrayBuffer);
    for (const object of model.EventObjects) count += object.Name.length + (object.EventTrack?.length ?? 0);
  }
  return count;
}

/** Reads and writes the file with `library`; true when the bytes come back identical. */
function roundTrips(library: Library, file: CorpusFile): boolean {
  let written: Uint8Array;
  if (library === 'ours') {
    written = writeModel(readModel(file.bytes, file.name));
  } else if (library === 'mdx-m3-viewer') {
    const model = new parsers.mdlx.Model();
    model.load(file.format === 'mdl' ? latin1.decode(file.bytes) : file.bytes);
    written =
      file.format === 'mdl'
        ? Uint8Array.from(model.saveMdl(), (character) => character.charCodeAt(0))
        : model.saveMdx();
  } else if (file.format === 'mdl') {
    written = Uint8Array.from(generateMDL(parseMDL(latin1.decode(file.bytes))), (character) => character.charCodeAt(0));
  } else {
    written = new Uint8Array(generateMDX(parseMDX(file.bytes.buffer as ArrayBuffer)));
  }
  return written.length === file.bytes.length && written.every((value, index) => value === file.bytes[index]);
}

/** True when `library` opens the file without throwing (or running away). */
function opens(library: Library, file: CorpusFile): boolean {
  try {
    openAndList(library, file);
    return true;
  } catch {
    return false;
  }
}

const shortName = (file: CorpusFile) => file.name.slice(file.name.lastIndexOf('/') + 1).replace(/^.*__/, '');
const format = (ms: number) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(3));

/** Medians of opening every file of `group` in turn, for each library that opens all of them. */
async function timeTogether(
  files: readonly CorpusFile[],
  readable: ReadonlyMap<Library, ReadonlySet<CorpusFile>>,
  minTimeMs: number,
): Promise<Map<Library, number>> {
  const times = new Map<Library, number>();
  for (const library of LIBRARIES) {
    if (!files.every((file) => readable.get(library)!.has(file))) continue;
    times.set(
      library,
      await measure(() => files.forEach((file) => openAndList(library, file)), { minTimeMs, minRuns: 5 }),
    );
  }
  return times;
}

function reportGroup(report: BenchReport, label: string, times: ReadonlyMap<Library, number>, goal: boolean): void {
  for (const library of LIBRARIES) {
    const ms = times.get(library);
    if (ms === undefined) report.note(`${label}: ${library} cannot open all of them`);
    else report.row({ suite: SUITE, name: `${label}: ${library}`, value: ms, unit: 'ms' });
  }
  const ours = times.get('ours')!;
  const others = [times.get('mdx-m3-viewer'), times.get('war3-model')].filter((ms): ms is number => ms !== undefined);
  if (others.length === 0) return;
  const ratio = Math.min(...others) / ours;
  report.row({
    suite: SUITE,
    name: `${label}: faster library / ours`,
    value: ratio,
    unit: '×',
    ...(goal ? { goal: `≥ ${SPEEDUP_GOAL}×`, met: clearsAtLeast(ratio, SPEEDUP_GOAL) } : {}),
  });
}

/** The `model` bench suite. */
export const modelBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    if (!modelCorpus.present) {
      report.note(`skipped: ${modelCorpus.absence}`);
      return;
    }
    const files = corpusFiles();
    const mdxCount = files.filter((file) => file.format === 'mdx').length;
    report.note(
      `corpus: ${files.length} models (${mdxCount} MDX, ${files.length - mdxCount} ` +
        `MDL), ${(files.reduce((sum, file) => sum + file.bytes.length, 0) / 1e6).toFixed(1)} MB`,
    );

    // Byte-identical round trips (read, then write without edits).
    for (const library of LIBRARIES) {
      const identical = { mdx: 0, mdl: 0 };
      for (const file of files) {
        try {
          if (roundTrips(library, file)) identical[file.format] += 1;
        } catch {
          // A file the library cannot read or write does not round-trip.
        }
      }
      const total = identical.mdx + identical.mdl;
      const rate = (100 * total) / files.length;
      report.row({
        suite: SUITE,
        name:
          `identical round trips: ${library} (MDX ${identical.mdx}/${mdxCount}, ` +
          `MDL ${identical.mdl}/${files.length - mdxCount})`,
        value: rate,
        unit: '%',
        ...(library === 'ours' ? { goal: '100%', met: total === files.length } : {}),
      });
    }

    // Open and list the events of every file, one file at a time, the libraries side by side.
    const readable = new Map<Library, Set<CorpusFile>>(
      LIBRARIES.map((library) => [library, new Set(files.filter((file) => opens(library, file)))]),
    );
    for (const library of LIBRARIES) {
      const failed = files.length - readable.get(library)!.size;
      if (failed > 0)
        report.note(
          `${library} cannot open ${failed} of the ${files.length} files (${files
            .filter((file) => !readable.get(library)!.has(file))
            .map(shortName)
            .slice(0, 6)
            .join(', ')}${failed > 6 ? ', …' : ''})`,
        );
    }
    report.note('open + list events, median ms per file (— : the library cannot open it):');
    report.note(
      `${'file'.padEnd(48)} ${'KB'.padStart(6)} ${'ours'.padStart(8)} ` +
        `${'m3-viewer'.padStart(10)} ${'war3-model'.padStart(10)} ${'ratio'.padStart(8)}`,
    );
    const totals = new Map<Library, number>(LIBRARIES.map((library) => [library, 0]));
    let slowestRatio = Infinity;
    for (const file of [...files].sort((left, right) => right.bytes.length - left.bytes.length)) {
      const times = new Map<Library, number>();
      for (const library of LIBRARIES) {
        if (!readable.get(library)!.has(file)) continue;
        const ms = await measure(() => openAndList(library, file), { minTimeMs: 15, minRuns: 3, warmup: 1 });
        times.set(library, ms);
        totals.set(library, totals.get(library)! + ms);
      }
      const others = [times.get('mdx-m3-viewer'), times.get('war3-model')].filter(
        (ms): ms is number => ms !== undefined,
      );
      const ratio = others.length ? Math.min(...others) / times.get('ours')! : NaN;
      if (Number.isFinite(ratio)) slowestRatio = Math.min(slowestRatio, ratio);
      const cell = (library: Library, width: number) =>
        (times.has(library) ? format(times.get(library)!) : '—').padStart(width);
      report.note(
        `${shortName(file).slice(0, 48).padEnd(48)} ${(file.bytes.length / 1024).toFixed(0).padStart(6)} ` +
          `${cell('ours', 8)} ${cell('mdx-m3-viewer', 10)} ${cell('war3-model', 10)} ` +
          (Number.isFinite(ratio) ? `${ratio.toFixed(0)}×` : '—').padStart(8),
      );
    }
    for (const library of LIBRARIES)
      report.row({
        suite: SUITE,
        name: `every file, sum of medians: ${library} (${readable.get(library)!.size} files)`,
        value: totals.get(library)!,
        unit: 'ms',
      });
    report.row({
      suite: SUITE,
      name: 'every file: smallest ratio faster library / ours',
      value: slowestRatio,
      unit: '×',
    });

    // The largest files opened together.
    const largest = (group: readonly CorpusFile[]) =>
      [...group].sort((left, right) => right.bytes.length - left.bytes.length).slice(0, LARGEST_COUNT);
    const largestMdx = largest(files.filter((file) => file.format === 'mdx'));
    report.note(
      `five largest MDX: ${largestMdx
        .map((file) => `${shortName(file)} (${(file.bytes.length / 1e6).toFixed(2)} ` + `MB)`)
        .join(', ')}`,
    );
    reportGroup(report, 'five largest MDX together', await timeTogether(largestMdx, readable, 1000), true);
    const largestMdl = largest(files.filter((file) => file.format === 'mdl'));
    report.note(
      `five largest MDL: ${largestMdl
        .map((file) => `${shortName(file)} (${(file.bytes.length / 1e6).toFixed(2)} ` + `MB)`)
        .join(', ')}`,
    );
    reportGroup(report, 'five largest MDL together', await timeTogether(largestMdl, readable, 1000), false);
    const largestAll = largest(files);
    report.note(`five largest of either format: ${largestAll.map(shortName).join(', ')}`);
    reportGroup(report, 'five largest files together', await timeTogether(largestAll, readable, 1000), false);
  },
};
