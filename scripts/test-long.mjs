#!/usr/bin/env node
// `npm run test:long`: the model-based test of the editor (tests/editor-model, issue 21) with 100,000 random sequences
// instead of the 2,000 `npm test` runs, each model's share bounded by a day rather than minutes. Extra arguments go to
// vitest (a file, -t NAME). The figures (sequences, steps by gesture, time) are printed at the end of each file.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  MORF_EDITOR_MODEL_SEQUENCES: process.env.MORF_EDITOR_MODEL_SEQUENCES ?? '100000',
  MORF_EDITOR_MODEL_PROGRESS: process.env.MORF_EDITOR_MODEL_PROGRESS ?? '2000',
  MORF_EDITOR_MODEL_TIME_BOUND_MS: process.env.MORF_EDITOR_MODEL_TIME_BOUND_MS ?? String(24 * 60 * 60 * 1000),
};
// Files named among the arguments narrow the run (vitest runs every file any filter matches, so the folder goes only
// when none is named).
const extra = process.argv.slice(2);
const files = extra.some((argument) => argument.includes('editor-model/')) ? [] : ['tests/editor-model'];
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', ...files, ...extra], {
  env,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
process.stdout.write(`test:long: ${env.MORF_EDITOR_MODEL_SEQUENCES} sequences asked, ${minutes} min\n`);
process.exit(result.status ?? 1);
