/**
 * Full-model benchmark over ../shared/corpus, side by side in one run: a full parse of the five
 * largest MDX files — every object and track materialised and every field read — by our typed
 * model (shared/model), mdx-m3-viewer and war3-model. "Every field read" is the same for each
 * library: after parsing, a checksum walks everything the parse produced (every number of every
 * object, array and track key, every string's length), so a parser that defers work pays for it
 * there. Goal: ours at least 3× faster than the faster library.
 */
import { parsers } from 'mdx-m3-viewer';
import { parseMDX } from 'war3-model';
import { isParsedChunk, readMdxModel, type Track } from '../../shared/model/index';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { type BenchSuite, clearsAtLeast, measure } from './harness';

const SUITE = 'full-model';
/** How many of the largest MDX files the figure parses together. */
const LARGEST_COUNT = 5;
/** Goal: the faster library's full parse over ours. */
const SPEEDUP_GOAL = 3;

type Library = 'ours' | 'mdx-m3-viewer' | 'war3-model';
const LIBRARIES: readonly Library[] = ['ours', 'mdx-m3-viewer', 'war3-model'];

/** Running sum of everything a walk reads (NaN left out, so that one NaN does not hide the rest). */
class Checksum {
  sum = 0;

  number(value: number): void {
    if (value === value) this.sum += value;
  }

  numbers(values: ArrayLike<number>): void {
    for (let index = 0; index < values.length; index += 1) this.number(values[index]!);
  }
}

/** Every key of one of our tracks: frames as integers, values and tangents as their type. */
function readTrack(checksum: Checksum, track: Track): void {
  const { keyWords, keyValues, stride } = track;
  checksum.number(track.interpolation + track.globalSequenceId + track.tag.length);
  for (let start = 0; start < keyWords.length; start += stride) {
    checksum.number(keyWords[start]!);
    for (let word = start + 1; word < start + stride; word += 1) checksum.number(keyValues[word]!);
  }
}

/**
 * Reads every field of a parse result: numbers, strings (their length), booleans, typed arrays,
 * and everything nested. `skip` names properties that are not data (our `source` chunk views, the
 * raw name fields that repeat a name) and `track` reads a track in its own layout.
 */
function walk(checksum: Checksum, value: unknown, skip: ReadonlySet<string>, track?: (value: object) => boolean): void {
  if (typeof value === 'number') checksum.number(value);
  else if (typeof value === 'string') checksum.number(value.length);
  else if (typeof value === 'boolean') checksum.number(value ? 1 : 0);
  else if (ArrayBuffer.isView(value)) checksum.numbers(value as unknown as ArrayLike<number>);
  else if (Array.isArray(value)) for (const item of value) walk(checksum, item, skip, track);
  else if (value && typeof value === 'object' && !(track && track(value))) {
    for (const key in value) if (!skip.has(key)) walk(checksum, (value as Record<string, unknown>)[key], skip, track);
  }
}

const OUR_SKIP = new Set([
  'source',
  'nameBytes',
  'animationFileNameBytes',
  'fileNameBytes',
  'pathBytes',
  'shaderBytes',
  'lodNameBytes',
  'spawnModelFileNameBytes',
  'animationVisibilityGuideBytes',
  'targetBytes',
]);
const NOTHING = new Set<string>();

/** Parses `bytes` fully with `library` and reads every field; returns the checksum. */
function fullParse(library: Library, bytes: Uint8Array): number {
  const checksum = new Checksum();
  if (library === 'ours') {
    const model = readMdxModel(bytes);
    for (const chunk of model.chunks) {
      if (!isParsedChunk(chunk)) continue;
      walk(checksum, chunk.parsed, OUR_SKIP, (value) => {
        if (!('keyWords' in value)) return false;
        readTrack(checksum, value as Track);
        return true;
      });
    }
  } else if (library === 'mdx-m3-viewer') {
    const model = new parsers.mdlx.Model();
    model.load(bytes);
    walk(checksum, model, NOTHING);
  } else {
    walk(checksum, parseMDX(bytes.buffer as ArrayBuffer), NOTHING);
  }
  return checksum.sum;
}

/** The `full-model` bench suite. */
export const fullModelBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    if (!modelCorpus.present) {
      report.note(`skipped: ${modelCorpus.absence}`);
      return;
    }
    const largest = corpusModels('MDX')
      .map((model) => ({ name: model.file, bytes: modelCorpus.bytes(model.file) }))
      .sort((left, right) => right.bytes.length - left.bytes.length)
      .slice(0, LARGEST_COUNT);
    const megabytes = largest.reduce((sum, file) => sum + file.bytes.length, 0) / 1e6;
    report.note(
      `five largest MDX (${megabytes.toFixed(1)} MB): ` +
        largest.map((file) => file.name.slice(file.name.lastIndexOf('/') + 1).replace(/^.*__/, '')).join(', '),
    );
    const times = new Map<Library, number>();
    for (const library of LIBRARIES) {
      try {
        largest.forEach((file) => fullParse(library, file.bytes));
      } catch (error) {
        report.note(`${library} cannot parse all of them: ${String(error).slice(0, 100)}`);
        continue;
      }
      const ms = await measure(() => largest.forEach((file) => fullParse(library, file.bytes)), {
        minTimeMs: 1500,
        minRuns: 10,
      });
      times.set(library, ms);
      report.row({
        suite: SUITE,
        name: `five largest MDX, full parse + every field read: ${library}`,
        value: ms,
        unit: 'ms',
      });
    }
    const ours = times.get('ours')!;
    const others = [times.get('mdx-m3-viewer'), times.get('war3-model')].filter((ms): ms is number => ms !== undefined);
    if (others.length === 0) return;
    const ratio = Math.min(...others) / ours;
    report.row({
      suite: SUITE,
      name: 'five largest MDX, full parse: faster library / ours',
      value: ratio,
      unit: '×',
      goal: `≥ ${SPEEDUP_GOAL}×`,
      met: clearsAtLeast(ratio, SPEEDUP_GOAL),
    });
    const parseOnly = await measure(() => largest.forEach((file) => readMdxModel(file.bytes)), { minTimeMs: 500 });
    report.row({
      suite: SUITE,
      name: 'five largest MDX, our parse alone (no field read)',
      value: parseOnly,
      unit: 'ms',
    });
    const verified = await measure(() => largest.forEach((file) => readMdxModel(file.bytes, { verify: true })), {
      minTimeMs: 500,
    });
    report.row({
      suite: SUITE,
      name: 'five largest MDX, our parse with verify (re-encoded)',
      value: verified,
      unit: 'ms',
    });
  },
};
