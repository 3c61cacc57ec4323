/**
 * The menus and the keymap agree: every menu entry's shortcut, on every platform and in both
 * shells, is a binding of the same operator with the same properties, reaches the editor (no
 * system or browser chord), is not shadowed by another area's binding, and the Electron
 * accelerator the native menu shows presses exactly those keys.
 */
import { describe, expect, it } from 'vitest';
import { menuCommands } from '../contract/menu-commands';
import {
  KEY_PLATFORMS,
  type KeyPlatform,
  type PhysicalChord,
  acceleratorOf,
  physicalChord,
  reservedPhysical,
} from './chords';
import { DEFAULT_KEYMAP } from './default-keymap';
import { Keymap, type KeymapArea, chordFromEvent, sameProperties } from './keymap';

const keymap = new Keymap(DEFAULT_KEYMAP);
const areas = [...new Set(DEFAULT_KEYMAP.map((item) => item.area))] as KeymapArea[];
const name = (platform: KeyPlatform) => `${platform.os}/${platform.shell}`;

/** The KeyboardEvent.code of an accelerator's key. */
function codeOf(key: string): string {
  if (/^[A-Z]$/.test(key)) return `Key${key}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  if (/^num[0-9]$/.test(key)) return `Numpad${key.slice(3)}`;
  const named: Record<string, string> = {
    numdec: 'NumpadDecimal',
    numadd: 'NumpadAdd',
    numsub: 'NumpadSubtract',
    Left: 'ArrowLeft',
    Right: 'ArrowRight',
    Up: 'ArrowUp',
    Down: 'ArrowDown',
    Escape: 'Escape',
    '-': 'Minus',
    '=': 'Equal',
  };
  return named[key] ?? key;
}

/** The keys an Electron accelerator presses on a platform, as a keyboard event and as physical keys. */
function pressAccelerator(accelerator: string, platform: KeyPlatform) {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const mac = platform.os === 'mac';
  const physical: PhysicalChord = {
    meta: mac && parts.includes('CmdOrCtrl'),
    ctrl: parts.includes('Ctrl') || (!mac && parts.includes('CmdOrCtrl')),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
    key: '',
  };
  const event = {
    code: codeOf(key),
    key: '',
    ctrlKey: physical.ctrl,
    metaKey: physical.meta,
    shiftKey: physical.shift,
    altKey: physical.alt,
  };
  return { event, physical };
}

describe('menu shortcuts come from the keymap', () => {
  for (const platform of KEY_PLATFORMS) {
    it(`on ${name(platform)}: each entry's shortcut runs that entry's operator with its properties`, () => {
      const problems: string[] = [];
      for (const entry of menuCommands) {
        const binding = keymap.shortcutFor(entry.operatorId, entry.properties, platform);
        if (!binding) continue;
        const where = `${entry.label} (${binding.chord})`;
        const same = (area: KeymapArea | null, chord: string | null) => {
          const item = chord ? keymap.lookup(area, chord) : null;
          return item?.operatorId === entry.operatorId && sameProperties(item.properties, entry.properties);
        };
        if (!same(binding.area, binding.chord)) problems.push(`${where}: bound to something else`);
        // A screen-wide shortcut does the same in every area (no area binds its chord to another operator).
        if (binding.area === 'screen')
          for (const area of areas) if (!same(area, binding.chord)) problems.push(`${where}: shadowed in ${area}`);
        // The accelerator the native menu shows presses the keys the renderer shows and handles.
        const accelerator = acceleratorOf(binding.chord, platform);
        if (!accelerator) continue;
        const { event, physical } = pressAccelerator(accelerator, platform);
        const expected = physicalChord(binding.chord, platform);
        if (
          physical.meta !== expected.meta ||
          physical.ctrl !== expected.ctrl ||
          physical.alt !== expected.alt ||
          physical.shift !== expected.shift
        )
          problems.push(`${where}: ${accelerator} holds other modifiers than the hint shows`);
        if (reservedPhysical({ ...physical, key: binding.chord.split('+').pop()! }, platform))
          problems.push(`${where}: ${accelerator} is taken by the system or the browser`);
        if (!same(binding.area, chordFromEvent(event)))
          problems.push(`${where}: pressing ${accelerator} gives ${chordFromEvent(event)}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the entries without a shortcut are the ones no key runs (and, in a browser, the chords it keeps)', () => {
    const without = (platform: KeyPlatform) =>
      menuCommands
        .filter((entry) => !keymap.shortcutFor(entry.operatorId, entry.properties, platform))
        .map((entry) => entry.label);
    const unbound = [
      'Open Data Folder…',
      'Add Game Folder…',
      'Browse Archive…',
      'Export As…',
      'Revert',
      'Reload Capes',
      'Import Cape from glTF…',
      'Import Cape from EMF…',
      'Import Cape from KF2…',
      'Export Cape as glTF…',
      'Close',
      'Add MRF Link…',
      'New Link from Cape…',
      'Diagnostics',
      'Loop Playback',
      'Play Every Frame',
      'Snap Keys',
      'Mute Audio',
      'Scrub Audio',
      'Keyboard Shortcuts',
      'About Morf Studio',
    ];
    expect(without({ os: 'linux', shell: 'electron' })).toEqual(unbound);
    expect(without({ os: 'windows', shell: 'electron' })).toEqual(unbound);
    expect(without({ os: 'mac', shell: 'electron' })).toEqual(unbound);
    // Ctrl+Tab switches the browser's tabs.
    expect(without({ os: 'linux', shell: 'web' })).toEqual([
      ...unbound.slice(0, unbound.indexOf('Loop Playback')),
      'Cycle Time Unit',
      ...unbound.slice(unbound.indexOf('Loop Playback')),
    ]);
  });

  it('Quit, Toggle Maximize Area, Toggle Fullscreen Area: Blender’s Ctrl Q, Ctrl Space, Ctrl Alt Space', () => {
    const chord = (label: string) => {
      const entry = menuCommands.find((candidate) => candidate.label === label)!;
      return keymap.shortcutFor(entry.operatorId, entry.properties, { os: 'windows', shell: 'electron' })?.chord;
    };
    expect(chord('Quit')).toBe('ctrl+q');
    expect(chord('Toggle Maximize Area')).toBe('ctrl+space');
    expect(chord('Toggle Fullscreen Area')).toBe('ctrl+alt+space');
    expect(['Front', 'Back', 'Right', 'Left', 'Top', 'Bottom'].map(chord)).toEqual([
      'numpad1',
      'ctrl+numpad1',
      'numpad3',
      'ctrl+numpad3',
      'numpad7',
      'ctrl+numpad7',
    ]);
  });
});
