/**
 * The menus' layout (pure data): the Electron shell builds the native menus from it and the
 * renderer its top bar. Each entry names the operator it runs, with its label and properties —
 * never a key: the shortcut shown beside an entry is looked up in the keymap
 * (shared/keymap/default-keymap.ts), as an Electron accelerator in the shell and as text in the
 * renderer, so menus, hints and keys cannot disagree. Clicking a native entry sends a
 * `menuCommand` host event carrying the operator id and properties; the renderer runs it through
 * its registry. On Windows and Linux the accelerators are shown but not registered with the
 * system: the renderer's keymap is the one place keys are handled (so Space in a text field stays
 * a space).
 */
import type { KeymapProperties } from '../keymap/keymap';

/** A menu entry that runs a renderer operator. */
export interface MenuCommand {
  operatorId: string;
  label: string;
  /** The properties it runs with; its shortcut is the keymap's binding with exactly these. */
  properties?: KeymapProperties;
}

/** An entry: a command, a separator, or the Open Recent list (filled by each shell). */
export type MenuItem = MenuCommand | '-' | 'recent';

/** A top-level menu. */
export interface MenuLayout {
  label: string;
  items: readonly MenuItem[];
}

const command = (operatorId: string, label: string, properties?: KeymapProperties): MenuCommand =>
  properties ? { operatorId, label, properties } : { operatorId, label };

/** The top-level menus and their entries, in order. */
export const menuLayout: readonly MenuLayout[] = [
  {
    label: 'File',
    items: [
      command('wm.open', 'Open…'),
      command('wm.open_data_folder', 'Open Data Folder…'),
      command('wm.add_game_folder', 'Add Game Folder…'),
      command('wm.browse_archive', 'Browse Archive…'),
      'recent',
      '-',
      command('wm.save', 'Save'),
      command('wm.save_as', 'Save As…'),
      command('wm.export_model', 'Export As…'),
      command('wm.revert', 'Revert'),
      command('wm.reload_capes', 'Reload Capes'),
      '-',
      command('cape.import', 'Import Cape from glTF…', { importer: 'gltf' }),
      command('cape.import', 'Import Cape from EMF…', { importer: 'emf' }),
      command('cape.import', 'Import Cape from KF2…', { importer: 'kf2' }),
      command('cape.export_gltf', 'Export Cape as glTF…'),
      '-',
      command('wm.close', 'Close'),
      command('wm.quit', 'Quit'),
    ],
  },
  {
    label: 'Edit',
    items: [
      command('ed.undo', 'Undo'),
      command('ed.redo', 'Redo'),
      '-',
      command('action.copy', 'Copy Keys'),
      command('action.paste', 'Paste Keys'),
      command('action.duplicate_move', 'Duplicate Keys'),
      command('action.delete', 'Delete Keys'),
      '-',
      command('outliner.link_add', 'Add MRF Link…'),
      command('cape.new_link', 'New Link from Cape…'),
      command('outliner.item_rename', 'Rename…'),
      '-',
      command('wm.search_menu', 'Operator Search…'),
    ],
  },
  {
    label: 'Render',
    items: [command('render.render_image', 'Render Image'), command('render.render_animation', 'Render Animation')],
  },
  {
    label: 'View',
    items: [
      command('view.toggle_sidebar', 'Sidebar'),
      command('view.toggle_diagnostics', 'Diagnostics'),
      '-',
      command('view3d.view_all', 'Frame All (3D Viewport)'),
      command('view3d.view_selected', 'Frame Selected (3D Viewport)'),
      command('action.view_all', 'Frame All (Dope Sheet)'),
      command('action.view_selected', 'Frame Selected (Dope Sheet)'),
      '-',
      command('view3d.view_axis', 'Front', { type: 'front' }),
      command('view3d.view_axis', 'Back', { type: 'back' }),
      command('view3d.view_axis', 'Right', { type: 'right' }),
      command('view3d.view_axis', 'Left', { type: 'left' }),
      command('view3d.view_axis', 'Top', { type: 'top' }),
      command('view3d.view_axis', 'Bottom', { type: 'bottom' }),
      command('view.toggle_orthographic', 'Perspective/Orthographic'),
      command('view3d.view_camera', 'Cameras ▸ Active Camera'),
      '-',
      command('screen.screen_full_area', 'Toggle Maximize Area'),
      command('screen.screen_full_area', 'Toggle Fullscreen Area', { use_hide_panels: true }),
      '-',
      command('action.cycle_time_unit', 'Cycle Time Unit'),
    ],
  },
  {
    label: 'Playback',
    items: [
      command('screen.animation_play', 'Play/Pause'),
      command('screen.animation_play_reverse', 'Play Backwards'),
      '-',
      command('screen.frame_offset_back', 'Previous Frame'),
      command('screen.frame_offset_forward', 'Next Frame'),
      command('screen.keyframe_jump_prev', 'Jump to Previous Key'),
      command('screen.keyframe_jump_next', 'Jump to Next Key'),
      command('screen.frame_jump_start', 'Jump to Start'),
      command('screen.frame_jump_end', 'Jump to End'),
      '-',
      command('screen.toggle_loop', 'Loop Playback'),
      command('screen.toggle_play_every_frame', 'Play Every Frame'),
      command('action.toggle_snapping', 'Snap Keys'),
      '-',
      command('screen.toggle_mute', 'Mute Audio'),
      command('screen.toggle_scrub_audio', 'Scrub Audio'),
    ],
  },
  {
    label: 'Help',
    items: [command('wm.keymap', 'Keyboard Shortcuts'), command('wm.about', 'About Morf Studio')],
  },
];

/** Every command of the menus, in order. */
export const menuCommands: readonly MenuCommand[] = menuLayout.flatMap((menu) =>
  menu.items.flatMap((item) => (typeof item === 'object' ? [item] : [])),
);

/** Every operator id a menu can send, for the renderer to check its registry against. */
export const menuCommandIds: readonly string[] = [...new Set(menuCommands.map((item) => item.operatorId))];
