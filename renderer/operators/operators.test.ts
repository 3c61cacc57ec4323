/**
 * Operators through the registry and the keymap, on the real sample cinematic and codec: polls
 * that block, undo/redo of document changes only, key editing, outliner edits, playback keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import { FileService } from '../files/file-service';
import { openModelDocument } from '../state/document-actions';
import { createEditorStore, currentDocument } from '../state/editor-store';
import { selectKeys } from '../state/key-actions';
import { selectLink } from '../state/outliner-actions';
import { setPlayhead } from '../state/session-actions';
import { createModelParser } from '../workers/model-parser';
import { createKeymap, createOperatorRegistry } from './index';
import { chordFromEvent } from '../../shared/keymap/keymap';
import { contextFor } from './operator';
import { menuCommandIds, menuCommands } from '../../shared/contract/menu-commands';
import { KEY_PLATFORMS } from '../../shared/keymap/chords';
import { registerAreaCommands } from '../state/area-commands';
import { canRedo } from '../state/history';
import { keyId } from '../state/selection';
import type { ModalEvent } from './operator';
import { createShortcuts } from './shortcuts';

const sample = new Uint8Array(
  readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx')),
);

function editor() {
  const store = createEditorStore({ codec: modelCodec, host: null });
  const files = new FileService(store, createModelParser(null, modelCodec));
  const operators = createOperatorRegistry(files);
  const keymap = createKeymap();
  openModelDocument(store, modelCodec.readModel(sample, 'ArthasIllidanSample.mdx'), {
    kind: 'model',
    path: '/sample.mdx',
    name: 'ArthasIllidanSample.mdx',
    identity: null,
  });
  /** Presses a key in an area, as the window listener does. */
  const press = (
    area: Parameters<typeof keymap.lookup>[0],
    code: string,
    modifiers: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
  ) => {
    const chord = chordFromEvent({
      code,
      key: '',
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      metaKey: false,
      ...modifiers,
    })!;
    const item = keymap.lookup(area, chord);
    return item ? operators.run(item.operatorId, contextFor(store, area ?? 'screen', item.properties ?? {})) : false;
  };
  const link = (id: string) => currentDocument(store.getState())!.links.find((candidate) => candidate.id === id)!;
  return { store, operators, press, link };
}

describe('operators', () => {
  it('every menu command of the host names a registered operator', () => {
    const { operators } = editor();
    expect(menuCommandIds.filter((id) => !operators.get(id))).toEqual([]);
  });

  it('a failing poll keeps the operator from running', () => {
    const { store, operators } = editor();
    expect(operators.canRun('action.delete', contextFor(store, 'timeline'))).toBe(false);
    expect(operators.run('action.delete', contextFor(store, 'timeline'))).toBe(false);
    expect(operators.canRun('ed.undo', contextFor(store))).toBe(false);
  });

  it('X deletes the selected key in the timeline; Ctrl+Z brings it back, Ctrl+Shift+Z removes it again', () => {
    const { store, press, link } = editor();
    selectKeys(store, [{ objectIndex: link('0002').showIndex!, frameIndex: 0 }], 'replace');
    expect(press('timeline', 'KeyX')).toBe(true);
    expect(link('0002').showFrames).toEqual([]);
    expect(press('timeline', 'KeyZ', { ctrlKey: true })).toBe(true);
    expect(link('0002').showFrames).toEqual([49_833]);
    expect(press('viewport', 'KeyZ', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(link('0002').showFrames).toEqual([]);
  });

  it('undo does not touch the playhead or the selection (not document state)', () => {
    const { store, press, link } = editor();
    selectKeys(store, [{ objectIndex: link('0003').hideIndex!, frameIndex: 0 }], 'replace');
    setPlayhead(store, 61_000);
    press('timeline', 'KeyI');
    expect(link('0003').hideFrames).toEqual([58_333, 61_000]);
    expect(store.getState().selection.keys.size).toBe(1);
    setPlayhead(store, 12_345);
    press('timeline', 'KeyZ', { ctrlKey: true });
    expect(link('0003').hideFrames).toEqual([58_333]);
    expect(store.getState().session.playback.playheadMs).toBe(12_345);
    // The inserted key is gone, so it is no longer selected; the earlier selection is not restored.
    expect(store.getState().selection.keys.size).toBe(0);
  });

  it('I inserts a key at the playhead on the selected link’s show object', () => {
    const { store, press, link } = editor();
    selectLink(store, '0004');
    setPlayhead(store, 70_000.4);
    expect(press('timeline', 'KeyI')).toBe(true);
    expect(link('0004').showFrames).toEqual([60_633, 70_000]);
  });

  it('A then Alt+A select and deselect every key', () => {
    const { store, press } = editor();
    press('timeline', 'KeyA');
    const total = currentDocument(store.getState())!.eventObjects.reduce(
      (sum, object) => sum + object.frames.length,
      0,
    );
    expect(store.getState().selection.keys.size).toBe(total);
    press('timeline', 'KeyA', { altKey: true });
    expect(store.getState().selection.keys.size).toBe(0);
  });

  it('Ctrl+C / Ctrl+V copy keys to the playhead', () => {
    const { store, press, link } = editor();
    selectKeys(store, [{ objectIndex: link('0005').showIndex!, frameIndex: 0 }], 'replace');
    press('timeline', 'KeyC', { ctrlKey: true });
    setPlayhead(store, 79_000);
    press('timeline', 'KeyV', { ctrlKey: true });
    expect(link('0005').showFrames).toEqual([72_867, 79_000]);
  });

  it('deleting a link from the outliner is one undo step, and renaming keeps both objects', () => {
    const { store, operators, link } = editor();
    selectLink(store, '0001');
    expect(operators.run('outliner.delete', contextFor(store, 'outliner'))).toBe(true);
    expect(currentDocument(store.getState())!.links.map((candidate) => candidate.id)).toEqual([
      '0000',
      '0002',
      '0003',
      '0004',
      '0005',
    ]);
    operators.run('ed.undo', contextFor(store));
    expect(link('0001').hideFrames).toEqual([36_067]);
  });

  it('Left/Right step frames, Up/Down jump between keys, Shift+Left/Right jump to the ends', () => {
    const { store, press } = editor();
    setPlayhead(store, 19_000);
    press('screen', 'ArrowUp');
    expect(store.getState().session.playback.playheadMs).toBe(19_300);
    press('screen', 'ArrowUp');
    expect(store.getState().session.playback.playheadMs).toBe(22_300);
    press('screen', 'ArrowDown');
    expect(store.getState().session.playback.playheadMs).toBe(19_300);
    setPlayhead(store, 1000);
    press('screen', 'ArrowRight');
    expect(store.getState().session.playback.playheadMs).toBeCloseTo(1000 + 1000 / 30);
    press('screen', 'ArrowLeft');
    expect(store.getState().session.playback.playheadMs).toBeCloseTo(1000);
    press('screen', 'ArrowRight', { shiftKey: true });
    expect(store.getState().session.playback.playheadMs).toBe(80_000);
    press('screen', 'ArrowLeft', { shiftKey: true });
    expect(store.getState().session.playback.playheadMs).toBe(0);
  });

  it('N toggles the sidebar; F3 opens the operator search', () => {
    const { store, press } = editor();
    const open = store.getState().session.layout.propertiesOpen;
    press('viewport', 'KeyN');
    expect(store.getState().session.layout.propertiesOpen).toBe(!open);
    press('timeline', 'F3');
    expect(store.getState().dialog?.kind).toBe('operatorSearch');
  });

  it('the renderer shows each menu entry the shortcut the native menu shows (operator defaults filled in)', () => {
    const { operators } = editor();
    const keymap = createKeymap();
    for (const platform of KEY_PLATFORMS) {
      const shortcuts = createShortcuts(keymap, operators, platform);
      for (const entry of menuCommands)
        expect([entry.label, shortcuts.binding(entry.operatorId, entry.properties)?.chord ?? null]).toEqual([
          entry.label,
          keymap.shortcutFor(entry.operatorId, entry.properties, platform)?.chord ?? null,
        ]);
    }
  });

  it('F3 lists no two operators under one label, and says which editor each Frame All acts in', () => {
    const { operators } = editor();
    const labels = operators.list().map((operator) => operator.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
    expect(labels.filter((label) => label.startsWith('Frame '))).toEqual([
      'Frame All (3D Viewport)',
      'Frame All (Dope Sheet)',
      'Frame Selected (3D Viewport)',
      'Frame Selected (Dope Sheet)',
    ]);
  });

  it('Ctrl+Space maximizes the hovered area, Ctrl+Alt+Space shows it fullscreen, again restores', () => {
    const { store, press } = editor();
    expect(press('timeline', 'Space', { ctrlKey: true })).toBe(true);
    expect(store.getState().maximizedArea).toEqual({ area: 'timeline', hidePanels: false });
    expect(press('timeline', 'Space', { ctrlKey: true, altKey: true })).toBe(true);
    expect(store.getState().maximizedArea).toEqual({ area: 'timeline', hidePanels: true });
    press('timeline', 'Space', { ctrlKey: true, altKey: true });
    expect(store.getState().maximizedArea).toBeNull();
    press('outliner', 'Space', { ctrlKey: true, altKey: true });
    expect(store.getState().maximizedArea).toEqual({ area: 'outliner', hidePanels: true });
  });

  it('Ctrl+Q runs Quit', () => {
    const { store, operators, press } = editor();
    let quit = 0;
    const original = operators.get('wm.quit')!;
    const execute = original.execute;
    original.execute = () => void (quit += 1);
    try {
      expect(press('viewport', 'KeyQ', { ctrlKey: true })).toBe(true);
      expect(quit).toBe(1);
    } finally {
      original.execute = execute;
    }
    expect(store.getState().dialog).toBeNull();
  });
});

/** The modal grab and duplicate on the real sample through the registry, as the window's listeners drive them. */
describe('the grab (modal operator)', () => {
  const move = (x: number, ctrlKey = false): ModalEvent => ({
    type: 'pointermove',
    chord: null,
    x,
    y: 100,
    ctrlKey,
    shiftKey: false,
    altKey: false,
  });
  const key = (chord: string, type: ModalEvent['type'] = 'keydown'): ModalEvent => ({
    type,
    chord,
    x: 0,
    y: 0,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
  });
  function grabEditor() {
    const setup = editor();
    registerAreaCommands(setup.store, 'timeline', {
      viewAll: () => undefined,
      viewSelected: () => undefined,
      geometry: () => ({ width: 800, height: 200, gutterWidth: 200, rulerHeight: 24, rowHeight: 20, scrollTop: 0 }),
      drawNow: () => undefined,
      rulerLabels: () => [],
    });
    // 1 px = 10 ms; snapping off so the figures are exact.
    setup.store.setState((state) => ({
      session: {
        ...state.session,
        timeline: { ...state.session.timeline, view: { startMs: 0, pixelsPerMs: 0.1 }, snapping: false },
      },
    }));
    return setup;
  }

  it('G: moves follow the mouse as a preview, Enter confirms one undo step, Esc cancels leaving nothing', () => {
    const { store, operators, press, link } = grabEditor();
    const show = link('0002').showIndex!;
    selectKeys(store, [{ objectIndex: show, frameIndex: 0 }], 'replace');
    const before = currentDocument(store.getState());
    expect(operators.run('transform.transform', contextFor(store, 'timeline', {}, { x: 300, y: 100 }))).toBe(true);
    expect(operators.modalRunning).toBe(true);
    operators.dispatchModal(move(350));
    expect(store.getState().drag?.deltaMs).toBe(500);
    expect(currentDocument(store.getState())).toBe(before);
    expect(store.getState().hint).toMatch(/Click \/ Enter to confirm · Esc \/ Right-click to cancel/);
    // Keys do nothing else while the grab runs: X does not delete.
    expect(operators.dispatchModal(key('x'))).toBe(true);
    expect(operators.dispatchModal(key('enter'))).toBe(true);
    expect(operators.modalRunning).toBe(false);
    expect(link('0002').showFrames).toEqual([50_333]);
    expect(store.getState().history!.index).toBe(1);

    operators.run('transform.transform', contextFor(store, 'timeline', {}, { x: 300, y: 100 }));
    operators.dispatchModal(move(100));
    operators.dispatchModal(key('esc'));
    expect(link('0002').showFrames).toEqual([50_333]);
    expect(store.getState().history!.index).toBe(1);
    expect(store.getState().drag).toBeNull();
    expect(press('timeline', 'KeyZ', { ctrlKey: true })).toBe(true);
    expect(link('0002').showFrames).toEqual([49_833]);
  });

  it('a drag invokes it: released where it should go, a right-click cancels; snapping follows Ctrl', () => {
    const { store, operators, link } = grabEditor();
    const show = link('0002').showIndex!;
    selectKeys(store, [{ objectIndex: show, frameIndex: 0 }], 'replace');
    const properties = { release_confirm: true, anchor: keyId(show, 0) };
    operators.run('transform.transform', contextFor(store, 'timeline', properties), {
      ...move(305),
      press: { x: 300, y: 100 },
    });
    operators.dispatchModal(move(320));
    expect(store.getState().drag?.deltaMs).toBe(200);
    operators.dispatchModal(key('rightmouse', 'pointerdown'));
    expect(link('0002').showFrames).toEqual([49_833]);
    operators.run('transform.transform', contextFor(store, 'timeline', properties), {
      ...move(300),
      press: { x: 300, y: 100 },
    });
    operators.dispatchModal(move(320));
    operators.dispatchModal(key('leftmouse', 'pointerup'));
    expect(link('0002').showFrames).toEqual([50_033]);
  });

  it('Shift+D duplicates and grabs the copies: the click places them in one undo step', () => {
    const { store, operators, press, link } = grabEditor();
    const show = link('0002').showIndex!;
    selectKeys(store, [{ objectIndex: show, frameIndex: 0 }], 'replace');
    expect(press('timeline', 'KeyD', { shiftKey: true })).toBe(true);
    expect(link('0002').showFrames).toEqual([49_833, 49_833]);
    operators.dispatchModal(move(400));
    operators.dispatchModal(move(500));
    expect(store.getState().drag?.deltaMs).toBeGreaterThan(0);
    operators.dispatchModal(key('leftmouse', 'pointerdown'));
    const moved = store.getState().drag;
    expect(moved).toBeNull();
    const frames = link('0002').showFrames;
    expect(frames[0]).toBe(49_833);
    expect(frames).toHaveLength(2);
    expect(frames[1]).toBeGreaterThan(49_833);
    expect(store.getState().history!.index).toBe(1);
    expect(store.getState().history!.entries[1]!.label).toBe('Duplicate Key');
    // The copy is selected, the original is not.
    expect([...store.getState().selection.keys]).toEqual([keyId(show, 1)]);
    press('timeline', 'KeyZ', { ctrlKey: true });
    expect(link('0002').showFrames).toEqual([49_833]);
  });

  it('Esc or a right-click after duplicating removes the copies: document, history and selection as before', () => {
    const { store, operators, press, link } = grabEditor();
    const show = link('0002').showIndex!;
    selectKeys(store, [{ objectIndex: show, frameIndex: 0 }], 'replace');
    const document = currentDocument(store.getState());
    const selection = store.getState().selection;
    for (const cancel of [key('esc'), key('rightmouse', 'pointerdown')]) {
      press('timeline', 'KeyD', { ctrlKey: true });
      operators.dispatchModal(move(900));
      operators.dispatchModal(cancel);
      expect(currentDocument(store.getState())).toBe(document);
      expect(store.getState().history!.index).toBe(0);
      expect(canRedo(store.getState().history!)).toBe(false);
      expect(store.getState().selection).toBe(selection);
    }
    // Confirmed without moving: no copy left on top of the original.
    operators.run('action.duplicate_move', contextFor(store, 'timeline'));
    operators.dispatchModal(key('enter'));
    expect(currentDocument(store.getState())).toBe(document);
    expect(store.getState().notice?.text).toMatch(/none were added/);
  });

  it('Edit ▸ Duplicate Keys (no pointer yet) starts at the first mouse move; undo during a grab ends it', () => {
    const { store, operators, link } = grabEditor();
    const show = link('0002').showIndex!;
    selectKeys(store, [{ objectIndex: show, frameIndex: 0 }], 'replace');
    operators.run('action.duplicate_move', contextFor(store, 'screen'));
    operators.dispatchModal(move(10));
    expect(store.getState().drag?.deltaMs).toBe(0);
    operators.dispatchModal(move(40));
    expect(store.getState().drag?.deltaMs).toBe(300);
    operators.dispatchModal(key('enter'));
    expect(link('0002').showFrames).toEqual([49_833, 50_133]);
    operators.run('transform.transform', contextFor(store, 'timeline'));
    store.setState({ drag: null });
    expect(operators.dispatchModal(move(80))).toBe(true);
    expect(operators.modalRunning).toBe(false);
  });
});
