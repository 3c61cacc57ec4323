/**
 * Every operator that needs neither the host nor the page, run by id through the registry (as F3
 * runs it) on the sample cinematic, each asserting its effect on the document, the session or the
 * view. The operator coverage table (operator-coverage.ts) points here for them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelCodec } from '../../shared/events';
import { ViewNavigator } from '../editors/viewport/view-navigator';
import { FileService } from '../files/file-service';
import { registerAreaCommands } from '../state/area-commands';
import { answerDialog } from '../state/dialog-actions';
import { openModelDocument } from '../state/document-actions';
import { createEditorStore, currentDocument, type EditorStore } from '../state/editor-store';
import { selectKeys } from '../state/key-actions';
import { selectLink } from '../state/outliner-actions';
import { setPlayhead } from '../state/session-actions';
import { createModelParser } from '../workers/model-parser';
import { createOperatorRegistry } from './index';
import { type OperatorProperties, contextFor } from './operator';
import type { AreaKind } from '../state/editor-store';

const sample = new Uint8Array(
  readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx')),
);

function editor() {
  const store = createEditorStore({ codec: modelCodec, host: null });
  const operators = createOperatorRegistry(new FileService(store, createModelParser(null, modelCodec)));
  openModelDocument(store, modelCodec.readModel(sample, 'ArthasIllidanSample.mdx'), {
    kind: 'model',
    path: '/sample.mdx',
    name: 'ArthasIllidanSample.mdx',
    identity: null,
  });
  const run = (id: string, properties: OperatorProperties = {}, area: AreaKind = 'screen') =>
    operators.run(id, contextFor(store, area, properties));
  return { store, operators, run };
}

const documentOf = (store: EditorStore) => currentDocument(store.getState())!;
const framesOf = (store: EditorStore, name: string) =>
  documentOf(store).eventObjects.find((object) => object.name === name)?.frames;
const session = (store: EditorStore) => store.getState().session;

/** Answers the next dialog once it is on screen. */
async function answer(store: EditorStore, reply: string | null): Promise<void> {
  await new Promise<void>((resolve) => {
    if (store.getState().dialog) return resolve();
    const stop = store.subscribe((state) => {
      if (state.dialog) {
        stop();
        resolve();
      }
    });
  });
  answerDialog(store, reply);
}

describe('screen and window operators', () => {
  it("'wm.about', 'wm.keymap' and 'wm.search_menu' open their windows", () => {
    const { store, run } = editor();
    for (const [id, kind] of [
      ['wm.about', 'about'],
      ['wm.keymap', 'keymap'],
      ['wm.search_menu', 'operatorSearch'],
    ] as const) {
      store.setState({ dialog: null });
      expect(run(id)).toBe(true);
      expect(store.getState().dialog?.kind).toBe(kind);
    }
  });

  it("'view.toggle_sidebar', 'view.info_log' and 'view.toggle_diagnostics' change the layout", () => {
    const { store, run } = editor();
    const open = session(store).layout.propertiesOpen;
    run('view.toggle_sidebar');
    expect(session(store).layout.propertiesOpen).toBe(!open);
    run('view.info_log');
    expect(session(store).layout).toMatchObject({ diagnosticsOpen: true, diagnosticsTab: 'log' });
    run('view.toggle_diagnostics');
    expect(session(store).layout).toMatchObject({ diagnosticsOpen: true, diagnosticsTab: 'diagnostics' });
    run('view.toggle_diagnostics');
    expect(session(store).layout.diagnosticsOpen).toBe(false);
  });
});

describe('layout operators', () => {
  it("'screen.screen_full_area' shows the hovered area alone and restores the layout", () => {
    const { store, run } = editor();
    run('screen.screen_full_area', {}, 'timeline');
    expect(store.getState().maximizedArea).toEqual({ area: 'timeline', hidePanels: false });
    run('screen.screen_full_area', {}, 'timeline');
    expect(store.getState().maximizedArea).toBeNull();
  });
});

describe('playback operators', () => {
  // Frames never come in a test: playback is started and stopped, not advanced.
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("'screen.animation_play', 'screen.animation_play_reverse' play, pause; 'screen.animation_cancel' returns", () => {
    const { store, run } = editor();
    setPlayhead(store, 20_000);
    run('screen.animation_play');
    expect(store.getState().playing).toBe(1);
    setPlayhead(store, 21_000);
    expect(run('screen.animation_cancel')).toBe(true);
    expect(store.getState().playing).toBe(0);
    expect(session(store).playback.playheadMs).toBe(20_000);
    run('screen.animation_play_reverse');
    expect(store.getState().playing).toBe(-1);
    run('screen.animation_play_reverse');
    expect(store.getState().playing).toBe(0);
    expect(run('screen.animation_cancel')).toBe(false);
  });

  it("'screen.frame_offset_forward'/'screen.frame_offset_back' step, the key and end jumps move the playhead", () => {
    const { store, run } = editor();
    setPlayhead(store, 20_000);
    run('screen.frame_offset_forward');
    const stepped = session(store).playback.playheadMs;
    expect(stepped).toBeGreaterThan(20_000);
    run('screen.frame_offset_back');
    expect(session(store).playback.playheadMs).toBe(20_000);
    run('screen.keyframe_jump_next');
    expect(session(store).playback.playheadMs).toBe(22_300);
    run('screen.keyframe_jump_prev');
    expect(session(store).playback.playheadMs).toBe(19_300);
    run('screen.frame_jump_end');
    expect(session(store).playback.playheadMs).toBe(documentOf(store).sequences[0]!.end);
    run('screen.frame_jump_start');
    expect(session(store).playback.playheadMs).toBe(documentOf(store).sequences[0]!.start);
  });

  it("'screen.toggle_loop' flips looping", () => {
    const { store, run } = editor();
    const loop = session(store).playback.loop;
    run('screen.toggle_loop');
    expect(session(store).playback.loop).toBe(!loop);
  });

  it("'screen.toggle_play_every_frame' switches between Frame Dropping and Play Every Frame", () => {
    const { store, run } = editor();
    expect(session(store).playback.playEveryFrame).toBe(false);
    run('screen.toggle_play_every_frame');
    expect(session(store).playback.playEveryFrame).toBe(true);
    run('screen.toggle_play_every_frame');
    expect(session(store).playback.playEveryFrame).toBe(false);
  });

  it("'screen.toggle_mute' and 'screen.toggle_scrub_audio' flip the sound objects' mute and Scrub Audio", () => {
    const { store, run } = editor();
    expect(session(store).playback).toMatchObject({ muted: false, scrubAudio: false });
    run('screen.toggle_mute');
    run('screen.toggle_scrub_audio');
    expect(session(store).playback).toMatchObject({ muted: true, scrubAudio: true });
    run('screen.toggle_mute');
    expect(session(store).playback.muted).toBe(false);
  });
});

describe('dope sheet operators', () => {
  it("'action.select_all', 'action.keyframe_insert', 'action.delete'; 'ed.undo', 'ed.redo' step through", () => {
    const { store, run } = editor();
    run('action.select_all', {}, 'timeline');
    const keyCount = documentOf(store).eventObjects.reduce((sum, object) => sum + object.frames.length, 0);
    expect(store.getState().selection.keys.size).toBe(keyCount);
    run('action.select_all', { action: 'deselect' }, 'timeline');
    expect(store.getState().selection.keys.size).toBe(0);
    selectLink(store, '0001');
    setPlayhead(store, 30_000);
    run('action.keyframe_insert', {}, 'timeline');
    expect(framesOf(store, 'MRDx0001')).toEqual([30_000, 36_067]);
    expect(framesOf(store, 'MRFx0001')).toEqual([28_133]);
    run('action.delete', {}, 'timeline');
    expect(framesOf(store, 'MRDx0001')).toEqual([36_067]);
    run('ed.undo');
    expect(framesOf(store, 'MRDx0001')).toEqual([30_000, 36_067]);
    run('ed.redo');
    expect(framesOf(store, 'MRDx0001')).toEqual([36_067]);
  });

  it("'action.copy' then 'action.paste' puts the copied keys at the playhead, one undo step", () => {
    const { store, run } = editor();
    selectLink(store, '0000');
    run('action.copy', {}, 'timeline');
    setPlayhead(store, 40_000);
    const steps = store.getState().history!.entries.length;
    expect(run('action.paste', {}, 'timeline')).toBe(true);
    expect(framesOf(store, 'MRFx0000')).toEqual([19_300, 40_000]);
    expect(framesOf(store, 'MRDx0000')).toEqual([22_300, 43_000]);
    expect(store.getState().history!.entries.length).toBe(steps + 1);
  });

  it("'action.view_all' and 'action.view_selected' reach the timeline", () => {
    const { store, run } = editor();
    const calls: string[] = [];
    registerAreaCommands(store, 'timeline', {
      viewAll: () => calls.push('all'),
      viewSelected: () => calls.push('selected'),
      geometry: () => ({ width: 800, height: 200, gutterWidth: 160, rowHeight: 20, rulerHeight: 24, scrollTop: 0 }),
      drawNow: () => undefined,
      rulerLabels: () => [],
    });
    run('action.view_all', {}, 'timeline');
    expect(run('action.view_selected', {}, 'timeline')).toBe(false);
    selectKeys(store, [{ objectIndex: 0, frameIndex: 0 }], 'replace');
    run('action.view_selected', {}, 'timeline');
    expect(calls).toEqual(['all', 'selected']);
  });

  it("'action.cycle_time_unit', 'action.toggle_snapping', 'action.select_sequence' change the timeline", () => {
    const { store, run } = editor();
    const unit = session(store).timeline.unit;
    run('action.cycle_time_unit');
    expect(session(store).timeline.unit).not.toBe(unit);
    const snapping = session(store).timeline.snapping;
    run('action.toggle_snapping');
    expect(session(store).timeline.snapping).toBe(!snapping);
    run('action.select_sequence', { index: -1 });
    expect(session(store).timeline.sequenceIndex).toBe(-1);
    run('action.select_sequence', { index: 0 });
    expect(session(store).timeline.sequenceIndex).toBe(0);
  });
});

describe('outliner operators', () => {
  it("'outliner.select_all' selects every event object and deselects them", () => {
    const { store, run } = editor();
    run('outliner.select_all', {}, 'outliner');
    expect(store.getState().selection.objects.size).toBe(documentOf(store).eventObjects.length);
    run('outliner.select_all', { action: 'deselect' }, 'outliner');
    expect(store.getState().selection.objects.size).toBe(0);
  });

  it("'outliner.link_add' asks for the ID and adds a show and a hide at the playhead", async () => {
    const { store, run } = editor();
    setPlayhead(store, 10_000);
    run('outliner.link_add', {}, 'outliner');
    await answer(store, '0042');
    expect(framesOf(store, 'MRFx0042')).toEqual([10_000]);
    expect(framesOf(store, 'MRDx0042')).toEqual([13_000]);
  });

  it("'outliner.item_rename' renames the active link’s ID (both objects)", async () => {
    const { store, run } = editor();
    selectLink(store, '0003');
    run('outliner.item_rename', {}, 'outliner');
    await answer(store, '0009');
    expect(framesOf(store, 'MRFx0009')).toEqual([55_933]);
    expect(framesOf(store, 'MRDx0009')).toEqual([58_333]);
    expect(framesOf(store, 'MRFx0003')).toBeUndefined();
  });

  it("'outliner.delete' deletes the selected link, undoable", () => {
    const { store, run } = editor();
    selectLink(store, '0004');
    run('outliner.delete', {}, 'outliner');
    expect(documentOf(store).links.map((link) => link.id)).not.toContain('0004');
    run('ed.undo');
    expect(documentOf(store).links.map((link) => link.id)).toContain('0004');
  });
});

describe('viewport operators', () => {
  function withNavigator() {
    const context = editor();
    const navigator = new ViewNavigator();
    registerAreaCommands(context.store, 'viewport', {
      freeView: () => navigator.view(),
      viewAll: () => undefined,
      viewSelected: () => undefined,
      frameOpenedFile: () => undefined,
      viewAxis: (axis) => navigator.viewAxis(axis),
      toggleOrthographic: () => navigator.toggleOrthographic(),
      orbitStep: (direction) => navigator.orbitStep(direction),
      zoomStep: (delta) => navigator.zoom(delta > 0 ? 1.2 : 1 / 1.2),
    });
    return { ...context, navigator };
  }

  it("'view3d.view_axis', 'view.toggle_orthographic', 'view3d.view_orbit' and 'view3d.zoom' move the view", () => {
    const { navigator, run } = withNavigator();
    run('view3d.view_axis', { type: 'top' }, 'viewport');
    expect(navigator.state).toMatchObject({ axis: 'top', orthographic: true });
    run('view.toggle_orthographic', {}, 'viewport');
    expect(navigator.state.orthographic).toBe(false);
    const yaw = navigator.state.yaw;
    run('view3d.view_orbit', { direction: 'left' }, 'viewport');
    expect(navigator.state.yaw).toBeCloseTo(yaw + Math.PI / 12, 9);
    const distance = navigator.state.distance;
    run('view3d.zoom', { delta: 1 }, 'viewport');
    expect(navigator.state.distance).toBeLessThan(distance);
  });

  it("'view3d.toggle_shading', 'view3d.cycle_shading' change the shading; overlay toggles flip theirs", () => {
    const { store, run } = editor();
    run('view3d.toggle_shading', { type: 'wireframe' }, 'viewport');
    expect(session(store).viewport.shading).toBe('wireframe');
    run('view3d.toggle_shading', { type: 'wireframe' }, 'viewport');
    expect(session(store).viewport.shading).toBe('textured');
    run('view3d.cycle_shading', {}, 'viewport');
    expect(session(store).viewport.shading).toBe('wireframe');
    for (const [id, overlay] of [
      ['view3d.toggle_overlay_normals', 'normals'],
      ['view3d.toggle_overlay_bounds', 'bounds'],
      ['view3d.toggle_overlay_statistics', 'statistics'],
      ['view3d.toggle_overlay_grid', 'grid'],
      ['view3d.toggle_overlay_axes', 'axes'],
    ] as const) {
      const before = session(store).viewport.overlays[overlay];
      run(id, {}, 'viewport');
      expect(session(store).viewport.overlays[overlay]).toBe(!before);
    }
  });
});
