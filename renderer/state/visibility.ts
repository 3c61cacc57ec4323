/**
 * When a link's cape is on screen, as the game plays it: after a show key and before the next
 * hide key. Keys count only inside the sequence that contains the playhead (the game plays one
 * sequence at a time); outside every sequence all keys count. A key being dragged counts at its
 * previewed time. Called every frame for every link: nothing here allocates.
 */
import type { EventObject, ModelDocument, MrfLink, SequenceInfo } from '../../shared/events/document';
import type { DragPreview } from './editor-store';
import { keyId } from './selection';

/** The drag preview as the viewport sees it. */
export interface KeyShift {
  ids: ReadonlySet<number>;
  deltaMs: number;
}

function shifted(object: EventObject, frameIndex: number, shift: KeyShift | null): number {
  const frame = object.frames[frameIndex]!;
  return shift && shift.ids.has(keyId(object.index, frameIndex)) ? frame + shift.deltaMs : frame;
}

const shift: KeyShift & { keys: DragPreview['keys'] | null } = { ids: new Set(), deltaMs: 0, keys: null };

/** The drag preview as a key shift (one shared object, its id set rebuilt only when the dragged keys change). */
export function dragShift(drag: DragPreview | null): KeyShift | null {
  if (!drag) return null;
  if (shift.keys !== drag.keys) {
    shift.keys = drag.keys;
    shift.ids = new Set(drag.keys.map((key) => keyId(key.objectIndex, key.frameIndex)));
  }
  shift.deltaMs = drag.deltaMs;
  return shift;
}

/** The interval of the sequence containing `timeMs`, written into `out` ([-∞, ∞] when none). */
export function sequenceBoundsAt(
  sequences: readonly SequenceInfo[],
  timeMs: number,
  out: { startMs: number; endMs: number },
): { startMs: number; endMs: number } {
  out.startMs = Number.NEGATIVE_INFINITY;
  out.endMs = Number.POSITIVE_INFINITY;
  for (const sequence of sequences) {
    if (timeMs >= sequence.start && timeMs <= sequence.end) {
      out.startMs = sequence.start;
      out.endMs = sequence.end;
      break;
    }
  }
  return out;
}

/**
 * The time of the show key that makes the link visible at `timeMs`, or NaN when it is hidden:
 * the latest show key at or before `timeMs` (within the bounds), with no hide key after it and
 * at or before `timeMs`. A hide at the same time as its show does not hide it.
 */
export function linkShowTime(
  document: ModelDocument,
  link: MrfLink,
  timeMs: number,
  bounds: { startMs: number; endMs: number },
  shift: KeyShift | null = null,
): number {
  if (link.showIndex === null) return Number.NaN;
  const show = document.eventObjects[link.showIndex];
  if (!show || show.globalSequenceId !== null) return Number.NaN;
  let latest = Number.NaN;
  for (let index = 0; index < show.frames.length; index += 1) {
    const frame = shifted(show, index, shift);
    if (frame <= timeMs && frame >= bounds.startMs && frame <= bounds.endMs && !(frame <= latest)) latest = frame;
  }
  if (Number.isNaN(latest) || link.hideIndex === null) return latest;
  const hide = document.eventObjects[link.hideIndex];
  if (!hide) return latest;
  for (let index = 0; index < hide.frames.length; index += 1) {
    const frame = shifted(hide, index, shift);
    if (frame > latest && frame <= timeMs) return Number.NaN;
  }
  return latest;
}

/**
 * Whether the link's cape shows at some time in [startMs, endMs] (a sequence): it has a show key inside it (keys
 * count only inside the sequence that plays). A link whose keys follow a global sequence is not drawn (as above).
 */
export function linkShowsWithin(document: ModelDocument, link: MrfLink, startMs: number, endMs: number): boolean {
  const show = link.showIndex === null ? undefined : document.eventObjects[link.showIndex];
  if (!show || show.globalSequenceId !== null) return false;
  return show.frames.some((frame) => frame >= startMs && frame <= endMs);
}
