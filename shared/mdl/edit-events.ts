/**
 * Edits of an EventObject's keys: its frames and its global sequence.
 *
 * The EventTrack is rewritten as one span, `GlobalSeqId` inside it as its first line (the form
 * mdx-m3-viewer reads and writes); a `GlobalSeqId` written after the EventTrack (the form
 * war3-model reads) is removed, so the model says it once. An empty track is written as an empty
 * block, `EventTrack 0 {` … `}` — never as a fake frame 0 — which mdx-m3-viewer, war3-model and
 * Retera's MDL reader all read as no keys. A track written on one line stays on one line.
 */
import { isSingleLine } from './layout';
import {
  addToBlock,
  applySpanEdits,
  assertOwnNode,
  editAt,
  indentOf,
  innerIndentOf,
  linesBefore,
  removeStatement,
  type MdlEdit,
} from './span-edits';
import type { MdlEventObject, MdlModel } from './types';

/** The keys of an event object. */
export interface EventTrackValue {
  /** Key times, ms (integers), written in the order given. */
  frames: readonly number[];
  /** null when the keys follow the sequences. */
  globalSequenceId: number | null;
}

/** Node tracks written in an EventObject after its EventTrack. */
const TRACK_KEYWORDS = ['Translation', 'Rotation', 'Scaling', 'Visibility'];

/** Checks frames and a global sequence id; throws RangeError for values MDL cannot hold. */
export function assertEventTrackValue(value: EventTrackValue): void {
  for (const frame of value.frames) {
    if (!Number.isSafeInteger(frame)) throw new RangeError(`frame ${frame} is not an integer number of milliseconds`);
  }
  const id = value.globalSequenceId;
  if (id !== null && (!Number.isSafeInteger(id) || id < 0))
    throw new RangeError(`global sequence id ${id} is not a non-negative integer`);
}

/**
 * `EventTrack N { … }` text. Multi-line: the first line unindented (it replaces or follows existing
 * indentation), the keys at `indent + unit`, the `}` at `indent`. Single-line: `EventTrack N { … }`.
 */
export function renderEventTrack(
  value: EventTrackValue,
  indent: string,
  unit: string,
  newline: string,
  singleLine: boolean,
): string {
  const entries: string[] = [];
  if (value.globalSequenceId !== null) entries.push(`GlobalSeqId ${value.globalSequenceId},`);
  for (const frame of value.frames) entries.push(`${frame},`);
  const head = `EventTrack ${value.frames.length} {`;
  if (singleLine) return entries.length === 0 ? `${head} }` : `${head} ${entries.join(' ')} }`;
  return [head, ...entries.map((entry) => indent + unit + entry), `${indent}}`].join(newline);
}

/** The span edits that give `event` these keys (see the module comment). */
export function eventTrackEdits(model: MdlModel, event: MdlEventObject, value: EventTrackValue): MdlEdit[] {
  assertOwnNode(model, event);
  assertEventTrackValue(value);
  const { newline, indent: unit } = model.style;
  const edits: MdlEdit[] = [];
  const track = event.eventTrack;
  const bytes = event.statement.level.source.bytes;
  if (track !== null) {
    const singleLine = isSingleLine(bytes, track.start, track.close);
    const text = renderEventTrack(value, indentOf(track), unit, newline, singleLine);
    edits.push(editAt(track, track.start, track.close + 1, text));
  } else {
    const block = event.statement;
    const singleLine = isSingleLine(bytes, block.open, block.close);
    const firstTrack = block.children.find((child) => child.hasBlock && TRACK_KEYWORDS.includes(child.keyword));
    if (firstTrack !== undefined && !singleLine) {
      const indent = indentOf(firstTrack);
      edits.push(linesBefore(model, firstTrack, [indent + renderEventTrack(value, indent, unit, newline, false)]));
    } else {
      const header = block.children.filter((child) => !(child.hasBlock && TRACK_KEYWORDS.includes(child.keyword)));
      const after = firstTrack === undefined ? undefined : header[header.length - 1];
      const indent = singleLine ? '' : innerIndentOf(model, block);
      edits.push(addToBlock(model, block, [renderEventTrack(value, indent, unit, newline, singleLine)], after));
    }
  }
  if (event.outerGlobalSequence !== null) edits.push(removeStatement(event.outerGlobalSequence));
  return edits;
}

/** The model with `event`'s frames and global sequence set (only its block read again). */
export function setEventTrack(model: MdlModel, event: MdlEventObject, value: EventTrackValue): MdlModel {
  return applySpanEdits(model, eventTrackEdits(model, event, value));
}

/** The model with `event`'s frames set (its global sequence kept). */
export function setEventFrames(model: MdlModel, event: MdlEventObject, frames: readonly number[]): MdlModel {
  return setEventTrack(model, event, { frames, globalSequenceId: event.globalSequenceId });
}

/** The model with `event`'s global sequence set (null clears it; its frames kept). */
export function setEventGlobalSequence(
  model: MdlModel,
  event: MdlEventObject,
  globalSequenceId: number | null,
): MdlModel {
  return setEventTrack(model, event, { frames: event.frames, globalSequenceId });
}
