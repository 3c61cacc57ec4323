/**
 * Shortcut texts for menus, the search, hints and the keymap list, all looked up in the one keymap
 * (shared/keymap) and shown for the platform the editor runs on, so what a hint says is what the
 * key does.
 */
import { type KeyPlatform, displayChord, keyPlatformOf } from '../../shared/keymap/chords';
import type { ModalAction, ModalKeymapItem } from '../../shared/keymap/default-keymap';
import type { Keymap, KeymapItem } from '../../shared/keymap/keymap';
import type { EditorState } from '../state/editor-store';
import type { OperatorProperties, OperatorRegistry } from './operator';

/** The platform keys are shown for (the host's operating system; the browser shell runs on the same machine). */
export function keyPlatform(state: Pick<EditorState, 'runtime'>): KeyPlatform {
  return keyPlatformOf(state.runtime.platform, state.runtime.kind);
}

/** Looks up what to show for operators. */
export interface Shortcuts {
  readonly platform: KeyPlatform;
  /** The binding of an operator run with these properties (its defaults filled in), or null. */
  binding(operatorId: string, properties?: OperatorProperties): KeymapItem | null;
  /** Its text (`Ctrl Shift Z`, `⌘⇧Z`, `Numpad 1`), or null when no key runs it here. */
  text(operatorId: string, properties?: OperatorProperties): string | null;
  /** Every text of an operator's bindings with these properties (`X / Del`), or null. */
  allTexts(operatorId: string, properties?: OperatorProperties): string | null;
  /** `text (Key)`, or `text (Key verb)` with a verb, or the bare text when no key runs the operator here. */
  hint(text: string, operatorId: string, properties?: OperatorProperties, verb?: string): string;
  /** A chord's text. */
  chord(chord: string): string;
  /** The keys of a modal keymap action (`Click / Enter`). */
  modal(keymap: readonly ModalKeymapItem[], action: ModalAction): string;
  /** A held modifier's name (`Ctrl`, `⌘`). */
  modifier(name: 'ctrl' | 'shift' | 'alt'): string;
}

/** Shortcut lookups for a keymap, the operators' defaults and a platform. */
export function createShortcuts(keymap: Keymap, operators: OperatorRegistry, platform: KeyPlatform): Shortcuts {
  const bindings = (operatorId: string, properties?: OperatorProperties) =>
    keymap.bindingsFor(operatorId, properties, platform, operators.get(operatorId)?.defaults);
  return {
    platform,
    binding: (operatorId, properties) => bindings(operatorId, properties)[0] ?? null,
    text(operatorId, properties) {
      const item = bindings(operatorId, properties)[0];
      return item ? displayChord(item.chord, platform) : null;
    },
    allTexts(operatorId, properties) {
      const texts = [...new Set(bindings(operatorId, properties).map((item) => displayChord(item.chord, platform)))];
      return texts.length > 0 ? texts.join(' / ') : null;
    },
    hint(text, operatorId, properties, verb) {
      const item = bindings(operatorId, properties)[0];
      return item ? `${text} (${displayChord(item.chord, platform)}${verb ? ` ${verb}` : ''})` : text;
    },
    chord: (chord) => displayChord(chord, platform),
    modal: (keymap, action) =>
      keymap
        .filter((item) => item.action === action)
        .map((item) => displayChord(item.chord, platform))
        .join(' / '),
    modifier: (name) =>
      platform.os === 'mac'
        ? { ctrl: '⌘', shift: '⇧', alt: '⌥' }[name]
        : { ctrl: 'Ctrl', shift: 'Shift', alt: 'Alt' }[name],
  };
}
