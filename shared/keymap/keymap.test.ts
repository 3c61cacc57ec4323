import { describe, expect, it } from 'vitest';
import {
  type KeyPlatform,
  acceleratorOf,
  displayChord,
  isBareChord,
  isReserved,
  keyPlatformOf,
  normalizeChord,
  physicalChord,
} from './chords';
import { DEFAULT_KEYMAP, TRANSFORM_MODAL_KEYMAP, modalAction } from './default-keymap';
import { Keymap, chordFromButton, chordFromEvent, sameProperties } from './keymap';

const event = (
  code: string,
  modifiers: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean }> = {},
  key = '',
) => ({
  code,
  key,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...modifiers,
});

const linux: KeyPlatform = { os: 'linux', shell: 'electron' };
const windows: KeyPlatform = { os: 'windows', shell: 'electron' };
const mac: KeyPlatform = { os: 'mac', shell: 'electron' };
const webLinux: KeyPlatform = { os: 'linux', shell: 'web' };
const webMac: KeyPlatform = { os: 'mac', shell: 'web' };

describe('chords', () => {
  it('names chords after physical keys with modifiers in a fixed order', () => {
    expect(chordFromEvent(event('KeyZ', { shiftKey: true, ctrlKey: true }, 'Z'))).toBe('ctrl+shift+z');
    expect(chordFromEvent(event('Numpad1'))).toBe('numpad1');
    expect(chordFromEvent(event('Space', { ctrlKey: true, shiftKey: true }, ' '))).toBe('ctrl+shift+space');
    expect(chordFromEvent(event('NumpadDecimal', {}, 'Delete'))).toBe('numpad_period');
    expect(chordFromEvent(event('ShiftLeft', { shiftKey: true }, 'Shift'))).toBeNull();
    expect(chordFromButton(2, event('', { shiftKey: true }))).toBe('shift+rightmouse');
    expect(chordFromButton(7, event(''))).toBeNull();
  });

  it('treats Cmd as Ctrl (macOS)', () => {
    expect(chordFromEvent(event('KeyS', { metaKey: true }, 's'))).toBe('ctrl+s');
  });

  it('normalises hand-written chords and rejects unknown modifiers', () => {
    expect(normalizeChord('Shift+Ctrl+Space')).toBe('ctrl+shift+space');
    expect(normalizeChord('Cmd+O')).toBe('ctrl+o');
    expect(normalizeChord('Alt+Ctrl+Space')).toBe('ctrl+alt+space');
    expect(() => normalizeChord('Hyper+K')).toThrow(/unknown modifier/);
    expect(() => normalizeChord('ctrl+')).toThrow(/names no key/);
  });

  it('shows a chord for each platform: Ctrl on Windows and Linux, ⌘ on macOS, ⌃ where macOS keeps ⌘', () => {
    expect(displayChord('ctrl+shift+z', linux)).toBe('Ctrl Shift Z');
    expect(displayChord('ctrl+shift+z', mac)).toBe('⇧⌘Z');
    expect(displayChord('numpad_period', windows)).toBe('Numpad .');
    expect(displayChord('ctrl+numpad1', linux)).toBe('Ctrl Numpad 1');
    expect(displayChord('ctrl+space', mac)).toBe('⌃ Space');
    expect(displayChord('ctrl+alt+space', mac)).toBe('⌃⌥ Space');
    expect(displayChord('ctrl+alt+space', linux)).toBe('Ctrl Alt Space');
    expect(displayChord('leftmouse', linux)).toBe('Click');
  });

  it('writes Electron accelerators that press the same keys', () => {
    expect(acceleratorOf('ctrl+shift+z', linux)).toBe('CmdOrCtrl+Shift+Z');
    expect(acceleratorOf('ctrl+shift+z', mac)).toBe('CmdOrCtrl+Shift+Z');
    expect(acceleratorOf('ctrl+alt+space', windows)).toBe('CmdOrCtrl+Alt+Space');
    expect(acceleratorOf('ctrl+alt+space', mac)).toBe('Ctrl+Alt+Space');
    expect(acceleratorOf('numpad_period', linux)).toBe('numdec');
    expect(acceleratorOf('ctrl+numpad7', linux)).toBe('CmdOrCtrl+num7');
    expect(acceleratorOf('f3', linux)).toBe('F3');
    expect(acceleratorOf('shift+left', linux)).toBe('Shift+Left');
    expect(acceleratorOf('leftmouse', linux)).toBeNull();
  });

  it('knows the chords each system and the browser keep for themselves', () => {
    expect(isReserved('ctrl+space', mac)).toBe(false); // ⌃Space: the Cmd chord is Spotlight, so Control is used
    expect(physicalChord('ctrl+space', mac)).toMatchObject({ meta: false, ctrl: true });
    expect(physicalChord('ctrl+s', mac)).toMatchObject({ meta: true, ctrl: false });
    expect(isReserved('ctrl+tab', linux)).toBe(false);
    expect(isReserved('ctrl+tab', webLinux)).toBe(true);
    expect(isReserved('ctrl+q', webLinux)).toBe(false);
    // ⌘Q quits the browser: in a tab on macOS Control+Q is the Quit that reaches the editor.
    expect(isReserved('ctrl+q', webMac)).toBe(false);
    expect(displayChord('ctrl+q', webMac)).toBe('⌃Q');
    expect(displayChord('ctrl+q', mac)).toBe('⌘Q');
    expect(isReserved('ctrl+q', mac)).toBe(false); // ⌘Q is the app's own Quit
    expect(isReserved('alt+f4', windows)).toBe(true);
    expect(isBareChord('home')).toBe(true);
    expect(isBareChord('f3')).toBe(false);
    expect(isBareChord('shift+d')).toBe(false);
    expect(keyPlatformOf('darwin', 'web')).toEqual(webMac);
    expect(keyPlatformOf('other', 'electron')).toEqual(linux);
  });
});

describe('keymap', () => {
  it('looks up the hovered area first, then the screen-wide binding', () => {
    const keymap = new Keymap(DEFAULT_KEYMAP);
    expect(keymap.lookup('timeline', 'home')?.operatorId).toBe('action.view_all');
    expect(keymap.lookup('viewport', 'home')?.operatorId).toBe('view3d.view_all');
    expect(keymap.lookup('outliner', 'home')).toBeNull();
    expect(keymap.lookup('viewport', 'ctrl+z')?.operatorId).toBe('ed.undo');
    expect(keymap.lookup('timeline', 'g')?.operatorId).toBe('transform.transform');
    expect(keymap.lookup('viewport', 'g')).toBeNull();
  });

  it('carries Blender’s defaults, Quit and the two full-area toggles included', () => {
    const keymap = new Keymap(DEFAULT_KEYMAP);
    const bound = (area: Parameters<Keymap['lookup']>[0], chord: string) => {
      const item = keymap.lookup(area, chord);
      return item ? [item.operatorId, item.properties ?? {}] : null;
    };
    expect(bound('timeline', 'a')).toEqual(['action.select_all', { action: 'select' }]);
    expect(bound('timeline', 'alt+a')).toEqual(['action.select_all', { action: 'deselect' }]);
    expect(bound('timeline', 'x')?.[0]).toBe('action.delete');
    expect(bound('timeline', 'i')?.[0]).toBe('action.keyframe_insert');
    expect(bound('timeline', 'ctrl+d')?.[0]).toBe('action.duplicate_move');
    expect(bound('timeline', 'shift+d')?.[0]).toBe('action.duplicate_move');
    expect(bound('screen', 'space')?.[0]).toBe('screen.animation_play');
    expect(bound('screen', 'ctrl+shift+space')?.[0]).toBe('screen.animation_play_reverse');
    expect(bound('viewport', 'ctrl+numpad7')).toEqual(['view3d.view_axis', { type: 'bottom' }]);
    expect(bound('viewport', 'numpad5')?.[0]).toBe('view.toggle_orthographic');
    expect(bound('screen', 'f3')?.[0]).toBe('wm.search_menu');
    expect(bound('outliner', 'ctrl+q')).toEqual(['wm.quit', {}]);
    expect(bound('timeline', 'ctrl+space')).toEqual(['screen.screen_full_area', {}]);
    expect(bound('viewport', 'ctrl+alt+space')).toEqual(['screen.screen_full_area', { use_hide_panels: true }]);
  });

  it('refuses a chord bound twice in one area', () => {
    expect(
      () =>
        new Keymap([
          { area: 'timeline', chord: 'g', operatorId: 'a' },
          { area: 'timeline', chord: 'G', operatorId: 'b' },
        ]),
    ).toThrow(/bound twice/);
  });

  it('finds the binding of an operator with exactly its properties (defaults filled in), screen-wide first', () => {
    const keymap = new Keymap(DEFAULT_KEYMAP);
    const chords = (id: string, properties?: Record<string, string | number | boolean>, defaults = {}) =>
      keymap.bindingsFor(id, properties, linux, defaults).map((item) => item.chord);
    expect(chords('ed.redo')).toEqual(['ctrl+shift+z', 'ctrl+y']);
    expect(chords('view3d.view_axis', { type: 'front' })).toEqual(['numpad1']);
    expect(chords('view3d.view_axis', { type: 'back' })).toEqual(['ctrl+numpad1']);
    expect(chords('view3d.view_axis', { type: 'top' })).toEqual(['numpad7']);
    expect(chords('view3d.view_axis')).toEqual([]);
    expect(chords('view3d.view_axis', {}, { type: 'front' })).toEqual(['numpad1']);
    expect(chords('screen.screen_full_area')).toEqual(['ctrl+space']);
    expect(chords('screen.screen_full_area', { use_hide_panels: true })).toEqual(['ctrl+alt+space']);
    expect(chords('screen.screen_full_area', {}, { use_hide_panels: false })).toEqual(['ctrl+space']);
    // A chord the browser keeps is never offered there.
    expect(keymap.shortcutFor('action.cycle_time_unit', undefined, linux)?.chord).toBe('ctrl+tab');
    expect(keymap.shortcutFor('action.cycle_time_unit', undefined, webLinux)).toBeNull();
    expect(sameProperties(undefined, {})).toBe(true);
    expect(sameProperties({ a: 1 }, { a: '1' })).toBe(false);
  });

  it('the grab’s modal keys: click or Enter confirm, Esc or right-click cancel, whatever modifier is held', () => {
    expect(modalAction(TRANSFORM_MODAL_KEYMAP, 'leftmouse')).toBe('confirm');
    expect(modalAction(TRANSFORM_MODAL_KEYMAP, 'ctrl+leftmouse')).toBe('confirm');
    expect(modalAction(TRANSFORM_MODAL_KEYMAP, 'enter')).toBe('confirm');
    expect(modalAction(TRANSFORM_MODAL_KEYMAP, 'esc')).toBe('cancel');
    expect(modalAction(TRANSFORM_MODAL_KEYMAP, 'rightmouse')).toBe('cancel');
    expect(modalAction(TRANSFORM_MODAL_KEYMAP, 'g')).toBeNull();
  });
});
