/**
 * MDL benchmark over ../shared/corpus, side by side in one run: on the five largest corpus MDL,
 * our MDL parse (readMdlModel: text to the typed model) and MDL print (writeMdlModel: the typed
 * model to text) against mdx-m3-viewer's (`Model.load` of the text, `Model.saveMdl`). Goal (issue 19): ours
 * at least 3× faster at each.
 *
 * mdx-m3-viewer is given its own best input and output: its parse starts from the decoded string
 * (its MDL reader's input; ours starts from the file's bytes, decoding included) and its print
 * ends at the string (ours at the bytes a file holds). The two run interleaved, so that both see the same
 * load on a shared machine. A parse row "with every field read" walks
 * everything each parse produced, so a parser that defers work pays for it there.
 */
import { parsers } from 'mdx-m3-viewer';
import { readMdlModel, writeMdlModel, type Track } from '../../shared/model/index';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { type BenchReport, type BenchSuite, clearsAtLeast, median } from './harness';

const SUITE = 'mdl-model';
/** How many of the largest MDL files each figure covers. */
const LARGEST_COUNT = 5;
/** Goal: mdx-m3-viewer's time over ours, for parse and for print. */
const SPEEDUP_GOAL = 3;
/** Each figure: at least this many runs of the five files per library, and this long in all. */
const MIN_ROUNDS = 10;
const MIN_TIME_MS = 3000;

type ViewerModel = InstanceType<typeof parsers.mdlx.Model>;

interface CorpusFile {
  name: string;
  bytes: Uint8Array;
  text: string;
}

/** A running sum of every number a walk reads (NaN left out), so that the walk cannot be optimized away. */
let checksum = 0;

/** Properties that are not data: our chunks' `source` (the file's bytes) and raw name fields repeating a name. */
const NOT_DATA = /^source$|^(?!unparsed).*Bytes$/;

/**
 * Reads every field of a parse result: numbers, string lengths, typed arrays, everything nested. One of our
 * tracks is read in its own layout (its keyWords and keyValues are two views of the same words: frames from
 * the one, values and tangents from the other), so that no word is read twice.
 */
function readEveryField(value: unknown, seen: Set<object>): void {
  if (typeof value === 'number') {
    if (value === value) checksum += value;
  } else if (typeof value === 'string') checksum += value.length;
  else if (typeof value === 'boolean') checksum += value ? 1 : 0;
  else if (ArrayBuffer.isView(value)) {
    const array = value as unknown as ArrayLike<number>;
    for (let index = 0; index < array.length; index += 1) if (array[index] === array[index]) checksum += array[index]!;
  } else if (Array.isArray(value)) for (const item of value) readEveryField(item, seen);
  else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    if ('keyWords' in value) readTrack(value as Track);
    else
      for (const key in value) if (!NOT_DATA.test(key)) readEveryField((value as Record<string, unknown>)[key], seen);
  }
}

/** Every key of one of our tracks: frames as integers, values and tangents as their type. */
function readTrack(track: Track): void {
  const { keyWords, keyValues, stride } = track;
  checksum += track.interpolation + track.globalSequenceId + track.tag.length;
  for (let start = 0; start < keyWords.length; start += stride) {
    checksum += keyWords[start]!;
    for (let word = start + 1; word < start + stride; word += 1) {
      const number = keyValues[word]!;
      if (number === number) checksum += number;
    }
  }
}

function viewerParse(text: string): ViewerModel {
  const model = new parsers.mdlx.Model();
  model.load(text);
  return model;
}

/**
 * Times `ours` and `theirs` side by side: after warming both up, rounds of one run of each (their order
 * alternating) until both have run at least MIN_ROUNDS times and MIN_TIME_MS have passed; the median of each.
 * Interleaving puts both under the same load, which on a shared machine moves more than either.
 */
async function sideBySide(ours: () => void, theirs: () => void): Promise<{ ours: number; theirs: number }> {
  const times = { ours: [] as number[], theirs: [] as number[] };
  const timed = (task: () => void, into: number[]) => {
    const started = performance.now();
    task();
    into.push(performance.now() - started);
  };
  for (let warmup = 0; warmup < 3; warmup += 1) {
    ours();
    theirs();
  }
  const started = performance.now();
  for (let round = 0; round < MIN_ROUNDS || performance.now() - started < MIN_TIME_MS; round += 1) {
    if (round % 2 === 0) {
      timed(ours, times.ours);
      timed(theirs, times.theirs);
    } else {
      timed(theirs, times.theirs);
      timed(ours, times.ours);
    }
    await Promise.resolve();
  }
  return { ours: median(times.ours), theirs: median(times.theirs) };
}

/** Times one task for both libraries; adds their rows and the ratio row (with the goal when `goal`). */
async function compareRows(
  report: BenchReport,
  what: string,
  ours: () => void,
  theirs: () => void,
  goal: boolean,
): Promise<void> {
  const ms = await sideBySide(ours, theirs);
  report.row({ suite: SUITE, name: `five largest MDL, ${what}: ours`, value: ms.ours, unit: 'ms' });
  report.row({ suite: SUITE, name: `five largest MDL, ${what}: mdx-m3-viewer`, value: ms.theirs, unit: 'ms' });
  const ratio = ms.theirs / ms.ours;
  report.row({
    suite: SUITE,
    name: `five largest MDL, ${what}: mdx-m3-viewer / ours`,
    value: ratio,
    unit: '×',
    ...(goal ? { goal: `≥ ${SPEEDUP_GOAL}×`, met: clearsAtLeast(ratio, SPEEDUP_GOAL) } : {}),
  });
}

/** The `mdl-model` bench suite. */
export const mdlModelBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    if (!modelCorpus.present) {
      report.note(`skipped: ${modelCorpus.absence}`);
      return;
    }
    const decoder = new TextDecoder();
    const largest: CorpusFile[] = corpusModels('MDL')
      .map((model) => ({ name: model.file, bytes: modelCorpus.bytes(model.file) }))
      .sort((left, right) => right.bytes.byteLength - left.bytes.byteLength)
      .slice(0, LARGEST_COUNT)
      .map((file) => ({ ...file, text: decoder.decode(file.bytes) }));
    const megabytes = largest.reduce((sum, file) => sum + file.bytes.byteLength, 0) / 1e6;
    report.note(
      `five largest MDL (${megabytes.toFixed(1)} MB): ` +
        largest.map((file) => file.name.slice(file.name.lastIndexOf('/') + 1).replace(/^.*__/, '')).join(', '),
    );
    const ours = largest.map((file) => readMdlModel(file.bytes));
    const viewers = largest.map((file) => viewerParse(file.text));

    const parse = () => largest.forEach((file) => readMdlModel(file.bytes));
    const viewerParseAll = () => largest.forEach((file) => viewerParse(file.text));
    await compareRows(report, 'parse', parse, viewerParseAll, true);
    const print = () => ours.forEach((model) => writeMdlModel(model));
    const viewerPrintAll = () => viewers.forEach((model) => model.saveMdl());
    await compareRows(report, 'print', print, viewerPrintAll, true);
    const parseAndRead = () => largest.forEach((file) => readEveryField(readMdlModel(file.bytes), new Set()));
    const viewerParseAndRead = () => largest.forEach((file) => readEveryField(viewerParse(file.text), new Set()));
    await compareRows(report, 'parse + every field read', parseAndRead, viewerParseAndRead, false);
    report.note(`(checksum ${checksum.toExponential(3)})`);
  },
};
