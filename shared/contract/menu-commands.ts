/**
 * The native menus' commands (pure data, shared by electron/shell/menu.ts and the renderer). Each item
 * names the renderer operator it runs: clicking it sends a `menuCommand` host event carrying
 * `operatorId`, and the renderer runs that operator through its registry. The accelerators are
 * shown in the menus but, on Windows and Linux, not registered with the system: the renderer's
 * keymap table is the one place keys are handled (so Space in a text field stays a space).
 */

/** A menu entry that runs a renderer operator. */
export interface MenuCommand {
  operatorId: string;
  label: string;
  /** Electron accelerator syntax, Blender's binding. */
  accelerator: string | null;
}

/** The top-level menus and their commands, in order; `'-'` is a separator. Open Recent and Quit are added by
 * electron/shell/menu.ts. */
export const menuLayout: { label: string; items: (MenuCommand | '-' | 'recent' | 'quit')[] }[] = [
  {
    label: 'File',
    items: [
      { operatorId: 'wm.open', label: 'Open…', accelerator: 'CmdOrCtrl+O' },
      { operatorId: 'wm.open_data_folder', label: 'Open Data Folder…', accelerator: null },
      'recent',
      '-',
      { operatorId: 'wm.save', label: 'Save', accelerator: 'CmdOrCtrl+S' },
      { operatorId: 'wm.save_as', label: 'Save As…', accelerator: 'Shift+CmdOrCtrl+S' },
      { operatorId: 'wm.revert', label: 'Revert', accelerator: null },
      '-',
      'quit',
    ],
  },
  {
    label: 'Edit',
    items: [
      { operatorId: 'ed.undo', label: 'Undo', accelerator: 'CmdOrCtrl+Z' },
      { operatorId: 'ed.redo', label: 'Redo', accelerator: 'Shift+CmdOrCtrl+Z' },
      '-',
      { operatorId: 'wm.search_menu', label: 'Operator Search…', accelerator: 'F3' },
    ],
  },
  {
    label: 'View',
    items: [
      { operatorId: 'view.toggle_sidebar', label: 'Sidebar', accelerator: 'N' },
      { operatorId: 'view.frame_all', label: 'Frame All', accelerator: 'Home' },
      { operatorId: 'view.frame_selected', label: 'Frame Selected', accelerator: 'numdec' },
      '-',
      { operatorId: 'view.toggle_orthographic', label: 'Perspective/Orthographic', accelerator: 'num5' },
      { operatorId: 'view.toggle_fullscreen', label: 'Toggle Fullscreen', accelerator: 'Ctrl+Alt+Space' },
    ],
  },
  {
    label: 'Playback',
    items: [
      { operatorId: 'screen.animation_play', label: 'Play/Pause', accelerator: 'Space' },
      { operatorId: 'screen.animation_play_reverse', label: 'Play Backwards', accelerator: 'Shift+Ctrl+Space' },
      '-',
      { operatorId: 'screen.frame_offset_back', label: 'Previous Frame', accelerator: 'Left' },
      { operatorId: 'screen.frame_offset_forward', label: 'Next Frame', accelerator: 'Right' },
      { operatorId: 'screen.keyframe_jump_next', label: 'Jump to Next Key', accelerator: 'Up' },
      { operatorId: 'screen.keyframe_jump_prev', label: 'Jump to Previous Key', accelerator: 'Down' },
      { operatorId: 'screen.frame_jump_start', label: 'Jump to Start', accelerator: 'Shift+Left' },
      { operatorId: 'screen.frame_jump_end', label: 'Jump to End', accelerator: 'Shift+Right' },
    ],
  },
  {
    label: 'Help',
    items: [
      { operatorId: 'wm.keymap', label: 'Keyboard Shortcuts', accelerator: null },
      { operatorId: 'wm.about', label: 'About Morf Studio', accelerator: null },
    ],
  },
];

/**
 * Every operator id a menu can send, for the renderer to check its registry against. (Quit is
 * handled by main: it closes the window, which sends closeRequested first when there are unsaved
 * changes; the renderer's own Ctrl+Q operator should do the same through confirmClose.)
 */
export const menuCommandIds: readonly string[] = menuLayout.flatMap((menu) =>
  menu.items.flatMap((item) => (typeof item === 'object' ? [item.operatorId] : [])),
);

/** Whether an accelerator is a bare key (no modifier): never registered, or it would swallow typing. */
export function isBareKey(accelerator: string): boolean {
  return (
    !/(^|\+)(CmdOrCtrl|CommandOrControl|Ctrl|Control|Cmd|Command|Alt|Option|Shift|Super|Meta)\+/.test(accelerator) &&
    !/^F\d+$/.test(accelerator)
  );
}
