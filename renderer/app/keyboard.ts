/**
 * The one place keys are handled: a window-level listener turns each key press into a chord,
 * looks it up in the keymap for the hovered area (then screen-wide) and runs the operator.
 * Typing in a text field keeps its keys, except for the file chords and F3; a dialog gets its own
 * keys. While a modal operator runs (the grab), it gets every key and pointer event first, in the
 * capture phase, wherever the pointer is — the click that confirms it never reaches what is under
 * the pointer.
 */
import { chordFromButton, chordFromEvent, type Keymap } from '../../shared/keymap/keymap';
import { type ModalEvent, type OperatorRegistry, contextFor } from '../operators/operator';
import type { EditorStore } from '../state/editor-store';

/** Chords that still work while a text field has the focus. */
const CHORDS_IN_FIELDS = new Set(['ctrl+s', 'ctrl+shift+s', 'ctrl+o', 'f3']);

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'range'].includes(target.type);
}

/** A key or pointer event as modal operators see it. */
export function modalEvent(
  type: ModalEvent['type'],
  event: KeyboardEvent | PointerEvent | MouseEvent,
  pointer: { x: number; y: number } | null,
): ModalEvent {
  const modifiers = { ctrlKey: event.ctrlKey || event.metaKey, shiftKey: event.shiftKey, altKey: event.altKey };
  const flags = { ...modifiers, metaKey: false };
  if (event instanceof KeyboardEvent)
    return {
      type,
      chord: chordFromEvent({ code: event.code, key: event.key, ...flags }),
      x: pointer?.x ?? 0,
      y: pointer?.y ?? 0,
      ...modifiers,
    };
  return {
    type,
    chord: type === 'pointermove' ? null : chordFromButton(event.button, flags),
    x: event.clientX,
    y: event.clientY,
    ...modifiers,
  };
}

/** Installs the listeners; returns the function that removes them. */
export function installKeyboard(
  store: EditorStore,
  operators: OperatorRegistry,
  keymap: Keymap,
  pointer: () => { x: number; y: number } | null,
): () => void {
  // A running modal gets keys first, in the capture phase (before menus, fields and the keymap).
  const onModalKey = (type: 'keydown' | 'keyup') => (event: KeyboardEvent) => {
    if (!operators.modalRunning || event.isComposing) return;
    if (!operators.dispatchModal(modalEvent(type, event, pointer()))) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const chord = chordFromEvent(event);
    if (!chord) return;
    const state = store.getState();
    // A dialog gets its own keys; so does a render's progress panel (Esc cancels it), and nothing else runs meanwhile.
    if (state.dialog || state.render) return;
    if (isTextField(event.target) && !CHORDS_IN_FIELDS.has(chord)) return;
    const area = state.hoveredArea ?? 'screen';
    const item = keymap.lookup(area, chord);
    if (!item) return;
    const ran = operators.run(item.operatorId, contextFor(store, area, item.properties ?? {}, pointer()));
    // Keys the browser would act on (Ctrl+S saves the page, Space scrolls) are taken even when
    // the operator could not run, so nothing surprising happens.
    if (ran || chord.startsWith('ctrl+') || chord === 'space' || /^f\d+$/.test(chord)) event.preventDefault();
  };
  // After a modal took a press or a release, the release, click and context menu that follow belong to it too.
  let swallowRelease = false;
  let swallowClick = false;
  const onPointer = (type: ModalEvent['type']) => (event: PointerEvent) => {
    if (!operators.modalRunning) {
      if (type === 'pointerdown') swallowRelease = swallowClick = false;
      if (type === 'pointerup' && swallowRelease) {
        swallowRelease = false;
        event.stopPropagation();
      }
      return;
    }
    if (!operators.dispatchModal(modalEvent(type, event, null))) return;
    event.stopPropagation();
    if (type === 'pointermove') return;
    event.preventDefault();
    swallowRelease = type === 'pointerdown';
    swallowClick = true;
  };
  const onClick = (event: MouseEvent) => {
    if (!swallowClick && !operators.modalRunning) return;
    if (event.type === 'click') swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
  };
  const listeners: [string, EventListener, boolean][] = [
    ['keydown', onModalKey('keydown') as EventListener, true],
    ['keyup', onModalKey('keyup') as EventListener, true],
    ['keydown', onKeyDown as EventListener, false],
    ['pointerdown', onPointer('pointerdown') as EventListener, true],
    ['pointermove', onPointer('pointermove') as EventListener, true],
    ['pointerup', onPointer('pointerup') as EventListener, true],
    ['click', onClick as EventListener, true],
    ['contextmenu', onClick as EventListener, true],
  ];
  for (const [type, listener, capture] of listeners) window.addEventListener(type, listener, capture);
  return () => {
    for (const [type, listener, capture] of listeners) window.removeEventListener(type, listener, capture);
  };
}
