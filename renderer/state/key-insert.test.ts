/**
 * Insert Key acts on the selected rows only (issue 10, item 4): nothing selected says so; a link
 * row gets the one key that flips its cape at the playhead; a show and a hide never share a ms.
 */
import { describe, expect, it } from 'vitest';
import { fixtureCodec, sampleCinematicDocument } from '../testing/fixture-model';
import { openModelDocument } from './document-actions';
import { createEditorStore, currentDocument } from './editor-store';
import { selectAllKeys, selectKeys } from './key-actions';
import { insertKeyAtPlayhead } from './key-insert';
import { selectLink, selectObjects } from './outliner-actions';
import { setPlayhead } from './session-actions';

function sampleStore() {
  const store = createEditorStore({ codec: fixtureCodec, host: null });
  openModelDocument(store, sampleCinematicDocument(), { kind: 'model', path: '/s.mdx', name: 's.mdx', identity: null });
  return store;
}

const framesOf = (store: ReturnType<typeof sampleStore>, name: string) =>
  currentDocument(store.getState())!.eventObjects.find((object) => object.name === name)!.frames;
const lastMessage = (store: ReturnType<typeof sampleStore>) => store.getState().messages.at(-1);
const undoSteps = (store: ReturnType<typeof sampleStore>) => store.getState().history!.entries.length;

describe('Insert Key', () => {
  it('with no row selected changes nothing and says so, even while a link is still the active item', () => {
    const store = sampleStore();
    selectLink(store, '0005');
    selectAllKeys(store, 'deselect');
    store.setState({ selection: { ...store.getState().selection, objects: new Set(), links: new Set() } });
    setPlayhead(store, 73_000);
    expect(insertKeyAtPlayhead(store)).toBe(false);
    expect(undoSteps(store)).toBe(1);
    expect(framesOf(store, 'MRDx0005')).toEqual([74_633]);
    expect(lastMessage(store)).toMatchObject({ severity: 'warning', text: expect.stringMatching(/select .* row/) });
  });

  it('on a link row where the cape is shown inserts only a hide key', () => {
    const store = sampleStore();
    selectLink(store, '0000');
    setPlayhead(store, 20_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    expect(framesOf(store, 'MRFx0000')).toEqual([19_300]);
    expect(framesOf(store, 'MRDx0000')).toEqual([20_000, 22_300]);
    expect(undoSteps(store)).toBe(2);
  });

  it('on a link row where the cape is hidden inserts only a show key', () => {
    const store = sampleStore();
    selectLink(store, '0000');
    setPlayhead(store, 25_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    expect(framesOf(store, 'MRFx0000')).toEqual([19_300, 25_000]);
    expect(framesOf(store, 'MRDx0000')).toEqual([22_300]);
  });

  it('never puts a hide at the millisecond of a show (the playhead on the show key)', () => {
    const store = sampleStore();
    selectLink(store, '0001');
    setPlayhead(store, 28_133);
    expect(insertKeyAtPlayhead(store)).toBe(false);
    expect(framesOf(store, 'MRDx0001')).toEqual([36_067]);
    expect(lastMessage(store)?.text).toMatch(/0001: a show key is at 28133 ms/);
  });

  it('both object rows of one link selected act as the link row (one key, not a show and a hide)', () => {
    const store = sampleStore();
    const document = currentDocument(store.getState())!;
    const link = document.links.find((candidate) => candidate.id === '0002')!;
    selectObjects(store, [link.showIndex!, link.hideIndex!]);
    setPlayhead(store, 50_000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    expect(framesOf(store, 'MRFx0002')).toEqual([49_833]);
    expect(framesOf(store, 'MRDx0002')).toEqual([50_000, 52_433]);
  });

  it('an object row whose link partner has a key at the playhead gets none, and other rows still do', () => {
    const store = sampleStore();
    const document = currentDocument(store.getState())!;
    const hide = document.eventObjects.find((object) => object.name === 'MRDx0003')!;
    const sound = document.eventObjects.find((object) => object.name === 'SNDxARTH')!;
    selectObjects(store, [hide.index, sound.index]);
    setPlayhead(store, 55_933);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    expect(framesOf(store, 'MRDx0003')).toEqual([58_333]);
    expect(framesOf(store, 'SNDxARTH')).toEqual([1000, 5000, 55_933]);
    expect(lastMessage(store)).toMatchObject({
      severity: 'warning',
      text: expect.stringMatching(/MRFx0003 has a key/),
    });
  });

  it('a selected key’s row counts as selected', () => {
    const store = sampleStore();
    const sound = currentDocument(store.getState())!.eventObjects.find((object) => object.name === 'SNDxARTH')!;
    selectKeys(store, [{ objectIndex: sound.index, frameIndex: 0 }], 'replace');
    setPlayhead(store, 3000);
    expect(insertKeyAtPlayhead(store)).toBe(true);
    expect(framesOf(store, 'SNDxARTH')).toEqual([1000, 3000, 5000]);
  });
});
