/**
 * `npm run bench`: every suite, side by side in one run. Suites register in `suites` below.
 */
import { BenchReport, type BenchSuite, GOAL_MARGIN } from './harness';
import { modelBench } from './model.bench';
import { fullModelBench } from './full-model.bench';
import { mrfBench } from './mrf.bench';
import { capesBench } from './capes.bench';
import { emfKf2Bench } from './emf-kf2.bench';
import { mpqBench } from './mpq.bench';
import { textureBench } from './texture.bench';
import { documentBench } from './document.bench';
import { mdlDocumentBench } from './mdl-document.bench';
import { mdlModelBench } from './mdl-model.bench';
import { editorBench } from './editor.bench';
import { modelPreviewBench } from './model-preview.bench';
import { particlesBench } from './particles.bench';
import { renderBench } from './render.bench';
import { dataFolderSuite } from '../../electron/host/data-folders.bench';
import { eventTablesBench } from './event-tables.bench';

const suites: BenchSuite[] = [
  mrfBench,
  capesBench,
  emfKf2Bench,
  dataFolderSuite,
  textureBench,
  editorBench,
  modelPreviewBench,
  particlesBench,
  renderBench,
  modelBench,
  documentBench,
  mdlDocumentBench,
  mdlModelBench,
  fullModelBench,
  mpqBench,
  eventTablesBench,
];

const only = process.argv.slice(2);
const report = new BenchReport();
for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  process.stdout.write(`\n# ${suite.name}\n`);
  await suite.run(report);
}
const missed = report.rows.filter((row) => row.met === false);
process.stdout.write(
  `\n${report.rows.length} figures, ${missed.length} goal(s) ` +
    `missed${missed.length ? ': ' + missed.map((row) => `${row.suite}/${row.name}`).join(', ') : ''}\n` +
    `(a bound counts as met when the figure clears it by ${Math.round((GOAL_MARGIN - 1) * 100)} %)\n`,
);
