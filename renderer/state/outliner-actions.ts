/**
 * Outliner actions: selecting event objects and links (which selects their channels and keys in
 * the timeline and shows them in the properties), adding, renaming and deleting links and objects.
 */
import type { ModelDocument, MrfLink } from '../../shared/events/document';
import { findLink, linkEndpointIndices } from '../../shared/events/links';
import { playedSpanAt } from '../../shared/events/visibility';
import { editDocument } from './document-actions';
import { type EditorStore, currentDocument } from './editor-store';
import { requestAreaCommand } from './area-commands';
import { type ActiveItem, EMPTY_SELECTION, type SelectMode, combine, keepActive, keyId } from './selection';
import { setPlayhead, updateSession } from './session-actions';

function keysOf(document: ModelDocument, objectIndices: Iterable<number>): number[] {
  const keys: number[] = [];
  for (const index of objectIndices) {
    const frames = document.eventObjects[index]?.frames ?? [];
    for (let frame = 0; frame < frames.length; frame += 1) keys.push(keyId(index, frame));
  }
  return keys;
}

/** Selects event objects (and their keys); the first becomes active. */
export function selectObjects(
  store: EditorStore,
  objectIndices: readonly number[],
  mode: SelectMode = 'replace',
): void {
  const state = store.getState();
  const document = currentDocument(state);
  if (!document) return;
  const objects = combine(state.selection.objects, objectIndices, mode);
  const keys =
    mode === 'replace'
      ? new Set(keysOf(document, objectIndices))
      : combine(
          state.selection.keys,
          keysOf(document, objectIndices),
          mode === 'toggle' ? (objects.has(objectIndices[0]!) ? 'extend' : 'subtract') : mode,
        );
  const first = objectIndices[0];
  const active: ActiveItem | null =
    first !== undefined && objects.has(first)
      ? { kind: 'object', objectIndex: first }
      : mode === 'replace'
        ? null
        : state.selection.active;
  const selection = { keys, objects, links: mode === 'replace' ? new Set<string>() : state.selection.links, active };
  store.setState({ selection: { ...selection, active: keepActive(selection) } });
}

/** Selects a link: both of its objects and their keys; the link becomes active. */
export function selectLink(store: EditorStore, id: string, mode: SelectMode = 'replace'): void {
  const state = store.getState();
  const document = currentDocument(state);
  const link = document && findLink(document.links, id);
  if (!document || !link) return;
  const indices = linkEndpointIndices(link);
  const upper = link.id.toUpperCase();
  const links = combine(state.selection.links, [upper], mode);
  const selected = links.has(upper);
  const keyMode: SelectMode = mode === 'replace' ? 'replace' : selected ? 'extend' : 'subtract';
  const selection = {
    keys: combine(state.selection.keys, keysOf(document, indices), keyMode),
    objects: combine(state.selection.objects, indices, keyMode),
    links,
    active: selected ? ({ kind: 'link', id: link.id } as const) : mode === 'replace' ? null : state.selection.active,
  };
  store.setState({ selection: { ...selection, active: keepActive(selection) } });
}

/** Makes a sequence or global sequence the active item (properties), keeping nothing else selected. */
export function activateItem(store: EditorStore, active: ActiveItem): void {
  store.setState({ selection: { ...EMPTY_SELECTION, active } });
}

/**
 * A click on a sequence in the outliner: it becomes the active item and the timeline's sequence,
 * the timeline frames its range and the playhead goes to its start.
 */
export function activateSequence(store: EditorStore, sequenceIndex: number): void {
  const sequence = currentDocument(store.getState())?.sequences[sequenceIndex];
  if (!sequence) return;
  activateItem(store, { kind: 'sequence', sequenceIndex });
  updateSession(store, (session) => ({ ...session, timeline: { ...session.timeline, sequenceIndex } }));
  setPlayhead(store, sequence.start);
  requestAreaCommand(store, 'timeline', 'viewAll');
}

/** The next free four-digit link id (0000, 0001, …). */
export function nextLinkId(document: ModelDocument): string {
  const used = new Set(document.links.map((link) => link.id.toUpperCase()));
  for (let number = 0; number < 10_000; number += 1) {
    const id = String(number).padStart(4, '0');
    if (!used.has(id)) return id;
  }
  return `${Date.now()}`;
}

/** How long a new link shows its cape when nothing says otherwise (Add MRF Link). */
export const NEW_LINK_SHOWN_MS = 3000;

/**
 * Where a new link shown at `showMs` for `shownMs` hides its cape: that long after, or at the end of the sequence that
 * plays the show when that comes sooner (a hide past it would never fire). Null when the show is at that very end:
 * a hide there would take the cape off in the same update (shared/events/visibility.ts), so the link gets none.
 */
export function newLinkHideMs(document: ModelDocument, showMs: number, shownMs: number): number | null {
  const span = playedSpanAt(document.sequences, showMs);
  const hideMs = Math.min(showMs + shownMs, span ? span.endMs : Number.POSITIVE_INFINITY);
  return hideMs > showMs ? hideMs : null;
}

/**
 * Adds a link shown at `showMs` (whole ms, not before 0) for `shownMs` — hidden within the sequence that plays the
 * show ({@link newLinkHideMs}) — and selects it.
 */
export function addLink(store: EditorStore, id: string, showMs: number, shownMs = NEW_LINK_SHOWN_MS): boolean {
  const document = currentDocument(store.getState());
  if (!document) return false;
  const show = Math.max(0, Math.round(showMs));
  const hide = newLinkHideMs(document, show, Math.max(1, Math.round(shownMs)));
  const outcome = editDocument(
    store,
    { kind: 'addLink', id, showFrames: [show], hideFrames: hide === null ? [] : [hide] },
    `Add Link ${id}`,
  );
  if (outcome.applied) selectLink(store, id);
  return outcome.applied;
}

/** Renames a link's ID (both of its objects). */
export function renameLink(store: EditorStore, id: string, newId: string): boolean {
  const outcome = editDocument(store, { kind: 'renameLink', id, newId }, `Rename Link ${id} to ${newId}`, {
    selectionAfter: (_before, after, selection) => {
      const link = findLink(after.links, newId);
      return link
        ? { ...selection, links: new Set([link.id.toUpperCase()]), active: { kind: 'link', id: link.id } }
        : selection;
    },
  });
  return outcome.applied;
}

/** Renames one event object (its full name). */
export function renameObject(store: EditorStore, objectIndex: number, name: string): boolean {
  return editDocument(store, { kind: 'renameEventObject', objectIndex, name }, `Rename to ${name}`).applied;
}

/**
 * Deletes what the Outliner lights (one undo step): each selected link's show and hide objects, and each selected
 * event object — those and no other. A second show or hide object of a link (one more `MRDx0003`) is not the link's,
 * and stays unless it is selected itself (issue 21: deleting the link removed every object of its ID, and the
 * selected second one's index then pointed at the object after it, which was deleted too).
 */
export function deleteSelectedItems(store: EditorStore): boolean {
  const state = store.getState();
  const document = currentDocument(state);
  if (!document) return false;
  const removed = new Set<number>();
  const links: string[] = [];
  for (const id of state.selection.links) {
    const link = findLink(document.links, id);
    if (!link) continue;
    links.push(link.id);
    for (const index of linkEndpointIndices(link)) removed.add(index);
  }
  const linkObjects = removed.size;
  for (const index of state.selection.objects) if (index < document.eventObjects.length) removed.add(index);
  if (removed.size === 0) return false;
  // Highest index first: each removal leaves the indices below it as they were.
  const edits = [...removed]
    .sort((a, b) => b - a)
    .map((objectIndex) => ({ kind: 'removeEventObject' as const, objectIndex }));
  const only = [...removed][0]!;
  const label =
    links.length === 1 && removed.size === linkObjects
      ? `Delete Link ${links[0]}`
      : edits.length === 1
        ? `Delete ${document.eventObjects[only]?.name ?? 'Object'}`
        : `Delete ${edits.length} Items`;
  return editDocument(store, edits.length === 1 ? edits[0]! : { kind: 'batch', edits }, label, {
    selectionAfter: () => EMPTY_SELECTION,
  }).applied;
}
