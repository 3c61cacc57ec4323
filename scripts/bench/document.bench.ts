/**
 * The document model: what 100 key moves cost in memory and one key move in time, on a generated 10 MB MDX and on
 * the largest corpus MDX, beside the parent commit's path (every edit writes the whole file and reads it again,
 * and validation walks every chunk again) measured on the same files in the same run.
 *
 * Retained memory is measured after forced garbage collections: the heap and array buffers held by the open
 * document and its undo history (as the editor's store keeps them: renderer/state/history.ts, 128 steps) once
 * the file is open and after 100 moves, counting the file itself. Goal: ≤ 2× the file size.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { modelCodec, type ModelDocument, type ModelEdit } from '../../shared/events';
import { readMdx } from '../../shared/model/mdx-file';
import { geosetBytes, mdxBytes } from '../../shared/model/testing/mdx-bytes';
import { commit, createHistory, type History } from '../../renderer/state/history';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { repositoryRoot } from '../../tests/e2e/harness';
import { type BenchReport, type BenchSuite, clearsAtMost, measure } from './harness';

const SUITE = 'document';
const MOVES = 100;
const sampleModel = join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx');

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Bytes held by the heap and array buffers once the running job has ended and garbage is collected: a `WeakRef`'s
 * target stays alive until the end of the job that made or read it, so measured in the job of the work before (a
 * warm-up's reads), the count would hold memory that is about to be freed — and a later figure would be that much too
 * low (0.2 MB read for the largest corpus MDL, whose document holds its 1.6 MB text).
 */
async function retainedBytes(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  for (let pass = 0; pass < 3; pass += 1) collect();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** The sample cinematic with a geoset large enough to make the file about `megabytes` MB. */
function generatedModel(megabytes: number): Uint8Array {
  const sample = readMdx(new Uint8Array(readFileSync(sampleModel)));
  // A vertex costs 12 (VRTX) + 12 (NRMS) + 2 (PVTX) + 1 (GNDX) + 8 (UVBS) = 35 bytes.
  const vertexCount = Math.round((megabytes * 1e6) / 35);
  const chunks = sample.chunks.map((chunk) => [chunk.tag, chunk.body] as const);
  const at = chunks.findIndex(([tag]) => tag === 'BONE');
  chunks.splice(at, 0, ['GEOS', geosetBytes({ vertexCount, matrixIndices: [0], lod: false })]);
  return mdxBytes(chunks);
}

/** The edit the bench repeats: the first key of the first event object with keys, 10 ms later (then back). */
function keyMove(document: ModelDocument, step: number): ModelEdit {
  const object = document.eventObjects.find((candidate) => candidate.frames.length > 0)!;
  return { kind: 'moveKeys', keys: [{ objectIndex: object.index, frameIndex: 0 }], deltaMs: step % 2 === 0 ? 10 : -10 };
}

/** The parent commit's edit: apply, write the whole file, read it again. */
function rereadEdit(document: ModelDocument, edit: ModelEdit): ModelDocument {
  const edited = modelCodec.applyEdit(document, edit);
  return modelCodec.readModel(modelCodec.writeModel(edited), 'model.mdx');
}

/** The parent commit's validation: every chunk walked again (a fresh read has no chunk checks to reuse). */
function fullValidation(document: ModelDocument): void {
  modelCodec.validateModel(modelCodec.readModel(modelCodec.writeModel(document), 'model.mdx'));
}

interface PathFigures {
  retainedBytes: number;
  moveMs: number;
}

/** Opens `bytes`, makes 100 key moves kept in an undo history, and times one more move with its validation. */
async function measurePath(
  bytes: Uint8Array,
  edit: (document: ModelDocument, edit: ModelEdit) => ModelDocument,
  validate: (document: ModelDocument) => void,
): Promise<PathFigures> {
  const before = await retainedBytes();
  let history: History<ModelDocument> | null = createHistory(modelCodec.readModel(bytes.slice(), 'model.mdx'));
  let document = history.entries[0]!.value;
  if (!document.eventObjects.some((object) => object.frames.length > 0)) {
    // A model without keys gets a link to move the keys of (one more undo step).
    document = edit(document, { kind: 'addLink', id: '9999', showFrames: [100], hideFrames: [200] });
    history = commit(history, document, 'Add Link');
  }
  for (let step = 0; step < MOVES; step += 1) {
    document = edit(document, keyMove(document, step));
    validate(document);
    history = commit(history, document, 'Move Keys');
  }
  const retained = (await retainedBytes()) - before;
  let step = 0;
  const moveMs = await measure(
    () => {
      const next = edit(document, keyMove(document, step++));
      validate(next);
      document = next;
    },
    { minTimeMs: 400, minRuns: 10 },
  );
  history = null;
  return { retainedBytes: retained, moveMs };
}

/** Adds the rows of one file (MDX or MDL, told apart by content) to `suite`'s figures. */
export async function measureFile(report: BenchReport, label: string, bytes: Uint8Array, suite = SUITE): Promise<void> {
  const megabytes = bytes.byteLength / 1e6;
  const now = await measurePath(
    bytes,
    (document, edit) => modelCodec.applyEdit(document, edit),
    (document) => modelCodec.validateModel(document),
  );
  const parent = await measurePath(bytes, rereadEdit, fullValidation);
  const ratio = now.retainedBytes / bytes.byteLength;
  report.row({
    suite,
    name: `${label} (${megabytes.toFixed(1)} MB): retained after ${MOVES} key moves`,
    value: now.retainedBytes / 1e6,
    unit: 'MB',
    goal: `≤ ${(2 * megabytes).toFixed(1)} MB (2× file)`,
    met: clearsAtMost(ratio, 2),
  });
  report.row({
    suite,
    name: `  parent commit's path (write + re-read per edit)`,
    value: parent.retainedBytes / 1e6,
    unit: 'MB',
  });
  report.row({
    suite,
    name: `${label}: one key move, edit + validation`,
    value: now.moveMs,
    unit: 'ms',
    goal: '≤ 2 ms',
    met: clearsAtMost(now.moveMs, 2),
  });
  report.row({ suite, name: `  parent commit's path`, value: parent.moveMs, unit: 'ms' });
}

export const documentBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    await measureFile(report, 'generated MDX', generatedModel(10));
    if (!modelCorpus.present) {
      report.note(`largest corpus MDX: skipped (${modelCorpus.absence})`);
      return;
    }
    const largest = corpusModels('MDX')
      .map((model) => ({ name: model.file, bytes: modelCorpus.bytes(model.file) }))
      .sort((left, right) => right.bytes.byteLength - left.bytes.byteLength)[0];
    if (largest) {
      report.note(`largest corpus MDX: ${largest.name}`);
      await measureFile(report, 'largest corpus MDX', largest.bytes);
    }
  },
};
