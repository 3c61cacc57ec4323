/**
 * Key chords: how a binding is written in the keymap, how it is shown to people and to Electron's
 * menus on each platform, and which chords a platform keeps for itself.
 *
 * A chord is written `ctrl+shift+z`, `numpad1`, `space`, `f3`: modifiers in the fixed order ctrl,
 * shift, alt, then one key named after the physical key (KeyboardEvent.code), so that layouts and
 * Shift do not change which key was meant. `ctrl` is the primary modifier: Ctrl on Windows and
 * Linux; on macOS Cmd or Control both press it (as in Blender), and it is shown as ⌘ unless macOS
 * keeps the Cmd chord for itself (⌘Space is Spotlight), in which case Control is shown.
 */

/** The modifiers, in the order a chord writes them. */
export const MODIFIERS = ['ctrl', 'shift', 'alt'] as const;

/** Where keys are pressed: the operating system and the shell (Electron window or browser tab). */
export interface KeyPlatform {
  os: 'mac' | 'windows' | 'linux';
  shell: 'electron' | 'web';
}

/** The platform of a Node-style platform name (`darwin`, `win32`, `linux`, anything else reads as Linux). */
export function keyPlatformOf(platform: string, shell: KeyPlatform['shell']): KeyPlatform {
  return { os: platform === 'darwin' ? 'mac' : platform === 'win32' ? 'windows' : 'linux', shell };
}

/** Every platform, for tests and documentation. */
export const KEY_PLATFORMS: readonly KeyPlatform[] = (['mac', 'windows', 'linux'] as const).flatMap((os) =>
  (['electron', 'web'] as const).map((shell) => ({ os, shell })),
);

/** Normalises a chord written by hand: `Shift+Ctrl+Space` → `ctrl+shift+space` (Cmd and Meta read as Ctrl). */
export function normalizeChord(chord: string): string {
  const parts = chord
    .toLowerCase()
    .split('+')
    .map((part) => part.trim());
  const key = parts.pop() ?? '';
  if (!key) throw new Error(`chord "${chord}" names no key`);
  const modifiers = new Set(
    parts.map((part) =>
      part === 'cmd' || part === 'meta' || part === 'control' ? 'ctrl' : part === 'option' ? 'alt' : part,
    ),
  );
  for (const modifier of modifiers)
    if (!(MODIFIERS as readonly string[]).includes(modifier))
      throw new Error(`unknown modifier "${modifier}" in chord "${chord}"`);
  return [...MODIFIERS.filter((modifier) => modifiers.has(modifier)), key].join('+');
}

/** A chord as the keys a person physically holds on a platform (`meta` is Cmd on macOS). */
export interface PhysicalChord {
  meta: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function splitChord(chord: string): { modifiers: Set<string>; key: string } {
  const parts = chord.split('+');
  return { key: parts.pop()!, modifiers: new Set(parts) };
}

/** The chord written in physical keys (`meta+alt+space`), for the reserved tables. */
function physicalName(physical: PhysicalChord): string {
  return [
    physical.meta ? 'meta' : '',
    physical.ctrl ? 'ctrl' : '',
    physical.shift ? 'shift' : '',
    physical.alt ? 'alt' : '',
    physical.key,
  ]
    .filter(Boolean)
    .join('+');
}

/**
 * Chords the system takes before an application sees them, in physical keys. macOS: Spotlight,
 * the app and window switchers, hide, minimise, Force Quit, Mission Control. Windows and Linux:
 * the window menu, switchers, close, the desktop's own keys. Browsers (the browser shell) keep new
 * window/tab, close tab, tab switching and quitting.
 */
const RESERVED: Record<KeyPlatform['os'] | `web-${KeyPlatform['os']}`, ReadonlySet<string>> = {
  mac: new Set([
    'meta+space',
    'meta+alt+space',
    'meta+tab',
    'meta+shift+tab',
    'meta+accent_grave',
    'meta+h',
    'meta+alt+h',
    'meta+m',
    'meta+alt+esc',
    'ctrl+up',
    'ctrl+down',
    'ctrl+left',
    'ctrl+right',
  ]),
  windows: new Set(['alt+f4', 'alt+tab', 'alt+space', 'ctrl+esc', 'ctrl+alt+delete', 'ctrl+shift+esc']),
  linux: new Set([
    'alt+tab',
    'alt+f2',
    'alt+f4',
    'alt+space',
    'ctrl+alt+delete',
    'ctrl+alt+t',
    'ctrl+alt+up',
    'ctrl+alt+down',
    'ctrl+alt+left',
    'ctrl+alt+right',
  ]),
  'web-mac': new Set([
    'meta+n',
    'meta+shift+n',
    'meta+t',
    'meta+shift+t',
    'meta+w',
    'meta+shift+w',
    'meta+q',
    'ctrl+tab',
    'ctrl+shift+tab',
  ]),
  'web-windows': new Set([
    'ctrl+n',
    'ctrl+shift+n',
    'ctrl+t',
    'ctrl+shift+t',
    'ctrl+w',
    'ctrl+shift+w',
    'ctrl+tab',
    'ctrl+shift+tab',
    'ctrl+pagedown',
    'ctrl+pageup',
  ]),
  'web-linux': new Set([
    'ctrl+n',
    'ctrl+shift+n',
    'ctrl+t',
    'ctrl+shift+t',
    'ctrl+w',
    'ctrl+shift+w',
    'ctrl+shift+q',
    'ctrl+tab',
    'ctrl+shift+tab',
    'ctrl+pagedown',
    'ctrl+pageup',
  ]),
};

/** Whether the system or the browser takes these keys on a platform before the editor sees them. */
export function reservedPhysical(physical: PhysicalChord, platform: KeyPlatform): boolean {
  const name = physicalName(physical);
  return RESERVED[platform.os].has(name) || (platform.shell === 'web' && RESERVED[`web-${platform.os}`].has(name));
}

/**
 * The keys to hold for a chord on a platform: on macOS the primary modifier is Cmd, or Control
 * where macOS keeps the Cmd chord (⌘Space is Spotlight, ⌃Space is then the one that works).
 */
export function physicalChord(chord: string, platform: KeyPlatform): PhysicalChord {
  const { modifiers, key } = splitChord(chord);
  const base = { shift: modifiers.has('shift'), alt: modifiers.has('alt'), key };
  if (!modifiers.has('ctrl')) return { ...base, meta: false, ctrl: false };
  if (platform.os !== 'mac') return { ...base, meta: false, ctrl: true };
  const command = { ...base, meta: true, ctrl: false };
  return reservedPhysical(command, platform) ? { ...base, meta: false, ctrl: true } : command;
}

/** Whether a chord never reaches the application on a platform (the system or the browser takes it). */
export function isReserved(chord: string, platform: KeyPlatform): boolean {
  return reservedPhysical(physicalChord(chord, platform), platform);
}

const KEY_NAMES: Record<string, string> = {
  numpad_period: 'Numpad .',
  numpad_plus: 'Numpad +',
  numpad_minus: 'Numpad −',
  numpad_asterisk: 'Numpad *',
  numpad_slash: 'Numpad /',
  esc: 'Esc',
  left: '←',
  right: '→',
  up: '↑',
  down: '↓',
  delete: 'Del',
  pageup: 'Page Up',
  pagedown: 'Page Down',
  minus: '-',
  equal: '=',
  period: '.',
  comma: ',',
  slash: '/',
  accent_grave: '`',
  leftmouse: 'Click',
  rightmouse: 'Right-click',
  middlemouse: 'Middle-click',
};

/** A key's name as shown: `Numpad 1`, `Space`, `F3`, `Z`. */
export function displayKey(key: string): string {
  return (
    KEY_NAMES[key] ??
    (key.startsWith('numpad')
      ? `Numpad ${key.slice(6)}`
      : key.length === 1
        ? key.toUpperCase()
        : key.charAt(0).toUpperCase() + key.slice(1))
  );
}

/**
 * A chord as shown to people on a platform: `Ctrl Shift Z` on Windows and Linux, `⌘⇧Z` on macOS
 * (`⌃Space` where macOS keeps ⌘Space).
 */
export function displayChord(chord: string, platform: KeyPlatform): string {
  const physical = physicalChord(chord, platform);
  const key = displayKey(physical.key);
  if (platform.os === 'mac') {
    const symbols = `${physical.ctrl ? '⌃' : ''}${physical.alt ? '⌥' : ''}${physical.shift ? '⇧' : ''}`;
    const prefix = `${symbols}${physical.meta ? '⌘' : ''}`;
    return prefix ? `${prefix}${key.length > 1 ? ' ' : ''}${key}` : key;
  }
  return [physical.ctrl ? 'Ctrl' : '', physical.shift ? 'Shift' : '', physical.alt ? 'Alt' : '', key]
    .filter(Boolean)
    .join(' ');
}

const ACCELERATOR_KEYS: Record<string, string> = {
  numpad_period: 'numdec',
  numpad_plus: 'numadd',
  numpad_minus: 'numsub',
  numpad_asterisk: 'nummult',
  numpad_slash: 'numdiv',
  esc: 'Escape',
  left: 'Left',
  right: 'Right',
  up: 'Up',
  down: 'Down',
  delete: 'Delete',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  space: 'Space',
  tab: 'Tab',
  enter: 'Enter',
  backspace: 'Backspace',
  minus: '-',
  equal: '=',
  period: '.',
  comma: ',',
  slash: '/',
  accent_grave: '`',
};

/**
 * A chord in Electron's accelerator syntax for a platform's menu: `CmdOrCtrl+Shift+Z`, `num1`,
 * `Ctrl+Alt+Space` on macOS where Control is the key that works. Null for keys a menu cannot show
 * (mouse buttons).
 */
export function acceleratorOf(chord: string, platform: KeyPlatform): string | null {
  const physical = physicalChord(chord, platform);
  if (physical.key.endsWith('mouse')) return null;
  const key =
    ACCELERATOR_KEYS[physical.key] ??
    (/^numpad\d$/.test(physical.key)
      ? `num${physical.key.slice(6)}`
      : /^f\d{1,2}$/.test(physical.key)
        ? physical.key.toUpperCase()
        : physical.key.length === 1
          ? physical.key.toUpperCase()
          : null);
  if (key === null) throw new Error(`no Electron accelerator for the key "${physical.key}"`);
  const primary = physical.meta ? 'CmdOrCtrl' : physical.ctrl ? (platform.os === 'mac' ? 'Ctrl' : 'CmdOrCtrl') : '';
  return [primary, physical.alt ? 'Alt' : '', physical.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}

/** Whether a chord has no modifier (a bare key: a macOS menu would take it from text fields and the canvas). */
export function isBareChord(chord: string): boolean {
  return !chord.includes('+') && !/^f\d{1,2}$/.test(chord);
}
