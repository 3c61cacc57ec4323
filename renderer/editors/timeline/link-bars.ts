/**
 * A link row's bars in the Dope Sheet: where the cape is on screen, by the rule of shared/events/visibility.ts (the
 * one the viewport follows): within each played span (a sequence; the whole time line without sequences), from each
 * show key that puts the cape on to the key that takes it off or starts it again, or to the span's end. Where
 * sequences overlap, a time belongs to the first sequence that holds it (as the viewport decides), so a later
 * sequence's bars are cut where an earlier one holds the time. Nothing here allocates per call.
 */
import type { ModelDocument, MrfLink, SequenceInfo } from '../../../shared/events/document';
import {
  type KeyShift,
  KeyWalkScratch,
  type PlayedSpan,
  type ShownEnd,
  type ShownSpanVisitor,
  WHOLE_TIME_LINE,
  visitShownSpans,
} from '../../../shared/events/visibility';

/** How a bar ends: as its stretch on screen ends, or cut where an earlier sequence holds the time. */
export type BarEnd = ShownEnd | 'cut';

/** One bar: from `fromMs` to `toMs`, how it ends, the index of the show key that starts it. */
export type LinkBarVisitor = (fromMs: number, toMs: number, end: BarEnd, showFrameIndex: number) => void;

const scratch = new KeyWalkScratch();
const span: PlayedSpan = { startMs: 0, endMs: 0, sequenceIndex: -1 };
/** The visit in progress (the visitor below is made once). */
const current = {
  sequences: [] as readonly SequenceInfo[],
  index: 0,
  visit: null as LinkBarVisitor | null,
  fromMs: 0,
  toMs: 0,
};

/** Hands a bar on when it reaches into the times asked for and lasts (or runs to its span's end). */
function emit(fromMs: number, toMs: number, end: BarEnd, showFrameIndex: number): void {
  if (toMs < current.fromMs || fromMs > current.toMs || (toMs <= fromMs && end !== 'end')) return;
  current.visit!(fromMs, toMs, end, showFrameIndex);
}

/** Visits [from, to] minus the sequences before `current.index`, starting with sequence `earlier`. */
function cut(fromMs: number, toMs: number, end: BarEnd, showFrameIndex: number, earlier: number): void {
  for (let index = earlier; index < current.index; index += 1) {
    const sequence = current.sequences[index]!;
    if (sequence.end < fromMs || sequence.start > toMs || sequence.start > sequence.end) continue;
    if (sequence.start > fromMs) cut(fromMs, sequence.start, 'cut', showFrameIndex, index + 1);
    if (sequence.end < toMs) cut(sequence.end, toMs, end, showFrameIndex, index + 1);
    return;
  }
  emit(fromMs, toMs, end, showFrameIndex);
}

const visitStretch: ShownSpanVisitor = (fromMs, toMs, end, showFrameIndex) => cut(fromMs, toMs, end, showFrameIndex, 0);

/**
 * Visits the link's bars that reach into [fromMs, toMs] (the times on screen), drag preview applied through `shift`.
 * A stretch of no time (a show and a hide at one time, the hide last) is not a bar.
 */
export function visitLinkBars(
  document: ModelDocument,
  link: MrfLink,
  fromMs: number,
  toMs: number,
  visit: LinkBarVisitor,
  shift: KeyShift | null = null,
): void {
  const sequences = document.sequences;
  current.sequences = sequences;
  current.visit = visit;
  current.fromMs = fromMs;
  current.toMs = toMs;
  if (sequences.length === 0) {
    current.index = 0;
    visitShownSpans(document, link, WHOLE_TIME_LINE, visitStretch, shift, scratch);
    return;
  }
  for (let index = 0; index < sequences.length; index += 1) {
    const sequence = sequences[index]!;
    if (sequence.end < fromMs || sequence.start > toMs) continue;
    span.startMs = sequence.start;
    span.endMs = sequence.end;
    span.sequenceIndex = index;
    current.index = index;
    visitShownSpans(document, link, span, visitStretch, shift, scratch);
  }
}
