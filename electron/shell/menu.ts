/**
 * The native menus (File, Edit, View, Playback, Help) built from shared/contract/menu-commands.ts.
 * Clicking an item sends its operator id to the renderer; the accelerators are shown with
 * Blender's bindings but left to the renderer's keymap (registerAccelerator: false), so a key is
 * handled once and typing in a text field is never swallowed. On macOS, where a menu's keys are
 * always live, bare keys (Space, arrows, N…) are not attached to menu items at all.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { Menu } from 'electron';
import { basename } from 'node:path';
import { isBareKey, menuLayout } from '../../shared/contract/menu-commands';

/** What the menu does when used. */
export interface MenuActions {
  /** Send a renderer operator (menuCommand event). */
  runOperator(operatorId: string): void;
  /** Open a recent file. */
  openRecent(path: string): void;
  clearRecent(): void;
  /** Close the window (the renderer is asked first when there are unsaved changes). */
  quit(): void;
}

/** Build the menu template for a platform. */
export function buildMenuTemplate(
  recentFiles: readonly string[],
  actions: MenuActions,
  platform: NodeJS.Platform,
  developer: boolean,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
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
      if (item === '-') submenu.push({ type: 'separator' });
      else if (item === 'recent') {
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
      } else if (item === 'quit') {
        if (!mac)
          submenu.push({
            label: 'Quit',
            accelerator: 'CmdOrCtrl+Q',
            registerAccelerator: false,
            click: () => actions.quit(),
          });
      } else {
        const accelerator = item.accelerator && !(mac && isBareKey(item.accelerator)) ? item.accelerator : undefined;
        submenu.push({
          label: item.label,
          ...(accelerator ? { accelerator, registerAccelerator: false } : {}),
          click: () => actions.runOperator(item.operatorId),
        });
      }
    }
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
