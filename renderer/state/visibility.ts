/**
 * The renderer's side of the visibility rule (shared/events/visibility.ts, where the rule is written down): the drag
 * preview as a key shift, the span played at the playhead, and the sequence bounds the model view samples in.
 * Called every frame: nothing here allocates.
 */
import type { KeyShift, PlayedSpan } from '../../shared/events/visibility';
import type { SequenceInfo } from '../../shared/events/document';
import type { DragPreview } from './editor-store';
import { keyId } from './selection';

/** The drag preview as a key shift: the ids of the dragged keys (rebuilt only when they change) and the delta. */
class DragKeyShift implements KeyShift {
  ids: ReadonlySet<number> = new Set();
  deltaMs = 0;
  keys: DragPreview['keys'] | null = null;

  moves(objectIndex: number, frameIndex: number): boolean {
    return this.ids.has(keyId(objectIndex, frameIndex));
  }
}

const shift = new DragKeyShift();

/** The drag preview as a key shift (one shared object, its id set rebuilt only when the dragged keys change). */
export function dragShift(drag: DragPreview | null): DragKeyShift | null {
  if (!drag) return null;
  if (shift.keys !== drag.keys) {
    shift.keys = drag.keys;
    shift.ids = new Set(drag.keys.map((key) => keyId(key.objectIndex, key.frameIndex)));
  }
  shift.deltaMs = drag.deltaMs;
  return shift;
}

/**
 * The interval of the sequence containing `timeMs`, written into `out` ([-∞, ∞] when none): where the model view
 * and the cameras sample their tracks (capes follow {@link PlayedSpan}, which plays nothing outside the sequences).
 */
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
