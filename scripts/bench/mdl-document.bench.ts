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

/** Runs the measured paths once on a small model, so that compiling them is not counted as retained memory. */
function warmUp(): void {
  let document: ModelDocument = modelCodec.readModel(generatedMdl(50_000), 'warm-up.mdl');
  for (let step = 0; step < 200; step += 1) {
    const keys = [{ objectIndex: step % document.eventObjects.length, frameIndex: 0 }];
    document = modelCodec.applyEdit(document, { kind: 'moveKeys', keys, deltaMs: step % 2 === 0 ? 10 : -10 });
    modelCodec.validateModel(document);
    modelCodec.readModel(modelCodec.writeModel(document), 'warm-up.mdl');
  }
}

export const mdlDocumentBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    warmUp();
    // The small file first: memory the large one frees late would otherwise show as a negative figure.
    const largest = modelCorpus.present
      ? corpusModels('MDL')
          .map((model) => ({ name: model.file, bytes: modelCorpus.bytes(model.file) }))
          .sort((left, right) => right.bytes.byteLength - left.bytes.byteLength)[0]
      : undefined;
    if (largest) {
      report.note(`largest corpus MDL: ${largest.name}`);
      await measureFile(report, 'largest corpus MDL', largest.bytes, SUITE);
    } else {
      report.note(`largest corpus MDL: skipped (${modelCorpus.absence})`);
    }
    await measureFile(report, 'generated MDL', generatedMdl(10e6), SUITE);
  },
};
