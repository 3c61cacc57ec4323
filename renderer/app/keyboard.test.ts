// @vitest-environment happy-dom
import { fixtureCodec } from '../testing/fixture-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Keymap } from '../../shared/keymap/keymap';
import { OperatorRegistry } from '../operators/operator';
import { createEditorStore } from '../state/editor-store';
import { installKeyboard } from './keyboard';

describe('keyboard dispatch', () => {
  const ran: string[] = [];
  let remove: () => void;
  const store = createEditorStore({ codec: fixtureCodec, host: null });

  beforeEach(() => {
    ran.length = 0;
    const operators = new OperatorRegistry().register(
      ...['wm.save', 'action.delete', 'view3d.view_all', 'view.frame_all'].map((id) => ({
        id,
        label: id,
        description: '',
        poll: () => true,
        execute: () => void ran.push(id),
      })),
      { id: 'never', label: 'never', description: '', poll: () => false, execute: () => void ran.push('never') },
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
});
