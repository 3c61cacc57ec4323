/**
 * Outliner actions that reach the timeline: a click on a sequence shows it (issue 10, item 9); a new link hides its
 * cape inside the sequence that plays its show (issue 21, finding 4).
 */
import { describe, expect, it } from 'vitest';
import { fixtureCodec, fixtureDocument } from '../testing/fixture-model';
import { registerAreaCommands } from './area-commands';
import { openModelDocument } from './document-actions';
import { createEditorStore } from './editor-store';
import { NEW_LINK_SHOWN_MS, activateSequence, addLink, newLinkHideMs } from './outliner-actions';
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

describe('a new link’s hide key', () => {
  const sequences = [
    { name: 'Stand', start: 2000, end: 4000, moveSpeed: 0, nonLooping: false, rarity: 0 },
    { name: 'Attack', start: 2, end: 1670, moveSpeed: 0, nonLooping: true, rarity: 0 },
  ];
  const document = fixtureDocument([], { sequences });

  it('stays inside the sequence that plays the show: Attack 2–1670, playhead at 500 → 1670 (it went to 3500)', () => {
    expect(newLinkHideMs(document, 500, NEW_LINK_SHOWN_MS)).toBe(1670);
    expect(newLinkHideMs(document, 2100, NEW_LINK_SHOWN_MS)).toBe(4000);
    expect(newLinkHideMs(document, 2100, 500)).toBe(2600);
    // At the sequence's last ms a hide would take the cape off in the same update: none is added.
    expect(newLinkHideMs(document, 1670, NEW_LINK_SHOWN_MS)).toBeNull();
    // Outside every sequence nothing plays; without sequences the whole line does.
    expect(newLinkHideMs(document, 1800, NEW_LINK_SHOWN_MS)).toBe(4800);
    expect(newLinkHideMs(fixtureDocument([], { sequences: [] }), 500, NEW_LINK_SHOWN_MS)).toBe(3500);
  });

  it('addLink writes the show at the playhead, the hide there, and selects the link', () => {
    const store = createEditorStore({ codec: fixtureCodec, host: null });
    openModelDocument(store, document, { kind: 'model', path: '/f.mdx', name: 'f.mdx', identity: null });
    expect(addLink(store, '0042', 500.4)).toBe(true);
    const state = store.getState();
    const link = state.history!.entries.at(-1)!.value.links.find((candidate) => candidate.id === '0042')!;
    expect([link.showFrames, link.hideFrames]).toEqual([[500], [1670]]);
    expect(state.selection.active).toEqual({ kind: 'link', id: '0042' });
  });
});
