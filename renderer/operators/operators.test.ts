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
import { menuCommandIds } from '../../shared/contract/menu-commands';

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
});
