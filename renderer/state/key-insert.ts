/**
 * Insert Key (I in the dope sheet), on the rows the user selected and nothing else:
 * - a selected link row (or both of a link's object rows) gets the one key that flips its cape at
 *   the playhead: a show where the cape is hidden, a hide where it is shown;
 * - any other selected row (an event object row, or the row of a selected key) gets a key at the
 *   playhead when it has none there;
 * - a show and a hide of one link never share a millisecond: a key whose partner already has one
 *   at the playhead is not inserted, and the status bar says why;
 * - an object on a global sequence gets no key past that sequence's length (the game never reaches it).
 * With no row selected the status bar says so and the document is not touched.
 */
import type { ModelDocument, ModelEdit, MrfLink } from '../../shared/events/document';
import { editDocument } from './document-actions';
import { type EditorStore, currentDocument } from './editor-store';
import { notify } from './dialog-actions';
import { keyAddress, keyId } from './selection';
import { linkShowTime, playedSpanAt } from '../../shared/events/visibility';

/** The outcome of planning an insert: the keys to add, and why selected rows get none. */
export interface InsertPlan {
  /** Object index → the frame to add (one key per object). */
  keys: Map<number, number>;
  /** One sentence per selected row that gets no key. */
  skipped: string[];
  /** Whether any row was selected at all. */
  anyRow: boolean;
}

/** The link an event object is the show or hide object of. */
function linkOfObject(document: ModelDocument, objectIndex: number): MrfLink | undefined {
  return document.links.find((link) => link.showIndex === objectIndex || link.hideIndex === objectIndex);
}

/** The length (ms) of the global sequence an event object runs on, or undefined when it runs on none. */
export function globalSequenceLength(document: ModelDocument, objectIndex: number): number | undefined {
  const id = document.eventObjects[objectIndex]?.globalSequenceId ?? null;
  return id === null ? undefined : document.globalSequences[id];
}

/** Why an object on a global sequence cannot have a key at `frame` (past the sequence's length), or null. */
export function beyondGlobalSequence(document: ModelDocument, objectIndex: number, frame: number): string | null {
  const length = globalSequenceLength(document, objectIndex);
  if (length === undefined || frame <= length) return null;
  const object = document.eventObjects[objectIndex]!;
  return (
    `${object.name} runs on global sequence ${object.globalSequenceId} (${length} ms): a key at ${frame} ms would ` +
    'never fire'
  );
}

/** The frame a link's flipping key goes to, or a reason there is none. */
function planLinkFlip(document: ModelDocument, link: MrfLink, frame: number, plan: InsertPlan): void {
  const shown = !Number.isNaN(linkShowTime(document, link, frame, playedSpanAt(document.sequences, frame)));
  const target = shown ? link.hideIndex : link.showIndex;
  const partner = shown ? link.showIndex : link.hideIndex;
  const word = shown ? 'hide' : 'show';
  if (target === null) {
    plan.skipped.push(`Link ${link.id} has no ${word} object to key (add one from the outliner)`);
    return;
  }
  if (document.eventObjects[target]!.frames.includes(frame)) {
    plan.skipped.push(`Link ${link.id} already has a ${word} key at ${frame} ms`);
    return;
  }
  if (partner !== null && document.eventObjects[partner]!.frames.includes(frame)) {
    plan.skipped.push(`Link ${link.id}: a ${shown ? 'show' : 'hide'} key is at ${frame} ms, a ${word} cannot join it`);
    return;
  }
  const beyond = beyondGlobalSequence(document, target, frame);
  if (beyond) {
    plan.skipped.push(beyond);
    return;
  }
  plan.keys.set(target, frame);
}

/** What Insert Key would do at the playhead with the current selection. */
export function planInsert(store: EditorStore): InsertPlan {
  const state = store.getState();
  const document = currentDocument(state);
  const plan: InsertPlan = { keys: new Map(), skipped: [], anyRow: false };
  if (!document) return plan;
  const frame = Math.max(0, Math.round(state.session.playback.playheadMs));
  const rows = new Set<number>();
  for (const index of state.selection.objects) if (index < document.eventObjects.length) rows.add(index);
  for (const id of state.selection.keys) {
    const { objectIndex } = keyAddress(id);
    if (objectIndex < document.eventObjects.length) rows.add(objectIndex);
  }
  const links = new Map<string, MrfLink>();
  for (const link of document.links) if (state.selection.links.has(link.id.toUpperCase())) links.set(link.id, link);
  for (const index of rows) {
    const link = linkOfObject(document, index);
    const other = link && (link.showIndex === index ? link.hideIndex : link.showIndex);
    if (link && other !== null && other !== undefined && rows.has(other)) links.set(link.id, link);
  }
  plan.anyRow = rows.size > 0 || links.size > 0;
  for (const link of links.values()) {
    for (const index of [link.showIndex, link.hideIndex]) if (index !== null) rows.delete(index);
    planLinkFlip(document, link, frame, plan);
  }
  for (const index of [...rows].sort((a, b) => a - b)) {
    const object = document.eventObjects[index]!;
    if (object.frames.includes(frame)) continue;
    const link = linkOfObject(document, index);
    const partner = link && (link.showIndex === index ? link.hideIndex : link.showIndex);
    if (partner !== null && partner !== undefined && document.eventObjects[partner]!.frames.includes(frame)) {
      plan.skipped.push(`${object.name}: ${document.eventObjects[partner]!.name} has a key at ${frame} ms already`);
      continue;
    }
    const beyond = beyondGlobalSequence(document, index, frame);
    if (beyond) {
      plan.skipped.push(beyond);
      continue;
    }
    plan.keys.set(index, frame);
  }
  return plan;
}

/** I: inserts the planned keys as one undo step and selects them; reports rows that got none. */
export function insertKeyAtPlayhead(store: EditorStore): boolean {
  const plan = planInsert(store);
  if (!plan.anyRow) {
    notify(store, 'Insert Key: select an event object or link row first', 'warning');
    return false;
  }
  const edits: ModelEdit[] = [...plan.keys].map(([objectIndex, frame]) => ({
    kind: 'addKeys',
    objectIndex,
    frames: [frame],
  }));
  const skipped = plan.skipped.length > 0 ? `; ${plan.skipped.join('; ')}` : '';
  if (edits.length === 0) {
    notify(store, `Insert Key: nothing to insert${skipped}`, 'warning');
    return false;
  }
  const applied = editDocument(store, edits.length === 1 ? edits[0]! : { kind: 'batch', edits }, 'Insert Key', {
    selectionAfter: (_before, after) => {
      const keys = new Set<number>();
      for (const [objectIndex, frame] of plan.keys)
        keys.add(keyId(objectIndex, after.eventObjects[objectIndex]!.frames.indexOf(frame)));
      const first = keyAddress([...keys][0]!);
      return { ...store.getState().selection, keys, active: { kind: 'key', ...first } };
    },
  }).applied;
  if (applied)
    notify(
      store,
      `Inserted ${edits.length} key${edits.length === 1 ? '' : 's'}${skipped}`,
      skipped ? 'warning' : 'info',
    );
  return applied;
}
