/**
 * One highlight for every editor (issue 21): a link or an object is lit only while selected, and a Shift-click that
 * deselects the active item leaves nothing active.
 */
import { describe, expect, it } from 'vitest';
import { sampleCinematicDocument, fixtureCodec } from '../testing/fixture-model';
import { openModelDocument } from './document-actions';
import { createEditorStore } from './editor-store';
import { selectKeys } from './key-actions';
import { selectLink, selectObjects } from './outliner-actions';
import { EMPTY_SELECTION, keepActive, keyId, linkHighlight, objectHighlight } from './selection';

function storeWithSample() {
  const store = createEditorStore({ codec: fixtureCodec, host: null });
  openModelDocument(store, sampleCinematicDocument(), { kind: 'model', path: '/s.mdx', name: 's.mdx', identity: null });
  return store;
}

describe('the highlight every editor asks', () => {
  it('lights a link or an object only while selected; the active one as active', () => {
    const active = { kind: 'link', id: '0000' } as const;
    expect(linkHighlight({ ...EMPTY_SELECTION, active }, '0000')).toBe('');
    expect(linkHighlight({ ...EMPTY_SELECTION, links: new Set(['0000']), active }, '0000')).toBe('active');
    expect(linkHighlight({ ...EMPTY_SELECTION, links: new Set(['0000']) }, '0000')).toBe('selected');
    const key = { kind: 'key', objectIndex: 3, frameIndex: 0 } as const;
    expect(objectHighlight({ ...EMPTY_SELECTION, active: key }, 3)).toBe('');
    expect(objectHighlight({ ...EMPTY_SELECTION, objects: new Set([3]), active: key }, 3)).toBe('active');
  });

  it('a Shift-click that deselects the active link, object or key leaves nothing active', () => {
    const store = storeWithSample();
    selectLink(store, '0000');
    selectLink(store, '0000', 'toggle');
    expect(store.getState().selection.active).toBeNull();
    selectObjects(store, [4]);
    selectObjects(store, [4], 'toggle');
    expect(store.getState().selection.active).toBeNull();
    selectKeys(store, [{ objectIndex: 2, frameIndex: 0 }], 'replace');
    selectKeys(store, [{ objectIndex: 2, frameIndex: 0 }], 'subtract');
    expect(store.getState().selection.active).toBeNull();
    // A sequence stays active whatever is selected.
    const sequence = { kind: 'sequence', sequenceIndex: 0 } as const;
    expect(keepActive({ ...EMPTY_SELECTION, active: sequence })).toBe(sequence);
    expect(
      keepActive({
        ...EMPTY_SELECTION,
        keys: new Set([keyId(1, 0)]),
        active: { kind: 'key', objectIndex: 1, frameIndex: 0 },
      }),
    ).toEqual({ kind: 'key', objectIndex: 1, frameIndex: 0 });
  });
});
