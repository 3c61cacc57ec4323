/**
 * The default keymap, seeded with Blender's bindings (Blender 4.x, "Blender" keymap preset) for
 * the operators Morf Studio has. Area-specific entries win over screen-wide ones. The grab's own
 * keys (confirm, cancel, snapping) are a modal keymap, as Blender's "Transform Modal Map".
 */
import type { KeymapItem } from './keymap';

/** Blender's defaults, by area. */
export const DEFAULT_KEYMAP: readonly KeymapItem[] = [
  // ── Screen (everywhere)
  { area: 'screen', chord: 'ctrl+z', operatorId: 'ed.undo' },
  { area: 'screen', chord: 'ctrl+shift+z', operatorId: 'ed.redo' },
  { area: 'screen', chord: 'ctrl+y', operatorId: 'ed.redo' },
  { area: 'screen', chord: 'ctrl+o', operatorId: 'wm.open' },
  { area: 'screen', chord: 'ctrl+s', operatorId: 'wm.save' },
  { area: 'screen', chord: 'ctrl+shift+s', operatorId: 'wm.save_as' },
  { area: 'screen', chord: 'ctrl+q', operatorId: 'wm.quit' },
  { area: 'screen', chord: 'f3', operatorId: 'wm.search_menu' },
  { area: 'screen', chord: 'n', operatorId: 'view.toggle_sidebar' },
  { area: 'screen', chord: 'ctrl+space', operatorId: 'screen.screen_full_area' },
  {
    area: 'screen',
    chord: 'ctrl+alt+space',
    operatorId: 'screen.screen_full_area',
    properties: { use_hide_panels: true },
    label: 'Toggle Fullscreen Area',
  },
  { area: 'screen', chord: 'space', operatorId: 'screen.animation_play' },
  { area: 'screen', chord: 'ctrl+shift+space', operatorId: 'screen.animation_play_reverse' },
  { area: 'screen', chord: 'esc', operatorId: 'screen.animation_cancel' },
  { area: 'screen', chord: 'left', operatorId: 'screen.frame_offset_back' },
  { area: 'screen', chord: 'right', operatorId: 'screen.frame_offset_forward' },
  { area: 'screen', chord: 'up', operatorId: 'screen.keyframe_jump_next' },
  { area: 'screen', chord: 'down', operatorId: 'screen.keyframe_jump_prev' },
  { area: 'screen', chord: 'shift+left', operatorId: 'screen.frame_jump_start' },
  { area: 'screen', chord: 'shift+right', operatorId: 'screen.frame_jump_end' },
  { area: 'screen', chord: 'f12', operatorId: 'render.render_image' },
  { area: 'screen', chord: 'ctrl+f12', operatorId: 'render.render_animation' },

  // ── Dope sheet / timeline
  {
    area: 'timeline',
    chord: 'a',
    operatorId: 'action.select_all',
    properties: { action: 'select' },
    label: 'Select All',
  },
  {
    area: 'timeline',
    chord: 'alt+a',
    operatorId: 'action.select_all',
    properties: { action: 'deselect' },
    label: 'Select None',
  },
  {
    area: 'timeline',
    chord: 'ctrl+i',
    operatorId: 'action.select_all',
    properties: { action: 'invert' },
    label: 'Invert Selection',
  },
  { area: 'timeline', chord: 'g', operatorId: 'transform.transform' },
  { area: 'timeline', chord: 'x', operatorId: 'action.delete' },
  { area: 'timeline', chord: 'delete', operatorId: 'action.delete' },
  { area: 'timeline', chord: 'i', operatorId: 'action.keyframe_insert' },
  { area: 'timeline', chord: 'ctrl+c', operatorId: 'action.copy' },
  { area: 'timeline', chord: 'ctrl+v', operatorId: 'action.paste' },
  { area: 'timeline', chord: 'shift+d', operatorId: 'action.duplicate_move' },
  { area: 'timeline', chord: 'ctrl+d', operatorId: 'action.duplicate_move' },
  { area: 'timeline', chord: 'home', operatorId: 'action.view_all' },
  { area: 'timeline', chord: 'numpad_period', operatorId: 'action.view_selected' },
  { area: 'timeline', chord: 'ctrl+tab', operatorId: 'action.cycle_time_unit' },

  // ── 3D viewport
  {
    area: 'viewport',
    chord: 'numpad1',
    operatorId: 'view3d.view_axis',
    properties: { type: 'front' },
    label: 'Front View',
  },
  {
    area: 'viewport',
    chord: 'ctrl+numpad1',
    operatorId: 'view3d.view_axis',
    properties: { type: 'back' },
    label: 'Back View',
  },
  {
    area: 'viewport',
    chord: 'numpad3',
    operatorId: 'view3d.view_axis',
    properties: { type: 'right' },
    label: 'Right View',
  },
  {
    area: 'viewport',
    chord: 'ctrl+numpad3',
    operatorId: 'view3d.view_axis',
    properties: { type: 'left' },
    label: 'Left View',
  },
  {
    area: 'viewport',
    chord: 'numpad7',
    operatorId: 'view3d.view_axis',
    properties: { type: 'top' },
    label: 'Top View',
  },
  {
    area: 'viewport',
    chord: 'ctrl+numpad7',
    operatorId: 'view3d.view_axis',
    properties: { type: 'bottom' },
    label: 'Bottom View',
  },
  { area: 'viewport', chord: 'numpad5', operatorId: 'view.toggle_orthographic' },
  { area: 'viewport', chord: 'numpad0', operatorId: 'view3d.view_camera' },
  {
    area: 'viewport',
    chord: 'numpad4',
    operatorId: 'view3d.view_orbit',
    properties: { direction: 'left' },
    label: 'Orbit Left',
  },
  {
    area: 'viewport',
    chord: 'numpad6',
    operatorId: 'view3d.view_orbit',
    properties: { direction: 'right' },
    label: 'Orbit Right',
  },
  {
    area: 'viewport',
    chord: 'numpad8',
    operatorId: 'view3d.view_orbit',
    properties: { direction: 'up' },
    label: 'Orbit Up',
  },
  {
    area: 'viewport',
    chord: 'numpad2',
    operatorId: 'view3d.view_orbit',
    properties: { direction: 'down' },
    label: 'Orbit Down',
  },
  { area: 'viewport', chord: 'numpad_plus', operatorId: 'view3d.zoom', properties: { delta: 1 }, label: 'Zoom In' },
  { area: 'viewport', chord: 'numpad_minus', operatorId: 'view3d.zoom', properties: { delta: -1 }, label: 'Zoom Out' },
  { area: 'viewport', chord: 'ctrl+equal', operatorId: 'view3d.zoom', properties: { delta: 1 }, label: 'Zoom In' },
  { area: 'viewport', chord: 'ctrl+minus', operatorId: 'view3d.zoom', properties: { delta: -1 }, label: 'Zoom Out' },
  { area: 'viewport', chord: 'home', operatorId: 'view3d.view_all' },
  { area: 'viewport', chord: 'numpad_period', operatorId: 'view3d.view_selected' },
  {
    area: 'viewport',
    chord: 'shift+z',
    operatorId: 'view3d.toggle_shading',
    properties: { type: 'wireframe' },
    label: 'Toggle Wireframe',
  },
  { area: 'viewport', chord: 'z', operatorId: 'view3d.cycle_shading' },

  // ── Outliner
  {
    area: 'outliner',
    chord: 'a',
    operatorId: 'outliner.select_all',
    properties: { action: 'select' },
    label: 'Select All',
  },
  {
    area: 'outliner',
    chord: 'alt+a',
    operatorId: 'outliner.select_all',
    properties: { action: 'deselect' },
    label: 'Select None',
  },
  { area: 'outliner', chord: 'f2', operatorId: 'outliner.item_rename' },
  { area: 'outliner', chord: 'x', operatorId: 'outliner.delete' },
  { area: 'outliner', chord: 'delete', operatorId: 'outliner.delete' },
  { area: 'outliner', chord: 'ctrl+f', operatorId: 'outliner.filter' },
];

/** What a key does while a modal operator runs. */
export type ModalAction = 'confirm' | 'cancel';

/** One key of a modal keymap. */
export interface ModalKeymapItem {
  chord: string;
  action: ModalAction;
}

/**
 * The grab's keys while it runs (Blender's Transform Modal Map): a click or Enter confirms, Esc or
 * a right-click cancels. Held modifiers do not change what a button does.
 */
export const TRANSFORM_MODAL_KEYMAP: readonly ModalKeymapItem[] = [
  { chord: 'leftmouse', action: 'confirm' },
  { chord: 'enter', action: 'confirm' },
  { chord: 'esc', action: 'cancel' },
  { chord: 'rightmouse', action: 'cancel' },
];

/** The modifier held during a grab to invert snapping (Blender: Ctrl while moving). */
export const TRANSFORM_SNAP_INVERT_MODIFIER = 'ctrl';

/** The action of a chord in a modal keymap (exact chord first, then the key without its modifiers), or null. */
export function modalAction(keymap: readonly ModalKeymapItem[], chord: string): ModalAction | null {
  const key = chord.split('+').pop()!;
  return (keymap.find((item) => item.chord === chord) ?? keymap.find((item) => item.chord === key))?.action ?? null;
}
