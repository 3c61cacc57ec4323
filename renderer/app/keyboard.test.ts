// @vitest-environment happy-dom
import { fixtureCodec } from '../testing/fixture-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Keymap } from '../../shared/keymap/keymap';
import { type ModalEvent, OperatorRegistry, contextFor } from '../operators/operator';
import { createEditorStore } from '../state/editor-store';
import { installKeyboard } from './keyboard';

describe('keyboard dispatch', () => {
  const ran: string[] = [];
  const modal: string[] = [];
  let remove: () => void;
  let operators: OperatorRegistry;
  const store = createEditorStore({ codec: fixtureCodec, host: null });

  beforeEach(() => {
    ran.length = 0;
    modal.length = 0;
    operators = new OperatorRegistry().register(
      ...['wm.save', 'action.delete', 'view3d.view_all', 'view.frame_all'].map((id) => ({
        id,
        label: id,
        description: '',
        poll: () => true,
        execute: () => void ran.push(id),
      })),
      { id: 'never', label: 'never', description: '', poll: () => false, execute: () => void ran.push('never') },
      {
        id: 'grab',
        label: 'grab',
        description: '',
        poll: () => true,
        execute: () => undefined,
        // Records what it gets; Enter or a click finishes it.
        invoke: () => ({
          modal: (event: ModalEvent) => {
            modal.push(`${event.type}:${event.chord ?? ''}`);
            return event.chord === 'enter' || event.chord === 'leftmouse' ? 'finished' : 'running';
          },
          cancel: () => void modal.push('cancel'),
        }),
      },
    );
    const keymap = new Keymap([
      { area: 'screen', chord: 'ctrl+s', operatorId: 'wm.save' },
      { area: 'screen', chord: 'home', operatorId: 'view.frame_all' },
      { area: 'viewport', chord: 'home', operatorId: 'view3d.view_all' },
      { area: 'timeline', chord: 'x', operatorId: 'action.delete' },
      { area: 'screen', chord: 'ctrl+q', operatorId: 'never' },
    ]);
    remove = installKeyboard(store, operators, keymap, () => null);
    store.setState({ hoveredArea: null, dialog: null });
  });

  afterEach(() => {
    remove();
    document.body.innerHTML = '';
  });

  const press = (target: EventTarget, init: KeyboardEventInit) => {
    const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };

  it('sends a key to the hovered area first, then screen-wide', () => {
    store.setState({ hoveredArea: 'viewport' });
    press(window, { code: 'Home', key: 'Home' });
    store.setState({ hoveredArea: 'outliner' });
    press(window, { code: 'Home', key: 'Home' });
    expect(ran).toEqual(['view3d.view_all', 'view.frame_all']);
  });

  it('leaves typing in a text field alone, except the file chords', () => {
    store.setState({ hoveredArea: 'timeline' });
    const field = document.createElement('input');
    document.body.append(field);
    const typed = press(field, { code: 'KeyX', key: 'x' });
    expect(ran).toEqual([]);
    expect(typed.defaultPrevented).toBe(false);
    const saved = press(field, { code: 'KeyS', key: 's', ctrlKey: true });
    expect(ran).toEqual(['wm.save']);
    expect(saved.defaultPrevented).toBe(true);
  });

  it('takes browser chords even when the operator cannot run, and ignores keys while a dialog is open', () => {
    const quit = press(window, { code: 'KeyQ', key: 'q', ctrlKey: true });
    expect(ran).toEqual([]);
    expect(quit.defaultPrevented).toBe(true);
    store.setState({ dialog: { kind: 'about' } });
    press(window, { code: 'KeyS', key: 's', ctrlKey: true });
    expect(ran).toEqual([]);
  });
  it('a running modal gets every key and pointer event first, wherever the pointer is', () => {
    store.setState({ hoveredArea: 'timeline' });
    const button = document.createElement('button');
    const clicks: string[] = [];
    button.addEventListener('pointerdown', () => clicks.push('pointerdown'));
    button.addEventListener('click', () => clicks.push('click'));
    document.body.append(button);
    operators.run('grab', contextFor(store, 'timeline'));
    const x = press(window, { code: 'KeyX', key: 'x' });
    expect(x.defaultPrevented).toBe(true);
    expect(ran).toEqual([]);
    button.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 40 }));
    const down = new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(down);
    button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0 }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(modal).toEqual(['keydown:x', 'pointermove:', 'pointerdown:leftmouse']);
    expect(operators.modalRunning).toBe(false);
    // The click that confirmed never reached the button; the next one does.
    expect(clicks).toEqual([]);
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(clicks).toEqual(['pointerdown', 'click']);
    // Keys reach the keymap again.
    press(window, { code: 'KeyX', key: 'x' });
    expect(ran).toEqual(['action.delete']);
  });
});
