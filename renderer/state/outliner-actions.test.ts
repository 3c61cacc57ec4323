/**
 * Outliner actions that reach the timeline: a click on a sequence shows it (issue 10, item 9).
 */
import { describe, expect, it } from 'vitest';
import { fixtureCodec, fixtureDocument } from '../testing/fixture-model';
import { registerAreaCommands } from './area-commands';
import { openModelDocument } from './document-actions';
import { createEditorStore } from './editor-store';
import { activateSequence } from './outliner-actions';
import { setPlayhead } from './session-actions';

describe('activateSequence', () => {
  it('makes the sequence active and the timeline’s, frames it and puts the playhead at its start', () => {
    const store = createEditorStore({ codec: fixtureCodec, host: null });
    const document = fixtureDocument([{ name: 'SNDxA', frames: [100] }], {
      sequences: [
        { name: 'Stand', start: 0, end: 1000, moveSpeed: 0, nonLooping: false, rarity: 0 },
        { name: 'Attack', start: 2000, end: 3500, moveSpeed: 0, nonLooping: false, rarity: 0 },
      ],
    });
    openModelDocument(store, document, { kind: 'model', path: '/f.mdx', name: 'f.mdx', identity: null });
    const framed: string[] = [];
    registerAreaCommands(store, 'timeline', {
      viewAll: () => framed.push(`${store.getState().session.timeline.sequenceIndex}`),
      viewSelected: () => undefined,
      geometry: () => ({ width: 800, height: 200, gutterWidth: 160, rulerHeight: 36, rowHeight: 20, scrollTop: 0 }),
      drawNow: () => undefined,
      rulerLabels: () => [],
    });
    setPlayhead(store, 500);
    framed.length = 0;
    activateSequence(store, 1);
    const state = store.getState();
    expect(state.selection.active).toEqual({ kind: 'sequence', sequenceIndex: 1 });
    expect(state.session.timeline.sequenceIndex).toBe(1);
    expect(state.session.playback.playheadMs).toBe(2000);
    expect(framed).toEqual(['1']);
  });
});
