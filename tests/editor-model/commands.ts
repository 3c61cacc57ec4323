/**
 * The commands of the model-based test as fast-check arbitraries, and the runner of one model: random sequences of
 * gestures over a fresh editor each, with the invariants checked after every step (step.ts, invariants.ts).
 */
import { fc } from '@fast-check/vitest';
import { CopyKeys, DeleteItems, DeleteKeys, Grab, InsertKey, PasteKeys, UndoRedo } from './edit-commands';
import { AddLink, EditCape, LINK_IDS, OBJECT_NAMES, Rename, SaveAndReopen } from './document-commands';
import { EditorHarness, type EditorWorkspace } from './editor-harness';
import { type EditorModel, initialModel } from './invariants';
import {
  DopeSheetChannelClick,
  DopeSheetKeyClick,
  OutlinerClick,
  SelectAll,
  SetPlayhead,
  ViewportClick,
} from './select-commands';
import { figures } from './step';

const area = fc.constantFrom('timeline' as const, 'outliner' as const, 'viewport' as const);

/** Every gesture, weighted by how often a user makes it (clicks, grabs and undo more than saves). */
export const GESTURES: fc.Arbitrary<fc.AsyncCommand<EditorModel, EditorHarness>>[] = [
  fc
    .tuple(fc.constantFrom('link' as const, 'object' as const), fc.nat(63), fc.boolean())
    .map(([target, random, toggle]) => new OutlinerClick(target, random, toggle)),
  fc
    .tuple(fc.constantFrom('link' as const, 'object' as const), fc.nat(63), fc.constant(false))
    .map(([target, random, toggle]) => new OutlinerClick(target, random, toggle)),
  fc.tuple(fc.nat(63), fc.nat(63), fc.boolean()).map(([row, key, shift]) => new DopeSheetKeyClick(row, key, shift)),
  fc
    .tuple(fc.nat(63), fc.nat(63), fc.constant(false))
    .map(([row, key, shift]) => new DopeSheetKeyClick(row, key, shift)),
  fc.tuple(fc.nat(63), fc.boolean()).map(([row, toggle]) => new DopeSheetChannelClick(row, toggle)),
  fc.tuple(fc.option(fc.nat(15), { nil: null }), fc.boolean()).map(([cape, shift]) => new ViewportClick(cape, shift)),
  fc
    .tuple(
      fc.constantFrom('timeline' as const, 'outliner' as const),
      fc.constantFrom('select', 'deselect', 'invert') as fc.Arbitrary<'select' | 'deselect' | 'invert'>,
    )
    .map(([where, action]) => new SelectAll(where, action)),
  fc
    .tuple(
      fc.constantFrom('key' as const, 'start' as const, 'end' as const, 'anywhere' as const),
      fc.nat(1_000_000),
      fc.constantFrom(-1 as const, 0 as const, 1 as const),
    )
    .map(([target, random, offset]) => new SetPlayhead(target, random, offset)),
  fc.constant(null).map(() => new DeleteKeys()),
  fc.constant(null).map(() => new DeleteItems()),
  fc.constant(null).map(() => new InsertKey()),
  fc
    .tuple(
      fc.boolean(),
      fc.oneof(fc.integer({ min: -3000, max: 3000 }), fc.constantFrom(-100_000, 100_000)),
      fc.boolean(),
      fc.constantFrom('enter' as const, 'click' as const, 'esc' as const, 'rightclick' as const),
    )
    .map(([duplicate, delta, invert, finish]) => new Grab(duplicate, delta, invert, finish)),
  fc
    .tuple(fc.boolean(), fc.integer({ min: -3000, max: 3000 }), fc.boolean(), fc.constant('enter' as const))
    .map(([duplicate, delta, invert, finish]) => new Grab(duplicate, delta, invert, finish)),
  fc.constant(null).map(() => new CopyKeys()),
  fc.constant(null).map(() => new PasteKeys()),
  fc.tuple(fc.boolean(), area).map(([redo, where]) => new UndoRedo(redo, where)),
  fc.tuple(fc.constant(false), area).map(([redo, where]) => new UndoRedo(redo, where)),
  fc.constantFrom(...LINK_IDS).map((id) => new AddLink(id)),
  fc.tuple(fc.constantFrom(...LINK_IDS), fc.constantFrom(...OBJECT_NAMES)).map(([id, name]) => new Rename(id, name)),
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(7.5, 15, 24, 30, 60).map((fps) => ({ kind: 'retime' as const, fps })),
        fc.tuple(fc.nat(200), fc.nat(200)).map(([first, last]) => ({ kind: 'trim' as const, first, last })),
        fc.constant({ kind: 'reverse' as const }),
      ),
      fc.boolean(),
    )
    .map(([edit, fromSearch]) => new EditCape(edit, fromSearch)),
  fc.constant(null).map(() => new SaveAndReopen()),
];

/** The longest sequence generated (a user's minute or two). */
export const MAX_STEPS = 30;

/** The random sequences over one model file: the property run for each. */
export function sequences() {
  return fc.commands(GESTURES, { maxCommands: MAX_STEPS, size: '+1' });
}

/** How often a long run says how far it got (MORF_EDITOR_MODEL_PROGRESS sequences; `npm run test:long`: 2,000). */
const PROGRESS_EVERY = Number(process.env.MORF_EDITOR_MODEL_PROGRESS ?? Infinity);
const started = performance.now();

/** One line of the run so far: sequences, steps, minutes (a long run stopped early still has its figures). */
function reportProgress(): void {
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.info(`editor model so far: ${figures.sequences} sequences, ${figures.steps} steps, ${minutes} min`);
}

/** Runs one sequence on a fresh editor over the workspace. */
export async function runSequence(
  workspace: EditorWorkspace,
  commands: Iterable<fc.AsyncCommand<EditorModel, EditorHarness>>,
): Promise<void> {
  figures.sequences += 1;
  if (figures.sequences % PROGRESS_EVERY === 0) reportProgress();
  const t0 = performance.now();
  const harness = await EditorHarness.open(workspace);
  figures.timeMs.set('open', (figures.timeMs.get('open') ?? 0) + performance.now() - t0);
  try {
    await fc.asyncModelRun(() => ({ model: initialModel(harness), real: harness }), commands);
  } finally {
    harness.dispose();
  }
}
