/**
 * The failures the model-based test found (issue 21), each as the shrunk sequence it printed, replayed on the sample
 * cinematic with every invariant checked after every step (editor-model.test.ts). Each failed on the code before its
 * fix, with the message quoted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runSequence } from './commands';
import { DeleteItems, DeleteKeys, Grab, InsertKey, UndoRedo } from './edit-commands';
import { EditCape, Rename } from './document-commands';
import { EditorWorkspace } from './editor-harness';
import { DopeSheetChannelClick, DopeSheetKeyClick, OutlinerClick, SelectAll } from './select-commands';

const sampleModel = join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx');

describe('what the model-based test found, on the sample cinematic', () => {
  let workspace: EditorWorkspace;
  beforeAll(async () => {
    workspace = await EditorWorkspace.create({
      label: 'the sample cinematic',
      name: 'ArthasIllidanSample.mdx',
      bytes: new Uint8Array(readFileSync(sampleModel)),
    });
  });
  afterAll(async () => {
    await workspace?.close();
  });

  it('a Shift-click on a key lights no Outliner row that the Outliner’s X would leave', async () => {
    // Was: "X over the Outliner runs whenever rows are lit": the Outliner lit MRFx0000 as the active key's object,
    // but the object was not selected and X did nothing.
    await runSequence(workspace, [new DopeSheetKeyClick(0, 0, true), new DeleteItems()]);
  });

  it('a Shift-click that deselects the active link leaves nothing active for F2 to rename', async () => {
    // Was: the link stayed active — lit in the Outliner, not in the Dope Sheet or the viewport — and F2 renamed it.
    // Every editor now asks linkHighlight, which lights only selected links, and the deselected link is not active.
    await runSequence(workspace, [
      new OutlinerClick('link', 0, false),
      new OutlinerClick('link', 0, true),
      new Rename('0042', 'SNDxTEST'),
    ]);
  });

  it('Shift+D confirmed without a move (or cancelled) keeps the steps that could be redone', async () => {
    // Was: "Ctrl+Shift+Z can run exactly when the focused document has a step to redo: expected false to be true" —
    // the duplicate's rollback cut the history at its mark, dropping the redo of the undone X.
    await runSequence(workspace, [
      new OutlinerClick('link', 0, false),
      new DeleteKeys(),
      new UndoRedo(false, 'timeline'),
      new OutlinerClick('link', 0, false),
      new Grab(true, 0, false, 'enter'),
      new UndoRedo(true, 'timeline'),
    ]);
    await runSequence(workspace, [
      new OutlinerClick('link', 0, false),
      new DeleteKeys(),
      new UndoRedo(false, 'timeline'),
      new OutlinerClick('link', 0, false),
      new Grab(true, 500, false, 'esc'),
      new UndoRedo(true, 'timeline'),
    ]);
  });

  it('F3’s cape edits act on the cape the Properties show, not on one shown nowhere', async () => {
    // Was: "F3’s cape edit acts on the cape the Properties shows": after Reverse gave cape 0000 the focus and Alt+A
    // deselected everything (no cape in the Properties), F3's Trim Cape still trimmed it.
    await runSequence(workspace, [
      new DopeSheetKeyClick(0, 0, false),
      new EditCape({ kind: 'reverse' }, false),
      new SelectAll('timeline', 'deselect'),
      new EditCape({ kind: 'trim', first: 0, last: 0 }, true),
    ]);
  });

  it('X over the Outliner deletes a lit link’s two objects, not a second object of its ID, nor the next', async () => {
    // Was (npm run test:long, seed -1683459003): "X over the Outliner deletes the lit rows and no other" — I keyed
    // MRFx0003, F2 renamed it MRDx0003 (a second hide object of Link 0003); deleting the lit link removed every
    // object of its ID, and the second one's index, selected too, then named the object after it, which went as well.
    await runSequence(workspace, [
      new OutlinerClick('link', 33, false),
      new InsertKey(),
      new Rename('0000', 'MRDx0003'),
      new DeleteItems(),
    ]);
    // Seed 110087667: a second MRDx0003 made from a sound object, then the lit link deleted.
    await runSequence(workspace, [
      new DopeSheetChannelClick(6, false),
      new DeleteItems(),
      new DopeSheetChannelClick(15, false),
      new InsertKey(),
      new Rename('0000', 'MRDx0003'),
      new DeleteItems(),
    ]);
  });
});
