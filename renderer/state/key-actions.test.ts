import { describe, expect, it } from 'vitest';
import { fixtureCodec, fixtureDocument, sampleCinematicDocument } from '../testing/fixture-model';
import { openModelDocument, redoDocument, undoDocument } from './document-actions';
import { createEditorStore, currentDocument, isDirty } from './editor-store';
import {
  beginKeyDrag,
  cancelKeyDrag,
  commitKeyDrag,
  copySelectedKeys,
  deleteSelectedKeys,
  duplicateSelectedKeys,
  pasteKeys,
  selectAllKeys,
  selectKeys,
  setKeyTime,
  updateKeyDrag,
} from './key-actions';
import { insertKeyAtPlayhead } from './key-insert';
import { deleteSelectedItems, selectLink } from './outliner-actions';
import { keyId, selectedKeyAddresses } from './selection';
import { setPlayhead } from './session-actions';

function storeWith(document = sampleCinematicDocument()) {
  const store = createEditorStore({ codec: fixtureCodec, host: null });
  openModelDocument(store, document, { kind: 'model', path: '/tmp/sample.mdx', name: 'sample.mdx', identity: null });
  return store;
}

const frames = (store: ReturnType<typeof storeWith>, objectIndex: number) =>
  currentDocument(store.getState())!.eventObjects[objectIndex]!.frames;

describe('key actions', () => {
  it('a key click replaces the selection in every editor: no link stays highlighted for the Outliner’s X', () => {
    const store = storeWith();
    selectLink(store, '0000');
    // Link 0001's hide key (object 3), clicked in the Dope Sheet.
    selectKeys(store, [{ objectIndex: 3, frameIndex: 0 }], 'replace');
    const selection = store.getState().selection;
    expect([...selection.links]).toEqual([]);
    expect([...selection.objects]).toEqual([3]);
    expect(selection.active).toEqual({ kind: 'key', objectIndex: 3, frameIndex: 0 });
    // X over the Outliner deletes what it highlights — MRDx0001 — and leaves Link 0000 alone.
    expect(deleteSelectedItems(store)).toBe(true);
    const links = currentDocument(store.getState())!.links;
    expect(links.find((link) => link.id === '0000')).toMatchObject({ showFrames: [19_300], hideFrames: [22_300] });
    expect(links.find((link) => link.id === '0001')).toMatchObject({ hideIndex: null });
    // Shift-clicks add to what is there, links included.
    selectLink(store, '0002');
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'extend');
    expect([...store.getState().selection.links]).toEqual(['0002']);
  });

  it('a drag is previewed without touching the document, then committed as one undo step', () => {
    const store = storeWith();
    const original = currentDocument(store.getState());
    selectKeys(store, [{ objectIndex: 2, frameIndex: 0 }], 'replace');
    beginKeyDrag(store, { objectIndex: 2, frameIndex: 0 });
    for (const delta of [100, 250, 500]) updateKeyDrag(store, delta);
    expect(currentDocument(store.getState())).toBe(original);
    expect(store.getState().drag?.deltaMs).toBe(500);
    expect(commitKeyDrag(store)).toBe(true);
    expect(frames(store, 2)).toEqual([28633]);
    expect(isDirty(store.getState())).toBe(true);
    expect(store.getState().history!.entries).toHaveLength(2);
    undoDocument(store);
    expect(frames(store, 2)).toEqual([28133]);
    expect(isDirty(store.getState())).toBe(false);
    redoDocument(store);
    expect(frames(store, 2)).toEqual([28633]);
  });

  it('Esc cancels a drag and leaves no undo step', () => {
    const store = storeWith();
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'replace');
    beginKeyDrag(store, { objectIndex: 0, frameIndex: 0 });
    updateKeyDrag(store, 900);
    cancelKeyDrag(store);
    expect(store.getState().drag).toBeNull();
    expect(frames(store, 0)).toEqual([19300]);
    expect(store.getState().history!.entries).toHaveLength(1);
  });

  it('moved keys stay selected even when they change position among their object’s frames', () => {
    const store = storeWith(fixtureDocument([{ name: 'SNDxA', frames: [100, 200, 300] }]));
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'replace');
    beginKeyDrag(store, { objectIndex: 0, frameIndex: 0 });
    updateKeyDrag(store, 250);
    commitKeyDrag(store);
    expect(frames(store, 0)).toEqual([200, 300, 350]);
    expect([...store.getState().selection.keys]).toEqual([keyId(0, 2)]);
    expect(store.getState().selection.active).toEqual({ kind: 'key', objectIndex: 0, frameIndex: 2 });
  });

  it('selection is not undone: undo keeps selected keys that still exist and drops the rest', () => {
    const store = storeWith(fixtureDocument([{ name: 'SNDxA', frames: [100] }]));
    setPlayhead(store, 500);
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'replace');
    insertKeyAtPlayhead(store);
    expect(frames(store, 0)).toEqual([100, 500]);
    expect(selectedKeyAddresses(store.getState().selection)).toEqual([{ objectIndex: 0, frameIndex: 1 }]);
    undoDocument(store);
    expect(frames(store, 0)).toEqual([100]);
    expect(store.getState().selection.keys.size).toBe(0);
    expect(store.getState().session.playback.playheadMs).toBe(500);
  });

  it('A selects every key, Alt+A none, Ctrl+I inverts', () => {
    const store = storeWith();
    selectAllKeys(store, 'select');
    expect(store.getState().selection.keys.size).toBe(14);
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'subtract');
    selectAllKeys(store, 'invert');
    expect([...store.getState().selection.keys]).toEqual([keyId(0, 0)]);
    selectAllKeys(store, 'deselect');
    expect(store.getState().selection.keys.size).toBe(0);
  });

  it('shift-click toggles a key in and out of the selection', () => {
    const store = storeWith();
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'replace');
    selectKeys(store, [{ objectIndex: 1, frameIndex: 0 }], 'toggle');
    expect(store.getState().selection.keys.size).toBe(2);
    selectKeys(store, [{ objectIndex: 1, frameIndex: 0 }], 'toggle');
    expect([...store.getState().selection.keys]).toEqual([keyId(0, 0)]);
  });

  it('deletes the selected keys in one step', () => {
    const store = storeWith();
    selectKeys(
      store,
      [
        { objectIndex: 12, frameIndex: 0 },
        { objectIndex: 12, frameIndex: 1 },
      ],
      'replace',
    );
    expect(deleteSelectedKeys(store)).toBe(true);
    expect(frames(store, 12)).toEqual([]);
    expect(store.getState().selection.keys.size).toBe(0);
    undoDocument(store);
    expect(frames(store, 12)).toEqual([1000, 5000]);
  });

  it('copies keys and pastes them at the playhead keeping their spacing', () => {
    const store = storeWith();
    selectKeys(
      store,
      [
        { objectIndex: 12, frameIndex: 0 },
        { objectIndex: 12, frameIndex: 1 },
      ],
      'replace',
    );
    copySelectedKeys(store);
    setPlayhead(store, 40_000.4);
    expect(pasteKeys(store)).toBe(true);
    expect(frames(store, 12)).toEqual([1000, 5000, 40_000, 44_000]);
    expect(selectedKeyAddresses(store.getState().selection)).toEqual([
      { objectIndex: 12, frameIndex: 2 },
      { objectIndex: 12, frameIndex: 3 },
    ]);
  });

  it('duplicating copies the keys onto their own times and selects the copies; their move joins it as one step', () => {
    const store = storeWith();
    selectKeys(store, [{ objectIndex: 12, frameIndex: 0 }], 'replace');
    expect(duplicateSelectedKeys(store, 'duplicate-test')).toBe(true);
    expect(frames(store, 12)).toEqual([1000, 1000, 5000]);
    expect(selectedKeyAddresses(store.getState().selection)).toEqual([{ objectIndex: 12, frameIndex: 1 }]);
    beginKeyDrag(store, { objectIndex: 12, frameIndex: 1 }, 'duplicate-test');
    updateKeyDrag(store, 300);
    commitKeyDrag(store);
    expect(frames(store, 12)).toEqual([1000, 1300, 5000]);
    expect(store.getState().history!.entries).toHaveLength(2);
    undoDocument(store);
    expect(frames(store, 12)).toEqual([1000, 5000]);
  });

  it('sets one key’s time from a number field, rounding to whole ms', () => {
    const store = storeWith();
    expect(setKeyTime(store, { objectIndex: 1, frameIndex: 0 }, 22_800.4)).toBe(true);
    expect(frames(store, 1)).toEqual([22_800]);
    expect(setKeyTime(store, { objectIndex: 1, frameIndex: 0 }, -5)).toBe(false);
  });

  it('does not insert a second key where one already is', () => {
    const store = storeWith();
    setPlayhead(store, 19_300);
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'replace');
    expect(insertKeyAtPlayhead(store)).toBe(false);
    expect(store.getState().history!.entries).toHaveLength(1);
  });
});
