/**
 * Edits of an EventObject block's keys: its frames and its global sequence.
 *
 * The EventTrack is rewritten as one span, `GlobalSeqId` inside it as its first line (the form
 * mdx-m3-viewer reads and writes); a `GlobalSeqId` written after the EventTrack (the form
 * war3-model reads) is removed, so the model says it once. An empty track is written as an empty
 * block, `EventTrack 0 {` … `}` — never as a fake frame 0 — which mdx-m3-viewer, war3-model and
 * Retera's MDL reader all read as no keys. A track written on one line stays on one line.
 */
import { isSingleLine } from '../../mdl/layout';
import {
  addToBlock,
  applySpanEdits,
  editAt,
  indentOf,
  innerIndentOf,
  linesBefore,
  removeStatement,
  type MdlEdit,
} from '../../mdl/span-edits';
import type { MdlStatement } from '../../mdl/tree';
import type { MdlText } from '../../mdl/types';
import type { EventObject } from '../kinds/event-object';
import { mdlStyleOf, type MdlPartAt } from '../mdl-parts';
import { assertOwnNode } from './edit-support';

/** The keys of an event object. */
export interface EventTrackValue {
  /** Key times, ms (integers), written in the order given. */
  frames: readonly number[];
  /** null when the keys follow the sequences. */
  globalSequenceId: number | null;
}

/** Node tracks written in an EventObject after its EventTrack. */
const TRACK_KEYWORDS = ['Translation', 'Rotation', 'Scaling', 'Visibility'];

/** The `EventTrack N { … }` statement of an EventObject block, or null. */
export function eventTrackOf(statement: MdlStatement): MdlStatement | null {
  return statement.children.find((child) => child.is('EventTrack') && child.hasBlock) ?? null;
}

/** The `GlobalSeqId n,` written after the EventTrack (in the EventObject's body), or null. */
export function outerGlobalSequenceOf(statement: MdlStatement): MdlStatement | null {
  return statement.child('GlobalSeqId') ?? null;
}

/** The keys of an event object as the edits take them. */
export function eventTrackValueOf(event: EventObject): EventTrackValue {
  const keys = event.keys;
  return {
    frames: keys === null ? [] : Array.from(keys.frames),
    globalSequenceId: keys === null || keys.globalSequenceId < 0 ? null : keys.globalSequenceId,
  };
}

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
export function eventTrackEdits(text: MdlText, event: MdlPartAt<EventObject>, value: EventTrackValue): MdlEdit[] {
  assertOwnNode(text, event);
  assertEventTrackValue(value);
  const { newline, indent: unit } = mdlStyleOf(text);
  const edits: MdlEdit[] = [];
  const block = event.statement;
  const track = eventTrackOf(block);
  const bytes = block.level.source.bytes;
  if (track !== null) {
    const singleLine = isSingleLine(bytes, track.start, track.close);
    const rendered = renderEventTrack(value, indentOf(track), unit, newline, singleLine);
    edits.push(editAt(track, track.start, track.close + 1, rendered));
  } else {
    const singleLine = isSingleLine(bytes, block.open, block.close);
    const firstTrack = block.children.find((child) => child.hasBlock && TRACK_KEYWORDS.includes(child.keyword));
    if (firstTrack !== undefined && !singleLine) {
      const indent = indentOf(firstTrack);
      edits.push(linesBefore(text, firstTrack, [indent + renderEventTrack(value, indent, unit, newline, false)]));
    } else {
      const header = block.children.filter((child) => !(child.hasBlock && TRACK_KEYWORDS.includes(child.keyword)));
      const after = firstTrack === undefined ? undefined : header[header.length - 1];
      const indent = singleLine ? '' : innerIndentOf(text, block);
      edits.push(addToBlock(text, block, [renderEventTrack(value, indent, unit, newline, singleLine)], after));
    }
  }
  const outer = outerGlobalSequenceOf(block);
  if (outer !== null) edits.push(removeStatement(outer));
  return edits;
}

/** The text with `event`'s frames and global sequence set (only its block read again). */
export function setEventTrack(text: MdlText, event: MdlPartAt<EventObject>, value: EventTrackValue): MdlText {
  return applySpanEdits(text, eventTrackEdits(text, event, value));
}

/** The text with `event`'s frames set (its global sequence kept). */
export function setEventFrames(text: MdlText, event: MdlPartAt<EventObject>, frames: readonly number[]): MdlText {
  return setEventTrack(text, event, { ...eventTrackValueOf(event.value), frames });
}

/** The text with `event`'s global sequence set (null clears it; its frames kept). */
export function setEventGlobalSequence(
  text: MdlText,
  event: MdlPartAt<EventObject>,
  globalSequenceId: number | null,
): MdlText {
  return setEventTrack(text, event, { ...eventTrackValueOf(event.value), globalSequenceId });
}
