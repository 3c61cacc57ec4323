/**
 * The one place keys are handled: a window-level listener turns each key press into a chord,
 * looks it up in the keymap for the hovered area (then screen-wide) and runs the operator.
 * Typing in a text field keeps its keys, except for the file chords and F3; a modal (dialog,
 * grab) gets Esc and Enter first through its own handlers.
 */
import { chordFromEvent, type Keymap } from '../operators/keymap';
import { type OperatorRegistry, contextFor } from '../operators/operator';
import type { EditorStore } from '../state/editor-store';

/** Chords that still work while a text field has the focus. */
const CHORDS_IN_FIELDS = new Set(['ctrl+s', 'ctrl+shift+s', 'ctrl+o', 'f3']);

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'range'].includes(target.type);
}

/** Installs the listener; returns the function that removes it. */
export function installKeyboard(
  store: EditorStore,
  operators: OperatorRegistry,
  keymap: Keymap,
  pointer: () => { x: number; y: number } | null,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const chord = chordFromEvent(event);
    if (!chord) return;
    const state = store.getState();
    if (state.dialog) return;
    if (isTextField(event.target) && !CHORDS_IN_FIELDS.has(chord)) return;
    const area = state.hoveredArea ?? 'screen';
    const item = keymap.lookup(area, chord);
    if (!item) return;
    const ran = operators.run(item.operatorId, contextFor(store, area, item.properties ?? {}, pointer()));
    // Keys the browser would act on (Ctrl+S saves the page, Space scrolls) are taken even when
    // the operator could not run, so nothing surprising happens.
    if (ran || chord.startsWith('ctrl+') || chord === 'space' || /^f\d+$/.test(chord)) event.preventDefault();
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}
