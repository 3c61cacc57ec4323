/**
 * Undo history over immutable values (model documents). Each entry is a whole document, so undo
 * is a pointer move and never re-applies edits. A gesture (a drag, a typed number being adjusted)
 * opens a mark: every commit carrying the same gesture id replaces the newest entry instead of
 * adding one, so a gesture is always exactly one undo step.
 */

/** One state in the history and the action that produced it. */
export interface HistoryEntry<T> {
  readonly value: T;
  /** What produced this state, for the Edit menu ("Undo Move Keys"). Empty for the initial state. */
  readonly label: string;
  /** The gesture that produced it, while that gesture may still coalesce; null once closed. */
  readonly gesture: string | null;
}

/** The history: entries oldest first, and the index of the present one. */
export interface History<T> {
  readonly entries: readonly HistoryEntry<T>[];
  readonly index: number;
  /** The most entries kept; the oldest are dropped beyond it. */
  readonly limit: number;
}

/** Default depth of the undo stack (Blender's default is 32; documents share their bytes). */
export const DEFAULT_HISTORY_LIMIT = 128;

/** A history holding only the initial value. */
export function createHistory<T>(value: T, limit = DEFAULT_HISTORY_LIMIT): History<T> {
  return { entries: [{ value, label: '', gesture: null }], index: 0, limit: Math.max(1, limit) };
}

/** The present value. */
export function present<T>(history: History<T>): T {
  return history.entries[history.index]!.value;
}

/** Options of a commit. */
export interface CommitOptions {
  /** Commits with the same open gesture id coalesce into one undo step. */
  gesture?: string;
}

/**
 * Records a new present value. Redo entries are dropped. A value identical to the present one
 * records nothing (an edit that changed nothing is not an undo step).
 */
export function commit<T>(history: History<T>, value: T, label: string, options: CommitOptions = {}): History<T> {
  const current = history.entries[history.index]!;
  if (value === current.value) return history;
  const gesture = options.gesture ?? null;
  const kept = history.entries.slice(0, history.index + 1);
  if (gesture !== null && current.gesture === gesture && history.index > 0) {
    kept[kept.length - 1] = { value, label: current.label, gesture };
    return { ...history, entries: kept, index: kept.length - 1 };
  }
  // A new step closes whatever gesture the previous entry belonged to.
  if (current.gesture !== null) kept[kept.length - 1] = { ...current, gesture: null };
  kept.push({ value, label, gesture });
  const overflow = Math.max(0, kept.length - history.limit);
  const entries = overflow > 0 ? kept.slice(overflow) : kept;
  return { ...history, entries, index: entries.length - 1 };
}

/** Closes an open gesture so that the next commit with the same id starts a new step. */
export function endGesture<T>(history: History<T>, gesture: string): History<T> {
  const current = history.entries[history.index]!;
  if (current.gesture !== gesture) return history;
  const entries = history.entries.slice();
  entries[history.index] = { ...current, gesture: null };
  return { ...history, entries };
}

/**
 * A point to roll back to (tldraw's mark): the present value when the mark was taken, and the whole history then
 * (what could be redone included), when the mark was taken of one.
 */
export interface HistoryMark<T> {
  readonly value: T;
  readonly history?: History<T>;
}

/** Marks the present, for a gesture that may be cancelled. */
export function markHistory<T>(history: History<T>): HistoryMark<T> {
  return { value: present(history), history };
}

/**
 * Rolls back to a mark (tldraw's bailToMark): the marked value becomes the present and what the cancelled gesture
 * recorded after it goes, so no redo brings it back — while the steps that could be redone when the mark was taken
 * come back (issue 21: a Shift+D cancelled with Esc, or confirmed without moving, dropped them). Unchanged when
 * nothing was recorded since the mark, or when the marked value is no longer in the history.
 */
export function bailToMark<T>(history: History<T>, mark: HistoryMark<T>): History<T> {
  for (let index = history.index; index >= 0; index -= 1) {
    if (history.entries[index]!.value !== mark.value) continue;
    if (index === history.index) return history;
    const marked = mark.history;
    if (marked && marked.index === index && marked.entries[index]?.value === mark.value) {
      const entries = marked.entries.slice();
      entries[index] = { ...entries[index]!, gesture: null };
      return { ...marked, entries };
    }
    const entries = history.entries.slice(0, index + 1);
    entries[index] = { ...entries[index]!, gesture: null };
    return { ...history, entries, index };
  }
  return history;
}

/** Whether there is a step to undo. */
export function canUndo<T>(history: History<T>): boolean {
  return history.index > 0;
}

/** Whether there is a step to redo. */
export function canRedo<T>(history: History<T>): boolean {
  return history.index < history.entries.length - 1;
}

/** Steps back one entry (closing any open gesture). */
export function undo<T>(history: History<T>): History<T> {
  if (!canUndo(history)) return history;
  const closed = closeAll(history);
  return { ...closed, index: history.index - 1 };
}

/** Steps forward one entry. */
export function redo<T>(history: History<T>): History<T> {
  if (!canRedo(history)) return history;
  return { ...closeAll(history), index: history.index + 1 };
}

/** The label of the step that undo would revert, or null. */
export function undoLabel<T>(history: History<T>): string | null {
  return canUndo(history) ? history.entries[history.index]!.label : null;
}

/** The label of the step that redo would re-apply, or null. */
export function redoLabel<T>(history: History<T>): string | null {
  return canRedo(history) ? history.entries[history.index + 1]!.label : null;
}

function closeAll<T>(history: History<T>): History<T> {
  const current = history.entries[history.index]!;
  if (current.gesture === null) return history;
  const entries = history.entries.slice();
  entries[history.index] = { ...current, gesture: null };
  return { ...history, entries };
}
