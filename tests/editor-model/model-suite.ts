/**
 * One model file's suite of the model-based test: a workspace over it (editor-harness.ts) and the property — random
 * sequences (commands.ts), each on a fresh editor — run `numRuns` times within the time bound. How many sequences in
 * all, and how they are shared: MORF_EDITOR_MODEL_SEQUENCES (default 2,000: `npm test`; `npm run test:long` asks
 * 100,000), half to the built-in models, half to the corpus's when ../shared is present.
 */
import { it } from '@fast-check/vitest';
import { afterAll, beforeAll } from 'vitest';
import { runSequence, sequences } from './commands';
import { EditorWorkspace, type WorkspaceFile } from './editor-harness';
import { figures } from './step';

/** Sequences in all (`npm test`: 2,000; `npm run test:long`: 100,000). */
export const TOTAL_SEQUENCES = Number(process.env.MORF_EDITOR_MODEL_SEQUENCES ?? 2000);

/** How long one model's sequences may take before its test fails (a sequence hanging, or the suite grown slow). */
export const TIME_BOUND_MS = Number(process.env.MORF_EDITOR_MODEL_TIME_BOUND_MS ?? 300_000);

/** The sequences of one of `models` models sharing `share` of the total. */
export function sequencesPerModel(share: number, models: number): number {
  return Math.max(1, Math.ceil((TOTAL_SEQUENCES * share) / models));
}

/** Declares the property over one model file (inside a describe): `numRuns` random sequences keep the invariants. */
export function describeModel(file: () => WorkspaceFile, numRuns: number): void {
  let workspace: EditorWorkspace;
  beforeAll(async () => {
    workspace = await EditorWorkspace.create(file());
  });
  afterAll(async () => {
    await workspace?.close();
  });
  it.prop([sequences()], { numRuns, endOnFailure: process.env.MORF_EDITOR_MODEL_SHRINK === '0' })(
    `${numRuns} random sequences keep the five invariants`,
    (commands) => runSequence(workspace, commands),
    TIME_BOUND_MS,
  );
}

/** Prints the figures of the file's run (sequences, steps by gesture, time by gesture) when it ends. */
export function reportFigures(title: string): void {
  afterAll(() => {
    const steps = [...figures.byCommand].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ${count}`);
    const times = [...figures.timeMs].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
    const counts = `${figures.sequences} sequences, ${figures.steps} steps`;
    console.info(`${title}: ${counts} (${steps.join(', ')}); time: ${times.join(', ')}`);
  });
}
