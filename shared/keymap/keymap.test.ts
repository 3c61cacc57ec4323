import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP } from './default-keymap';
import { Keymap, chordFromEvent, displayChord, normalizeChord } from './keymap';

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

describe('keymap', () => {
  it('names chords after physical keys with modifiers in a fixed order', () => {
    expect(chordFromEvent(event('KeyZ', { shiftKey: true, ctrlKey: true }, 'Z'))).toBe('ctrl+shift+z');
    expect(chordFromEvent(event('Numpad1'))).toBe('numpad1');
    expect(chordFromEvent(event('Space', { ctrlKey: true, shiftKey: true }, ' '))).toBe('ctrl+shift+space');
    expect(chordFromEvent(event('NumpadDecimal', {}, 'Delete'))).toBe('numpad_period');
    expect(chordFromEvent(event('ShiftLeft', { shiftKey: true }, 'Shift'))).toBeNull();
  });

  it('treats Cmd as Ctrl (macOS)', () => {
    expect(chordFromEvent(event('KeyS', { metaKey: true }, 's'))).toBe('ctrl+s');
  });

  it('normalises hand-written chords and rejects unknown modifiers', () => {
    expect(normalizeChord('Shift+Ctrl+Space')).toBe('ctrl+shift+space');
    expect(normalizeChord('Cmd+O')).toBe('ctrl+o');
    expect(() => normalizeChord('Hyper+K')).toThrow(/unknown modifier/);
  });

  it('looks up the hovered area first, then the screen-wide binding', () => {
    const keymap = new Keymap(DEFAULT_KEYMAP);
    expect(keymap.lookup('timeline', 'home')?.operatorId).toBe('action.view_all');
    expect(keymap.lookup('viewport', 'home')?.operatorId).toBe('view3d.view_all');
    expect(keymap.lookup('outliner', 'home')?.operatorId).toBe('view.frame_all');
    expect(keymap.lookup('viewport', 'ctrl+z')?.operatorId).toBe('ed.undo');
    expect(keymap.lookup('timeline', 'g')?.operatorId).toBe('transform.transform');
    expect(keymap.lookup('viewport', 'g')).toBeNull();
  });

  it('carries Blender’s defaults for the issue’s bindings', () => {
    const keymap = new Keymap(DEFAULT_KEYMAP);
    const bound = (area: Parameters<Keymap['lookup']>[0], chord: string) => {
      const item = keymap.lookup(area, chord);
      return item ? [item.operatorId, item.properties ?? {}] : null;
    };
    expect(bound('timeline', 'a')).toEqual(['action.select_all', { action: 'select' }]);
    expect(bound('timeline', 'alt+a')).toEqual(['action.select_all', { action: 'deselect' }]);
    expect(bound('timeline', 'x')?.[0]).toBe('action.delete');
    expect(bound('timeline', 'delete')?.[0]).toBe('action.delete');
    expect(bound('timeline', 'i')?.[0]).toBe('action.keyframe_insert');
    expect(bound('timeline', 'ctrl+d')?.[0]).toBe('action.duplicate_move');
    expect(bound('screen', 'space')?.[0]).toBe('screen.animation_play');
    expect(bound('screen', 'ctrl+shift+space')?.[0]).toBe('screen.animation_play_reverse');
    expect(bound('screen', 'shift+left')?.[0]).toBe('screen.frame_jump_start');
    expect(bound('screen', 'up')?.[0]).toBe('screen.keyframe_jump_next');
    expect(bound('viewport', 'ctrl+numpad7')).toEqual(['view3d.view_axis', { type: 'bottom' }]);
    expect(bound('viewport', 'numpad5')?.[0]).toBe('view.toggle_orthographic');
    expect(bound('screen', 'f3')?.[0]).toBe('wm.search_menu');
    expect(bound('screen', 'n')?.[0]).toBe('view.toggle_sidebar');
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

  it('lists an operator’s chords for menus and shows them readably', () => {
    const keymap = new Keymap(DEFAULT_KEYMAP);
    expect(keymap.chordsFor('ed.redo')).toEqual(['ctrl+shift+z', 'ctrl+y']);
    expect(displayChord('ctrl+shift+z')).toBe('Ctrl Shift Z');
    expect(displayChord('numpad_period')).toBe('Numpad .');
  });
});
