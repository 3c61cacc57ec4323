/**
 * The native menus: built from the shared layout, every accelerator the keymap's binding for the
 * entry in Electron's syntax for the platform (Quit and the two full-area toggles included, the
 * viewpoints each with their own numpad key), never registered with the system, bare keys left off
 * on macOS, and a click sends the entry's operator with its properties.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ Menu: { setApplicationMenu: () => undefined, buildFromTemplate: () => null } }));

const { buildMenuTemplate } = await import('./menu');

function build(platform: NodeJS.Platform) {
  const sent: { operatorId: string; properties?: unknown }[] = [];
  const template = buildMenuTemplate(
    [],
    {
      runOperator: (operatorId, properties) => sent.push({ operatorId, ...(properties ? { properties } : {}) }),
      openRecent: () => undefined,
      clearRecent: () => undefined,
    },
    platform,
    false,
  );
  const item = (menu: string, label: string) =>
    (template.find((candidate) => candidate.label === menu)!.submenu as MenuItemConstructorOptions[]).find(
      (candidate) => candidate.label === label,
    );
  const items = template.flatMap((menu) => (menu.submenu as MenuItemConstructorOptions[]) ?? []);
  return { template, item, items, sent };
}

describe('native menus', () => {
  it('show the keymap’s keys on Windows and Linux: Ctrl Q quits, Ctrl Alt Space is Toggle Fullscreen Area', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { item } = build(platform);
      expect(item('File', 'Quit')).toMatchObject({ accelerator: 'CmdOrCtrl+Q', registerAccelerator: false });
      expect(item('View', 'Toggle Fullscreen Area')?.accelerator).toBe('CmdOrCtrl+Alt+Space');
      expect(item('View', 'Toggle Maximize Area')?.accelerator).toBe('CmdOrCtrl+Space');
      expect(item('View', 'Front')?.accelerator).toBe('num1');
      expect(item('View', 'Back')?.accelerator).toBe('CmdOrCtrl+num1');
      expect(item('View', 'Top')?.accelerator).toBe('num7');
      expect(item('View', 'Frame All (3D Viewport)')?.accelerator).toBe('Home');
      expect(item('View', 'Frame Selected (Dope Sheet)')?.accelerator).toBe('numdec');
      expect(item('Edit', 'Duplicate Keys')?.accelerator).toBe('Shift+D');
      expect(item('Edit', 'Redo')?.accelerator).toBe('CmdOrCtrl+Shift+Z');
      expect(item('Playback', 'Play Backwards')?.accelerator).toBe('CmdOrCtrl+Shift+Space');
      expect(item('File', 'Revert')?.accelerator).toBeUndefined();
    }
  });

  it('on macOS: Control where ⌘ is the system’s, no bare keys, Quit in the application menu', () => {
    const { template, item } = build('darwin');
    expect(item('View', 'Toggle Fullscreen Area')?.accelerator).toBe('Ctrl+Alt+Space');
    expect(item('View', 'Toggle Maximize Area')?.accelerator).toBe('Ctrl+Space');
    expect(item('Edit', 'Undo')?.accelerator).toBe('CmdOrCtrl+Z');
    expect(item('View', 'Front')?.accelerator).toBeUndefined();
    expect(item('Playback', 'Play/Pause')?.accelerator).toBeUndefined();
    expect(item('File', 'Quit')).toBeUndefined();
    expect((template[0]!.submenu as MenuItemConstructorOptions[]).some((entry) => entry.role === 'quit')).toBe(true);
  });

  it('never registers an accelerator with the system, and sends the operator with its properties', () => {
    const { items, item, sent } = build('linux');
    for (const entry of items) if (entry.accelerator) expect(entry.registerAccelerator).toBe(false);
    (item('View', 'Back')!.click as () => void)();
    (item('View', 'Toggle Fullscreen Area')!.click as () => void)();
    (item('File', 'Save')!.click as () => void)();
    expect(sent).toEqual([
      { operatorId: 'view3d.view_axis', properties: { type: 'back' } },
      { operatorId: 'screen.screen_full_area', properties: { use_hide_panels: true } },
      { operatorId: 'wm.save' },
    ]);
  });
});
