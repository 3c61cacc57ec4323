/**
 * The keymap table: which key chord runs which operator in which area. Separate from the
 * operators themselves, as in Blender, so that bindings can be listed, searched and changed, and
 * so that the one table feeds the renderer's key handling, the native menus' accelerators, every
 * in-app menu and hint, and the README's key table. Pure data: the renderer and the Electron shell
 * both read it.
 */
import { type KeyPlatform, isReserved, normalizeChord } from './chords';

/** The editor areas a binding can belong to; `screen` applies everywhere unless the hovered area binds the chord. */
export type KeymapArea = 'screen' | 'outliner' | 'viewport' | 'timeline' | 'properties' | 'diagnostics' | 'fileBrowser';

/** How each area is named in menus, the keymap list and the README. */
export const AREA_LABELS: Readonly<Record<KeymapArea, string>> = {
  screen: 'Everywhere',
  timeline: 'Dope Sheet',
  viewport: '3D Viewport',
  outliner: 'Outliner',
  properties: 'Properties',
  diagnostics: 'Diagnostics',
  fileBrowser: 'File Browser',
};

/** Values an operator is called with from a binding. */
export type KeymapProperties = Readonly<Record<string, string | number | boolean>>;

/** One binding. */
export interface KeymapItem {
  area: KeymapArea;
  chord: string;
  operatorId: string;
  properties?: KeymapProperties;
  /** What the binding does, where the operator's label and properties would not say it well. */
  label?: string;
}

/** Whether two property sets are the same (a missing set is the empty one). */
export function sameProperties(left: KeymapProperties | undefined, right: KeymapProperties | undefined): boolean {
  const a = left ?? {};
  const b = right ?? {};
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

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

/** The modifiers of a chord from an event's flags (Cmd counts as Ctrl, as Blender does on macOS). */
function withModifiers(name: string, event: Omit<ChordEvent, 'code' | 'key'>): string {
  const parts: string[] = [];
  if (event.ctrlKey || event.metaKey) parts.push('ctrl');
  if (event.shiftKey) parts.push('shift');
  if (event.altKey) parts.push('alt');
  parts.push(name);
  return parts.join('+');
}

/** The chord of a keyboard event, or null for a bare modifier. */
export function chordFromEvent(event: ChordEvent): string | null {
  const name = keyName(event.code, event.key);
  return name ? withModifiers(name, event) : null;
}

/** The chord of a mouse button press (`leftmouse`, `shift+rightmouse`), as modal keymaps name them. */
export function chordFromButton(button: number, event: Omit<ChordEvent, 'code' | 'key'>): string | null {
  const name = button === 0 ? 'leftmouse' : button === 1 ? 'middlemouse' : button === 2 ? 'rightmouse' : null;
  return name ? withModifiers(name, event) : null;
}

/** A keymap indexed by area and chord. */
export class Keymap {
  private readonly byArea = new Map<KeymapArea, Map<string, KeymapItem>>();
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
  lookup(area: KeymapArea | null, chord: string): KeymapItem | null {
    if (area && area !== 'screen') {
      const item = this.byArea.get(area)?.get(chord);
      if (item) return item;
    }
    return this.byArea.get('screen')?.get(chord) ?? null;
  }

  /**
   * The bindings that run an operator with exactly these properties, screen-wide ones first,
   * leaving out chords the platform keeps for itself (they would never reach the editor).
   * `defaults` (the operator's own) fill in what a binding or the request leaves out.
   */
  bindingsFor(
    operatorId: string,
    properties: KeymapProperties | undefined,
    platform: KeyPlatform,
    defaults: KeymapProperties = {},
  ): KeymapItem[] {
    const wanted = { ...defaults, ...properties };
    return this.items
      .filter(
        (item) =>
          item.operatorId === operatorId &&
          sameProperties({ ...defaults, ...item.properties }, wanted) &&
          !isReserved(item.chord, platform),
      )
      .sort((a, b) => (a.area === 'screen' ? 0 : 1) - (b.area === 'screen' ? 0 : 1));
  }

  /** The binding a menu or hint shows for an operator with these properties on a platform, or null. */
  shortcutFor(
    operatorId: string,
    properties: KeymapProperties | undefined,
    platform: KeyPlatform,
    defaults: KeymapProperties = {},
  ): KeymapItem | null {
    return this.bindingsFor(operatorId, properties, platform, defaults)[0] ?? null;
  }
}
