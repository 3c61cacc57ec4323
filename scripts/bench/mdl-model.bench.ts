/**
 * MDL benchmark over ../shared/corpus, side by side in one run: on the five largest corpus MDL,
 * our MDL parse (readMdlModel: text to the typed model) and MDL print (writeMdlModel: the typed
 * model to text) against mdx-m3-viewer's (`Model.load` of the text, `Model.saveMdl`). Goal: ours
 * at least 2× faster at each.
 *
 * mdx-m3-viewer is given its own best input and output: its parse starts from the decoded string
 * (its MDL reader's input; ours starts from the file's bytes, decoding included) and its print
 * ends at the string (ours at the bytes a file holds). A parse row "with every field read" walks
 * everything each parse produced, so a parser that defers work pays for it there.
 */
import { parsers } from 'mdx-m3-viewer';
import { readMdlModel, writeMdlModel } from '../../shared/model/index';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { measure, type BenchReport, type BenchSuite } from './harness';

const SUITE = 'mdl-model';
/** How many of the largest MDL files each figure covers. */
const LARGEST_COUNT = 5;
/** Goal: mdx-m3-viewer's time over ours, for parse and for print. */
const SPEEDUP_GOAL = 2;
/** Measuring options: enough runs of the five files for a stable median. */
const MEASURE = { minTimeMs: 1500, minRuns: 8 };

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

/** Reads every field of a parse result: numbers, string lengths, typed arrays, everything nested. */
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
    for (const key in value) if (!NOT_DATA.test(key)) readEveryField((value as Record<string, unknown>)[key], seen);
  }
}

function viewerParse(text: string): ViewerModel {
  const model = new parsers.mdlx.Model();
  model.load(text);
  return model;
}

/** Adds a time row and returns the time. */
async function timeRow(report: BenchReport, name: string, task: () => void): Promise<number> {
  const ms = await measure(task, MEASURE);
  report.row({ suite: SUITE, name, value: ms, unit: 'ms' });
  return ms;
}

function ratioRow(report: BenchReport, name: string, viewerMs: number, oursMs: number): void {
  const ratio = viewerMs / oursMs;
  report.row({
    suite: SUITE,
    name,
    value: ratio,
    unit: '×',
    goal: `≥ ${SPEEDUP_GOAL}×`,
    met: ratio >= SPEEDUP_GOAL,
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

    const oursParse = await timeRow(report, 'five largest MDL, parse: ours', () =>
      largest.forEach((file) => readMdlModel(file.bytes)),
    );
    const viewerParseMs = await timeRow(report, 'five largest MDL, parse: mdx-m3-viewer', () =>
      largest.forEach((file) => viewerParse(file.text)),
    );
    ratioRow(report, 'five largest MDL, parse: mdx-m3-viewer / ours', viewerParseMs, oursParse);

    const oursPrint = await timeRow(report, 'five largest MDL, print: ours', () =>
      ours.forEach((model) => writeMdlModel(model)),
    );
    const viewerPrint = await timeRow(report, 'five largest MDL, print: mdx-m3-viewer', () =>
      viewers.forEach((model) => model.saveMdl()),
    );
    ratioRow(report, 'five largest MDL, print: mdx-m3-viewer / ours', viewerPrint, oursPrint);

    const oursFull = await timeRow(report, 'five largest MDL, parse + every field read: ours', () =>
      largest.forEach((file) => readEveryField(readMdlModel(file.bytes), new Set())),
    );
    const viewerFull = await timeRow(report, 'five largest MDL, parse + every field read: mdx-m3-viewer', () =>
      largest.forEach((file) => readEveryField(viewerParse(file.text), new Set())),
    );
    report.row({
      suite: SUITE,
      name: 'five largest MDL, parse + every field read: mdx-m3-viewer / ours',
      value: viewerFull / oursFull,
      unit: '×',
    });
    report.note(`(checksum ${checksum.toExponential(3)})`);
  },
};
