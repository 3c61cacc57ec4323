/**
 * The keymap table: which key chord runs which operator in which area. Separate from the
 * operators themselves, as in Blender, so that bindings can be listed, searched and changed.
 * A chord is written `ctrl+shift+z`, `numpad1`, `space`, `f3`: modifiers in the fixed order
 * ctrl, shift, alt, then one key named after the physical key (KeyboardEvent.code), so that
 * layouts and Shift do not change which key was meant.
 */
import type { AreaKind } from '../state/editor-store';
import type { OperatorProperties } from './operator';

/** One binding. */
export interface KeymapItem {
  /** Where it applies; `screen` applies everywhere unless an area binds the same chord. */
  area: AreaKind;
  chord: string;
  operatorId: string;
  properties?: OperatorProperties;
}

const MODIFIERS = ['ctrl', 'shift', 'alt'] as const;

const CODE_NAMES: Record<string, string> = {
  Space: 'space',
  Escape: 'esc',
  Enter: 'enter',
  NumpadEnter: 'enter',
  Tab: 'tab',
  Backspace: 'backspace',
  Delete: 'delete',
  Home: 'home',
  End: 'end',
  PageUp: 'pageup',
  PageDown: 'pagedown',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  NumpadDecimal: 'numpad_period',
  NumpadAdd: 'numpad_plus',
  NumpadSubtract: 'numpad_minus',
  NumpadMultiply: 'numpad_asterisk',
  NumpadDivide: 'numpad_slash',
  Minus: 'minus',
  Equal: 'equal',
  Period: 'period',
  Comma: 'comma',
  Slash: 'slash',
  Backquote: 'accent_grave',
};

/** The name of a physical key, or null for a bare modifier. */
export function keyName(code: string, key: string): string | null {
  if (/^(Control|Shift|Alt|Meta|OS)(Left|Right)?$/.test(code)) return null;
  if (code.startsWith('Key') && code.length === 4) return code.slice(3).toLowerCase();
  if (code.startsWith('Digit')) return code.slice(5);
  if (/^Numpad\d$/.test(code)) return `numpad${code.slice(6)}`;
  if (/^F\d{1,2}$/.test(code)) return code.toLowerCase();
  const named = CODE_NAMES[code];
  if (named) return named;
  // Unknown physical key (or a synthetic event without a code): fall back to the character.
  return key && key !== '+' ? key.toLowerCase() : null;
}

/** The parts of a keyboard event a chord is made of. */
export interface ChordEvent {
  code: string;
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** The chord of a keyboard event (Cmd counts as Ctrl, as Blender does on macOS), or null for a bare modifier. */
export function chordFromEvent(event: ChordEvent): string | null {
  const name = keyName(event.code, event.key);
  if (!name) return null;
  const parts: string[] = [];
  if (event.ctrlKey || event.metaKey) parts.push('ctrl');
  if (event.shiftKey) parts.push('shift');
  if (event.altKey) parts.push('alt');
  parts.push(name);
  return parts.join('+');
}

/** Normalises a chord written by hand: `Shift+Ctrl+Space` → `ctrl+shift+space`. */
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

/** A keymap indexed by area and chord. */
export class Keymap {
  private readonly byArea = new Map<AreaKind, Map<string, KeymapItem>>();
  readonly items: readonly KeymapItem[];

  constructor(items: readonly KeymapItem[]) {
    this.items = items.map((item) => ({ ...item, chord: normalizeChord(item.chord) }));
    for (const item of this.items) {
      const table = this.byArea.get(item.area) ?? new Map<string, KeymapItem>();
      if (table.has(item.chord)) throw new Error(`chord ${item.chord} bound twice in ${item.area}`);
      table.set(item.chord, item);
      this.byArea.set(item.area, table);
    }
  }

  /** The binding for a chord in an area: the area's own first, then the screen-wide one. */
  lookup(area: AreaKind | null, chord: string): KeymapItem | null {
    if (area && area !== 'screen') {
      const item = this.byArea.get(area)?.get(chord);
      if (item) return item;
    }
    return this.byArea.get('screen')?.get(chord) ?? null;
  }

  /** The chords bound to an operator (for menus and the search), screen-wide ones first. */
  chordsFor(operatorId: string): string[] {
    return this.items
      .filter((item) => item.operatorId === operatorId)
      .sort((a, b) => (a.area === 'screen' ? -1 : 0) - (b.area === 'screen' ? -1 : 0))
      .map((item) => item.chord);
  }
}

const DISPLAY_NAMES: Record<string, string> = {
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
  minus: '-',
  equal: '=',
  period: '.',
  comma: ',',
  slash: '/',
  accent_grave: '`',
};

/** A chord as shown to people: `Ctrl Shift Z`, `Numpad 1`. */
export function displayChord(chord: string): string {
  return chord
    .split('+')
    .map(
      (part) =>
        DISPLAY_NAMES[part] ??
        (part.startsWith('numpad')
          ? `Numpad ${part.slice(6)}`
          : part.length === 1
            ? part.toUpperCase()
            : part.charAt(0).toUpperCase() + part.slice(1)),
    )
    .join(' ');
}
