import { describe, expect, it } from 'vitest';
import {
  bailToMark,
  canRedo,
  canUndo,
  commit,
  markHistory,
  createHistory,
  endGesture,
  present,
  redo,
  redoLabel,
  undo,
  undoLabel,
} from './history';

describe('history', () => {
  it('undoes and redoes committed values in order', () => {
    let history = createHistory('a');
    history = commit(history, 'b', 'B');
    history = commit(history, 'c', 'C');
    expect(present(history)).toBe('c');
    expect(undoLabel(history)).toBe('C');
    history = undo(history);
    expect(present(history)).toBe('b');
    history = undo(history);
    expect(present(history)).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(present(undo(history))).toBe('a');
    history = redo(history);
    expect(present(history)).toBe('b');
    expect(redoLabel(history)).toBe('C');
  });

  it('drops the redo branch when a new value is committed after undo', () => {
    let history = commit(commit(createHistory(1), 2, 'two'), 3, 'three');
    history = undo(history);
    history = commit(history, 4, 'four');
    expect(present(history)).toBe(4);
    expect(canRedo(history)).toBe(false);
    expect(present(undo(history))).toBe(2);
  });

  it('records nothing when the committed value is the present one', () => {
    const value = { frames: [1] };
    const history = createHistory(value);
    expect(commit(history, value, 'no-op')).toBe(history);
  });

  it('coalesces every commit of one gesture into a single undo step', () => {
    let history = createHistory(0);
    for (let step = 1; step <= 5; step += 1) history = commit(history, step, 'Drag', { gesture: 'drag-1' });
    expect(history.entries).toHaveLength(2);
    expect(present(history)).toBe(5);
    expect(present(undo(history))).toBe(0);
  });

  it('starts a new step once the gesture is ended, even with the same id', () => {
    let history = commit(createHistory(0), 1, 'Type', { gesture: 'field' });
    history = endGesture(history, 'field');
    history = commit(history, 2, 'Type', { gesture: 'field' });
    expect(history.entries).toHaveLength(3);
    expect(present(undo(history))).toBe(1);
  });

  it('a different gesture or a plain commit does not merge into an open gesture', () => {
    let history = commit(createHistory(0), 1, 'A', { gesture: 'a' });
    history = commit(history, 2, 'B', { gesture: 'b' });
    history = commit(history, 3, 'C');
    expect(history.entries.map((entry) => entry.value)).toEqual([0, 1, 2, 3]);
  });

  it('keeps at most `limit` entries, dropping the oldest', () => {
    let history = createHistory(0, 3);
    for (let step = 1; step <= 5; step += 1) history = commit(history, step, String(step));
    expect(history.entries.map((entry) => entry.value)).toEqual([3, 4, 5]);
    history = undo(undo(history));
    expect(present(history)).toBe(3);
    expect(canUndo(history)).toBe(false);
  });
  it('bails to a mark: the gesture’s steps are gone, no redo brings them back, the earlier redo comes back', () => {
    let history = commit(createHistory(0), 1, 'A');
    history = commit(history, 2, 'Redo me');
    history = undo(history);
    const mark = markHistory(history);
    expect(bailToMark(history, mark)).toBe(history);
    history = commit(history, 5, 'Duplicate', { gesture: 'duplicate-1' });
    history = commit(history, 6, 'Move', { gesture: 'duplicate-1' });
    const bailed = bailToMark(history, mark);
    expect(present(bailed)).toBe(1);
    // The step that could be redone before the gesture can be again (issue 21: a cancelled Shift+D dropped it).
    expect(bailed.entries.map((entry) => entry.value)).toEqual([0, 1, 2]);
    expect(present(redo(bailed))).toBe(2);
    // A mark of a value alone (no history then): what came after it goes.
    const bare = bailToMark(history, { value: 1 });
    expect(bare.entries.map((entry) => entry.value)).toEqual([0, 1]);
    expect(canRedo(bare)).toBe(false);
    // Beyond the limit the marked entry may shift or drop out: found by value, or nothing changes.
    let short = commit(createHistory(0, 2), 1, 'A');
    const early = markHistory(short);
    short = commit(commit(short, 2, 'B'), 3, 'C');
    expect(bailToMark(short, early)).toBe(short);
  });
});
