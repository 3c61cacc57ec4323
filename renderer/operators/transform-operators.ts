/**
 * The grab, as Blender's modal transform: `transform.transform` (G, or a drag on a selected key)
 * and `action.duplicate_move` (Shift+D / Ctrl+D, Edit ▸ Duplicate Keys) are modal operators that
 * own the gesture. Mouse moves update the drag preview (snapped to other keys and sequence bounds,
 * whole ms); a click or Enter confirms it as ONE undo step (the duplicate and its move together);
 * Esc or a right-click cancels, rolling the document back to the mark taken when it began
 * (tldraw's marks) — a cancelled duplicate leaves the document, its undo history and the selection
 * as they were. The keys that confirm and cancel come from the modal keymap (shared/keymap).
 */
import { displayChord } from '../../shared/keymap/chords';
import {
  TRANSFORM_MODAL_KEYMAP,
  TRANSFORM_SNAP_INVERT_MODIFIER,
  modalAction,
} from '../../shared/keymap/default-keymap';
import type { ModelDocument } from '../../shared/events/document';
import { areaCommands } from '../state/area-commands';
import { rollBackTo } from '../state/document-actions';
import { currentDocument } from '../state/editor-store';
import { type HistoryMark, markHistory } from '../state/history';
import {
  beginKeyDrag,
  cancelKeyDrag,
  commitKeyDrag,
  duplicateSelectedKeys,
  setSelection,
  updateKeyDrag,
} from '../state/key-actions';
import { SNAP_DISTANCE_PX, boundedDelta, clampDelta, deltaBounds, snapDelta, snapTargets } from '../state/key-snapping';
import { type Selection, keyAddress, keyId } from '../state/selection';
import { typedMs, typedUnitLabel, typeNumeric } from '../state/numeric-input';
import { defineOperator, hasSelectedKeys, notDragging, stateOf } from './define';
import type { ModalEvent, ModalHandler, ModalResult, Operator, OperatorContext } from './operator';
import { keyPlatform } from './shortcuts';

/** What a duplicate hands its grab: the gesture its copy was recorded under, the mark and selection before it. */
interface DuplicateStart {
  gesture: string;
  mark: HistoryMark<ModelDocument>;
  selectionBefore: Selection;
}

let duplicates = 0;

/** The key the snapping follows: `anchor` (a key id) when selected, else the active key, else the first selected. */
function anchorOf(selection: Selection, anchor: unknown) {
  if (typeof anchor === 'number' && selection.keys.has(anchor)) return keyAddress(anchor);
  const active = selection.active;
  if (active?.kind === 'key' && selection.keys.has(keyId(active.objectIndex, active.frameIndex)))
    return { objectIndex: active.objectIndex, frameIndex: active.frameIndex };
  return keyAddress([...selection.keys][0]!);
}

/**
 * The status-bar text while a grab runs: its keys, from the modal keymap, for the platform; with a typed value, that
 * value and its unit instead of the mouse.
 */
function grabHint(context: OperatorContext, count: number, duplicate: boolean, snapping: boolean, typed = ''): string {
  const platform = keyPlatform(context.store.getState());
  const keys = (action: 'confirm' | 'cancel') =>
    TRANSFORM_MODAL_KEYMAP.filter((item) => item.action === action)
      .map((item) => displayChord(item.chord, platform))
      .join(' / ');
  const modifier = platform.os === 'mac' ? '⌘' : displayChord(TRANSFORM_SNAP_INVERT_MODIFIER, platform);
  const what = `${duplicate ? 'Duplicate' : 'Move'} ${count} key${count === 1 ? '' : 's'}`;
  if (typed)
    return (
      `${what} by ${typed} ${typedUnitLabel(context.store.getState().session.timeline.unit)} (typed; Backspace ` +
      `edits, empty follows the mouse) · ${keys('confirm')} to confirm · ${keys('cancel')} to cancel`
    );
  return (
    `${what}: move the mouse · ${keys('confirm')} to confirm · ${keys('cancel')} to cancel` +
    `${duplicate ? ' (removes the copies)' : ''} · hold ${modifier} to ${snapping ? 'move freely' : 'snap'}`
  );
}

/** Starts the grab of the selected keys; null when there is nothing to move. */
function startGrab(context: OperatorContext, event: ModalEvent | null, duplicate: DuplicateStart | null) {
  const { store, properties } = context;
  const state = store.getState();
  const document = currentDocument(state);
  if (!document || state.selection.keys.size === 0) return null;
  const anchor = anchorOf(state.selection, properties.anchor);
  if (!beginKeyDrag(store, anchor, duplicate?.gesture ?? null)) return null;
  const keys = store.getState().drag!.keys;
  const anchorMs = document.eventObjects[anchor.objectIndex]!.frames[anchor.frameIndex]!;
  const targets = snapTargets(document, keys);
  const bounds = deltaBounds(document, keys);
  const releaseConfirm = properties.release_confirm === true;
  let startX = event?.press?.x ?? event?.x ?? context.pointer?.x ?? null;
  let pointerX = event?.x ?? startX;
  let invertSnapping = event?.ctrlKey ?? false;
  let shownHint = '';
  /** What was typed (Blender's numeric input): while it holds a number, it is the move instead of the mouse. */
  let typed = '';

  const update = () => {
    const latest = store.getState();
    const snapping = latest.session.timeline.snapping !== invertSnapping;
    const hint = grabHint(context, keys.length, duplicate !== null, snapping, typed);
    if (hint !== shownHint) {
      shownHint = hint;
      store.setState({ hint });
    }
    const { unit } = latest.session.timeline;
    const typedDelta = typedMs(typed, unit, latest.session.playback.frameStepMs);
    if (!Number.isNaN(typedDelta)) {
      updateKeyDrag(store, clampDelta(bounds, typedDelta));
      return;
    }
    if (startX === null || pointerX === null) return;
    const view = latest.session.timeline.view;
    const rawMs = (pointerX - startX) / view.pixelsPerMs;
    const frameStepMs = unit === 'frames' ? latest.session.playback.frameStepMs : 0;
    const threshold = SNAP_DISTANCE_PX / view.pixelsPerMs;
    updateKeyDrag(
      store,
      snapDelta(anchorMs, rawMs, targets, threshold, snapping, bounds.minimumMs, frameStepMs, bounds.maximumMs),
    );
  };
  const cancel = () => {
    cancelKeyDrag(store);
    if (duplicate) {
      rollBackTo(store, duplicate.mark);
      setSelection(store, duplicate.selectionBefore);
    }
    store.setState({ hint: '' });
  };
  const confirm = (): ModalResult => {
    const drag = store.getState().drag;
    if (duplicate && drag?.deltaMs === 0) {
      cancel();
      store.setState({
        notice: {
          text: 'Duplicate: the copies were not moved off the originals, so none were added',
          severity: 'info',
          at: performance.now(),
        },
      });
      return 'cancelled';
    }
    const moved = commitKeyDrag(store);
    if (duplicate && !moved) {
      // The move was refused (the notice says why): the copies must not stay on their originals.
      rollBackTo(store, duplicate.mark);
      setSelection(store, duplicate.selectionBefore);
    }
    store.setState({ hint: '' });
    return 'finished';
  };
  update();
  const handler: ModalHandler = {
    modal(input) {
      // Undo, opening a file or closing it dropped the preview: the grab is over.
      if (store.getState().drag === null) {
        store.setState({ hint: '' });
        return 'cancelled';
      }
      invertSnapping = input.ctrlKey;
      if (input.type === 'pointermove') {
        pointerX = input.x;
        startX ??= input.x;
        update();
        return 'running';
      }
      if (input.chord === null) {
        update();
        return 'running';
      }
      const typing = input.type === 'keydown' ? typeNumeric(typed, input.chord) : null;
      if (typing !== null) {
        typed = typing;
        // Emptied: the mouse moves the keys again, from where it is.
        if (typed === '') updateKeyDrag(store, 0);
        update();
        return 'running';
      }
      const action = modalAction(TRANSFORM_MODAL_KEYMAP, input.chord);
      const pressed = input.type === 'keydown' || input.type === 'pointerdown';
      if (pressed && action === 'cancel') {
        cancel();
        return 'cancelled';
      }
      if ((pressed && action === 'confirm') || (input.type === 'pointerup' && releaseConfirm && action === 'confirm'))
        return confirm();
      return 'running';
    },
    cancel,
  };
  return handler;
}

const grabPoll = (context: OperatorContext) =>
  hasSelectedKeys(context) && notDragging(context) && areaCommands(context.store, 'timeline') !== undefined;

/** The dope sheet's modal grab and duplicate. */
export function transformOperators(): Operator[] {
  return [
    {
      ...defineOperator(
        'transform.transform',
        'Move Keys',
        'Move the selected keys with the mouse, snapping to other keys and sequence bounds',
        // Scripted (no events): move by `delta_ms` as one step.
        ({ store, properties }) => {
          const state = store.getState();
          const delta = Math.round(Number(properties.delta_ms) || 0);
          if (delta === 0 || !beginKeyDrag(store, anchorOf(state.selection, properties.anchor))) return;
          updateKeyDrag(store, boundedDelta(currentDocument(state)!, store.getState().drag!.keys, delta));
          commitKeyDrag(store);
        },
        grabPoll,
      ),
      invoke: (context, event) => startGrab(context, event, null),
    },
    {
      ...defineOperator(
        'action.duplicate_move',
        'Duplicate Keys',
        'Duplicate the selected keys and move the copies with the mouse',
        // Scripted (no events): duplicate and move the copies by `delta_ms` as one step.
        (context) => {
          const handler = duplicateAndGrab(context, null);
          const delta = Math.round(Number(context.properties.delta_ms) || 0);
          if (!handler) return;
          const drag = context.store.getState().drag;
          const document = currentDocument(context.store.getState());
          if (delta !== 0 && drag && document) updateKeyDrag(context.store, boundedDelta(document, drag.keys, delta));
          handler.modal({
            type: 'keydown',
            chord: 'enter',
            x: 0,
            y: 0,
            ctrlKey: false,
            shiftKey: false,
            altKey: false,
          });
        },
        grabPoll,
      ),
      invoke: duplicateAndGrab,
    },
  ];
}

/** Duplicates the selected keys under a new gesture and starts the grab of the copies. */
function duplicateAndGrab(context: OperatorContext, event: ModalEvent | null): ModalHandler | null {
  const { store } = context;
  const state = stateOf(context);
  if (!state.history) return null;
  duplicates += 1;
  const start: DuplicateStart = {
    gesture: `duplicate-${duplicates}`,
    mark: markHistory(state.history),
    selectionBefore: state.selection,
  };
  if (!duplicateSelectedKeys(store, start.gesture)) return null;
  const handler = startGrab({ ...context, properties: { ...context.properties, anchor: -1 } }, event, start);
  if (!handler) {
    rollBackTo(store, start.mark);
    setSelection(store, start.selectionBefore);
  }
  return handler;
}
