/**
 * The MDL document model: what 100 key moves cost in memory and one key move (edit + validation) in time on a
 * generated 10 MB MDL and on the largest corpus MDL, beside the parent commit's path (every edit writes the whole
 * file and reads it again) — measured as document.bench.ts measures MDX. Goal: ≤ 2× the file size, ≤ 2 ms.
 */
import { modelCodec, type ModelDocument } from '../../shared/events';
import { generatedMdl } from '../../shared/mdl/testing/generate';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { measureFile } from './document.bench';
import type { BenchSuite } from './harness';

const SUITE = 'mdl-document';

/** Key moves of a warm-up, each validated: as many as the measured loop and its timing make (the same code is hot). */
const WARM_UP_MOVES = 200;

/** A warm-up writes its model and reads it again after every this many moves. */
const WARM_UP_REREAD_EVERY = 50;

/**
 * Runs the measured paths on `bytes`, so that the code they compile is not counted as the retained memory of the
 * document measured next: V8 compiles each kind's reader, the edits and the checks (and optimizes them once hot) the
 * first time a model that holds them is read, edited and validated — ~0.1 MB for the largest corpus MDL. No document
 * memory is hidden: what the warm-up read is let go (the measured document is a read of its own bytes, and every
 * memo of a read is kept on its objects), and the figure counts from before the measured read.
 */
function warmUp(bytes: Uint8Array, name: string): void {
  let document: ModelDocument = modelCodec.readModel(bytes.slice(), name);
  if (!document.eventObjects.some((object) => object.frames.length > 0))
    document = modelCodec.applyEdit(document, { kind: 'addLink', id: '9999', showFrames: [100], hideFrames: [200] });
  const keyed = document.eventObjects.filter((object) => object.frames.length > 0).map((object) => object.index);
  for (let step = 0; step < WARM_UP_MOVES; step += 1) {
    const keys = [{ objectIndex: keyed[step % keyed.length]!, frameIndex: 0 }];
    document = modelCodec.applyEdit(document, { kind: 'moveKeys', keys, deltaMs: step % 2 === 0 ? 10 : -10 });
    modelCodec.validateModel(document);
    if ((step + 1) % WARM_UP_REREAD_EVERY === 0) modelCodec.readModel(modelCodec.writeModel(document), name);
  }
}

export const mdlDocumentBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    // The small file first: memory the large one frees late would otherwise show as a negative figure.
    const largest = modelCorpus.present
      ? corpusModels('MDL')
          .map((model) => ({ name: model.file, bytes: modelCorpus.bytes(model.file) }))
          .sort((left, right) => right.bytes.byteLength - left.bytes.byteLength)[0]
      : undefined;
    warmUp(generatedMdl(50_000), 'warm-up.mdl');
    if (largest) {
      report.note(`largest corpus MDL: ${largest.name}`);
      warmUp(largest.bytes, 'warm-up.mdl');
      await measureFile(report, 'largest corpus MDL', largest.bytes, SUITE);
    } else {
      report.note(`largest corpus MDL: skipped (${modelCorpus.absence})`);
    }
    await measureFile(report, 'generated MDL', generatedMdl(10e6), SUITE);
  },
};
