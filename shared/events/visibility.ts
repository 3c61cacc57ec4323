/**
 * When a link's cape is on screen, as the game plays it: the one rule that the viewport, the Dope Sheet's bars,
 * Insert Key and the checker (validate.ts) all call (issue 21, invariant 4).
 *
 * The rule, and the evidence for it:
 *  - The game plays one sequence at a time, so keys count only inside the played span: the sequence that holds the
 *    time (the first in the model's list that holds it). A model without sequences plays its whole time line; a
 *    time outside every sequence of a model that has some is never played, so no cape is on screen there.
 *  - Every event object fires once when the animation reaches one of its keys (Warsmash's EventObjectEmitter: it
 *    emits when the latest key at or before the frame, within the sequence, changes; mdx-m3-viewer likewise), and
 *    one update walks the event objects in the model's order (the EVTS chunk, the MDL's EventObject blocks).
 *    So keys fire in time order, and keys at one time in the order of their objects in the model.
 *  - A show key (MRFx) puts the cape on screen, from its first keyframe again when it was already shown; a hide
 *    key (MRDx) takes it off, and does nothing when it is off.
 *  - Hence a show and a hide of one link at the same time: both fire in one update and the object later in the
 *    model has the last word. The editor writes a link's show object before its hide object (as the sample and
 *    the game's cinematic do), so there the hide wins and the cape is not shown at all; with the hide object first
 *    the hide finds nothing to hide and the cape stays on. The checker warns of every such pair
 *    (`events.show-hide-same-time`), saying which.
 *  - A link whose show or hide object follows a global sequence is not previewed: it is never on screen here, it
 *    has no bars, and the checker says why (`events.link-on-global-sequence`, `events.link-timelines-differ`).
 *
 * `linkShowTime` answers for one time without sorting or allocating (the viewport asks it every frame for every
 * link); `walkLinkKeys` walks a played span's keys in firing order (the bars and the checker). Both are the rule
 * above; a property test holds them to each other.
 */
import type { ModelDocument, MrfLink, SequenceInfo } from './document';

/** A stretch of the time line the game plays as one: a sequence, or the whole time line of a model without any. */
export interface PlayedSpan {
  startMs: number;
  endMs: number;
  /** The sequence's index, or -1 for the whole time line. */
  sequenceIndex: number;
}

/** The whole time line: what a model without sequences plays. */
export const WHOLE_TIME_LINE: PlayedSpan = Object.freeze({
  startMs: Number.NEGATIVE_INFINITY,
  endMs: Number.POSITIVE_INFINITY,
  sequenceIndex: -1,
});

/**
 * The span the game plays at `timeMs`, written into `out`: the first sequence that holds it, the whole time line when
 * the model has no sequences, or null outside every sequence (nothing is played there).
 */
export function playedSpanAt(
  sequences: readonly SequenceInfo[],
  timeMs: number,
  out: PlayedSpan = { startMs: 0, endMs: 0, sequenceIndex: -1 },
): PlayedSpan | null {
  if (sequences.length === 0) {
    out.startMs = WHOLE_TIME_LINE.startMs;
    out.endMs = WHOLE_TIME_LINE.endMs;
    out.sequenceIndex = -1;
    return out;
  }
  for (let index = 0; index < sequences.length; index += 1) {
    const sequence = sequences[index]!;
    if (timeMs >= sequence.start && timeMs <= sequence.end) {
      out.startMs = sequence.start;
      out.endMs = sequence.end;
      out.sequenceIndex = index;
      return out;
    }
  }
  return null;
}

/** Every span the model plays: its sequences in order, or the whole time line when it has none. */
export function playedSpans(sequences: readonly SequenceInfo[]): PlayedSpan[] {
  if (sequences.length === 0) return [WHOLE_TIME_LINE];
  return sequences.map((sequence, sequenceIndex) => ({ startMs: sequence.start, endMs: sequence.end, sequenceIndex }));
}

/** Keys shown somewhere else than their frames (a drag being previewed): which move, and by how much. */
export interface KeyShift {
  moves(objectIndex: number, frameIndex: number): boolean;
  readonly deltaMs: number;
}

function keyTime(objectIndex: number, frames: readonly number[], frameIndex: number, shift: KeyShift | null): number {
  const frame = frames[frameIndex]!;
  return shift !== null && shift.moves(objectIndex, frameIndex) ? frame + shift.deltaMs : frame;
}

/** Whether the editor previews the link: it has a show object, and neither object follows a global sequence. */
export function linkPreviewed(document: ModelDocument, link: MrfLink): boolean {
  if (link.showIndex === null) return false;
  const show = document.eventObjects[link.showIndex];
  if (!show || show.globalSequenceId !== null) return false;
  const hide = link.hideIndex === null ? undefined : document.eventObjects[link.hideIndex];
  return !hide || hide.globalSequenceId === null;
}

/** Whether the link's hide key wins over its show key at one time: its object comes later in the model. */
export function hideWinsTies(link: MrfLink): boolean {
  return link.hideIndex !== null && link.showIndex !== null && link.hideIndex > link.showIndex;
}

/**
 * The time of the show key that has the cape on screen at `timeMs`, or NaN when it is off: within `span` (from
 * {@link playedSpanAt}; null: nothing plays), the latest show key at or before `timeMs` when no hide key fires after
 * it — a hide at its very time fires after it when the hide object comes later in the model. Allocates nothing.
 */
export function linkShowTime(
  document: ModelDocument,
  link: MrfLink,
  timeMs: number,
  span: PlayedSpan | null,
  shift: KeyShift | null = null,
): number {
  if (span === null || !linkPreviewed(document, link)) return Number.NaN;
  const from = span.startMs;
  const to = Math.min(span.endMs, timeMs);
  const show = document.eventObjects[link.showIndex!]!;
  let latestShow = Number.NaN;
  for (let index = 0; index < show.frames.length; index += 1) {
    const time = keyTime(show.index, show.frames, index, shift);
    if (time >= from && time <= to && !(time <= latestShow)) latestShow = time;
  }
  if (Number.isNaN(latestShow) || link.hideIndex === null) return latestShow;
  const hide = document.eventObjects[link.hideIndex]!;
  const hideWins = hideWinsTies(link);
  for (let index = 0; index < hide.frames.length; index += 1) {
    const time = keyTime(hide.index, hide.frames, index, shift);
    if (time <= to && (time > latestShow || (hideWins && time === latestShow))) return Number.NaN;
  }
  return latestShow;
}

/** What a key did when it fired: put the cape on, put it on again from its start, took it off, or nothing. */
export type KeyEffect = 'show' | 'restart' | 'hide' | 'none';

/** One key as it fires: its time (shifted when dragged), whether it is a show key, its index in its object's frames. */
export type FiredKeyVisitor = (timeMs: number, show: boolean, frameIndex: number, effect: KeyEffect) => void;

/** Reused buffers for {@link walkLinkKeys} (one per caller that must not allocate per call). */
export class KeyWalkScratch {
  showTimes = new Float64Array(16);
  showOrder = new Int32Array(16);
  hideTimes = new Float64Array(16);
  hideOrder = new Int32Array(16);
  private readonly byShowTime = (a: number, b: number) => this.showTimes[a]! - this.showTimes[b]! || a - b;
  private readonly byHideTime = (a: number, b: number) => this.hideTimes[a]! - this.hideTimes[b]! || a - b;

  /** Sorts the first `count` entries of a side's order by time (then by frame index). */
  sort(show: boolean, count: number): void {
    (show ? this.showOrder : this.hideOrder).subarray(0, count).sort(show ? this.byShowTime : this.byHideTime);
  }

  /** Room for `count` keys on each side. */
  reserve(count: number): void {
    if (this.showTimes.length >= count) return;
    const size = Math.max(count, this.showTimes.length * 2);
    this.showTimes = new Float64Array(size);
    this.showOrder = new Int32Array(size);
    this.hideTimes = new Float64Array(size);
    this.hideOrder = new Int32Array(size);
  }
}

const sharedScratch = new KeyWalkScratch();

/** Writes one side's keys inside [from, to] into the scratch, sorted; returns how many. */
function collect(
  document: ModelDocument,
  objectIndex: number | null,
  from: number,
  to: number,
  shift: KeyShift | null,
  scratch: KeyWalkScratch,
  show: boolean,
): number {
  const object = objectIndex === null ? undefined : document.eventObjects[objectIndex];
  if (!object) return 0;
  scratch.reserve(object.frames.length);
  const times = show ? scratch.showTimes : scratch.hideTimes;
  const order = show ? scratch.showOrder : scratch.hideOrder;
  let count = 0;
  for (let index = 0; index < object.frames.length; index += 1) {
    const time = keyTime(object.index, object.frames, index, shift);
    if (time < from || time > to) continue;
    times[index] = time;
    order[count] = index;
    count += 1;
  }
  scratch.sort(show, count);
  return count;
}

/**
 * Walks the link's keys inside `span` in the order the game fires them (time, then the objects' order in the model),
 * telling `visit` what each did; returns whether the cape is on screen at the span's end. Nothing fires for a link
 * the editor does not preview. Allocates nothing with a scratch of the caller's (or the module's, when not re-entered).
 */
export function walkLinkKeys(
  document: ModelDocument,
  link: MrfLink,
  span: PlayedSpan,
  visit: FiredKeyVisitor,
  shift: KeyShift | null = null,
  scratch: KeyWalkScratch = sharedScratch,
): boolean {
  if (!linkPreviewed(document, link)) return false;
  const shows = collect(document, link.showIndex, span.startMs, span.endMs, shift, scratch, true);
  const hides = collect(document, link.hideIndex, span.startMs, span.endMs, shift, scratch, false);
  const hideFirstOnTies = !hideWinsTies(link);
  let shown = false;
  let nextShow = 0;
  let nextHide = 0;
  while (nextShow < shows || nextHide < hides) {
    const showFrame = nextShow < shows ? scratch.showOrder[nextShow]! : -1;
    const hideFrame = nextHide < hides ? scratch.hideOrder[nextHide]! : -1;
    const showTime = showFrame < 0 ? Number.POSITIVE_INFINITY : scratch.showTimes[showFrame]!;
    const hideTime = hideFrame < 0 ? Number.POSITIVE_INFINITY : scratch.hideTimes[hideFrame]!;
    const showFires = showTime < hideTime || (showTime === hideTime && !hideFirstOnTies);
    if (showFires) {
      visit(showTime, true, showFrame, shown ? 'restart' : 'show');
      shown = true;
      nextShow += 1;
    } else {
      visit(hideTime, false, hideFrame, shown ? 'hide' : 'none');
      shown = false;
      nextHide += 1;
    }
  }
  return shown;
}

/** How a stretch on screen ends: at a hide key, at the next show key (the cape starts again), or at the span's end. */
export type ShownEnd = 'hide' | 'show' | 'end';

/** One stretch on screen: from a show key's time to where it ends; `showFrameIndex` is that show key's. */
export type ShownSpanVisitor = (fromMs: number, toMs: number, end: ShownEnd, showFrameIndex: number) => void;

/** The state of the one visit in progress (the visitor below is made once, so a visit allocates nothing). */
const spans = { visit: null as ShownSpanVisitor | null, openSince: Number.NaN, openFrame: -1 };

const shownSpanKey: FiredKeyVisitor = (timeMs, show, frameIndex, effect) => {
  if (effect === 'none') return;
  if (effect === 'hide' || effect === 'restart')
    spans.visit!(spans.openSince, timeMs, show ? 'show' : 'hide', spans.openFrame);
  if (show) {
    spans.openSince = timeMs;
    spans.openFrame = frameIndex;
  }
};

/**
 * The stretches of `span` in which the link's cape is on screen (the Dope Sheet's bars): each from a show key that
 * put it on to the next key that took it off or started it again, or to the span's end. On screen means from its
 * start inclusive to a hide or show end exclusive, to an `end` inclusive. Allocates nothing.
 */
export function visitShownSpans(
  document: ModelDocument,
  link: MrfLink,
  span: PlayedSpan,
  visit: ShownSpanVisitor,
  shift: KeyShift | null = null,
  scratch: KeyWalkScratch = sharedScratch,
): void {
  // A visit made from inside another one's visitor gets the state back as it found it.
  const { visit: outerVisit, openSince: outerSince, openFrame: outerFrame } = spans;
  spans.visit = visit;
  spans.openSince = Number.NaN;
  spans.openFrame = -1;
  try {
    if (walkLinkKeys(document, link, span, shownSpanKey, shift, scratch))
      visit(spans.openSince, span.endMs, 'end', spans.openFrame);
  } finally {
    spans.visit = outerVisit;
    spans.openSince = outerSince;
    spans.openFrame = outerFrame;
  }
}

/** Whether the link's cape is on screen at some time of `span` (a show key in it that is not cancelled at once). */
export function linkShownWithin(document: ModelDocument, link: MrfLink, span: PlayedSpan): boolean {
  let shown = false;
  visitShownSpans(document, link, span, (fromMs, toMs, end) => {
    if (toMs > fromMs || end === 'end') shown = true;
  });
  return shown;
}
