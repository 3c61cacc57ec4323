/**
 * The model-based test of the editor (issue 21): random sequences of the user's gestures — clicks in the Outliner, the
 * Dope Sheet and the viewport, G, Shift+D, X, I, copy and paste, undo and redo, adding, renaming and deleting links,
 * the cape's Retime, Trim and Reverse, save then reopen — run through the registered operators against the store
 * over the real host in this process, with five invariants checked after every step (invariants.ts): what is lit is
 * what is acted on, undo and save are exact, one rule for visibility, no nonsense.
 *
 * This file runs the sample cinematic (MDX, and its MDL twin) and the events fixture (MDL: three sequences, global
 * sequences, a lone show); editor-model-corpus.test.ts runs six corpus models, MDX and MDL. A failure prints the shrunk
 * sequence and the seed (`fc.configureGlobal({ seed, path })` replays it); each one found became a named test in
 * regressions.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { TWINS } from '../../shared/events/testing/twins';
import { modelCorpus } from '../testing/corpus-folder';
import type { WorkspaceFile } from './editor-harness';
import { describeModel, reportFigures, sequencesPerModel } from './model-suite';

const sampleModel = join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx');

const MODELS: readonly WorkspaceFile[] = [
  {
    label: 'the sample cinematic (MDX)',
    name: 'ArthasIllidanSample.mdx',
    bytes: new Uint8Array(readFileSync(sampleModel)),
  },
  { label: 'the sample cinematic (MDL twin)', name: 'ArthasIllidanSample.mdl', bytes: TWINS[1]!.mdl },
  { label: 'the events fixture (MDL)', name: 'EventsFixture.mdl', bytes: TWINS[0]!.mdl },
];

// Half of the sequences (all of them when the corpus is absent and its half cannot run).
const runs = sequencesPerModel(modelCorpus.present ? 0.5 : 1, MODELS.length);

describe('the editor under random use (issue 21)', () => {
  for (const file of MODELS) describe(file.label, () => describeModel(() => file, runs));
  reportFigures('editor model, built-in models');
});
