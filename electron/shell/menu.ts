/**
 * The native menus (File, Edit, View, Playback, Help) built from shared/contract/menu-commands.ts.
 * Clicking an item sends its operator id and properties to the renderer. Each item's accelerator
 * is the keymap's binding for that operator and those properties (shared/keymap), in Electron's
 * syntax for the platform, and is left to the renderer's keymap (registerAccelerator: false), so a
 * key is handled once and typing in a text field is never swallowed. On macOS, where a menu's keys
 * are always live, bare keys (Space, arrows, N…) are not attached to menu items at all.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { Menu } from 'electron';
import { basename } from 'node:path';
import { type MenuCommand, menuLayout } from '../../shared/contract/menu-commands';
import { type KeyPlatform, acceleratorOf, isBareChord, keyPlatformOf } from '../../shared/keymap/chords';
import { DEFAULT_KEYMAP } from '../../shared/keymap/default-keymap';
import { Keymap } from '../../shared/keymap/keymap';

/** What the menu does when used. */
export interface MenuActions {
  /** Send a renderer operator (menuCommand event). */
  runOperator(operatorId: string, properties?: MenuCommand['properties']): void;
  /** Open a recent file. */
  openRecent(path: string): void;
  clearRecent(): void;
}

const keymap = new Keymap(DEFAULT_KEYMAP);

/** The accelerator a menu entry shows on a platform (the keymap's binding), or null. */
export function menuAccelerator(item: MenuCommand, platform: KeyPlatform): string | null {
  const binding = keymap.shortcutFor(item.operatorId, item.properties, platform);
  if (!binding || (platform.os === 'mac' && isBareChord(binding.chord))) return null;
  return acceleratorOf(binding.chord, platform);
}

/** Build the menu template for a platform. */
export function buildMenuTemplate(
  recentFiles: readonly string[],
  actions: MenuActions,
  platform: NodeJS.Platform,
  developer: boolean,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const keys = keyPlatformOf(platform, 'electron');
  const template: MenuItemConstructorOptions[] = [];
  if (mac)
    template.push({
      label: 'Morf Studio',
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  for (const menu of menuLayout) {
    const submenu: MenuItemConstructorOptions[] = [];
    for (const item of menu.items) {
      if (item === '-') {
        if (submenu.length > 0 && submenu[submenu.length - 1]!.type !== 'separator')
          submenu.push({ type: 'separator' });
      } else if (item === 'recent') {
        const recent: MenuItemConstructorOptions[] = recentFiles.map((path) => ({
          label: basename(path),
          sublabel: path,
          toolTip: path,
          click: () => actions.openRecent(path),
        }));
        if (recent.length === 0) recent.push({ label: 'No Recent Files', enabled: false });
        recent.push(
          { type: 'separator' },
          { label: 'Clear Recent Files', enabled: recentFiles.length > 0, click: () => actions.clearRecent() },
        );
        submenu.push({ label: 'Open Recent', submenu: recent });
      } else if (!(mac && item.operatorId === 'wm.quit')) {
        // macOS quits from the application menu (role quit, ⌘Q), which closes the window through the same prompt.
        const accelerator = menuAccelerator(item, keys);
        submenu.push({
          label: item.label,
          ...(accelerator ? { accelerator, registerAccelerator: false } : {}),
          click: () => actions.runOperator(item.operatorId, item.properties),
        });
      }
    }
    while (submenu[submenu.length - 1]?.type === 'separator') submenu.pop();
    if (menu.label === 'Edit' && mac)
      submenu.push({ type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' });
    if (menu.label === 'View' && developer)
      submenu.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
    template.push({ label: menu.label, ...(menu.label === 'Help' ? { role: 'help' as const } : {}), submenu });
  }
  return template;
}

/** Install the application menu. */
export function installMenu(recentFiles: readonly string[], actions: MenuActions, developer: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(recentFiles, actions, process.platform, developer)));
}
