/**
 * Which model camera the viewport looks through: `viewCamera` in the ephemeral state (null: the free view), or,
 * with the session's follow-sequence option, the camera whose index is the playing sequence's (the sequence
 * containing the playhead) when the model has one for it — for models with one camera per sequence.
 */
import type { SequenceInfo } from '../../../../shared/events/document';
import { currentDocument, type EditorState } from '../../../state/editor-store';
import { rigOfDocument } from '../model/document-model';

/** The index of the sequence containing `timeMs`, or −1. */
export function sequenceIndexAt(sequences: readonly SequenceInfo[], timeMs: number): number {
  for (let index = 0; index < sequences.length; index += 1) {
    const sequence = sequences[index]!;
    if (timeMs >= sequence.start && timeMs <= sequence.end) return index;
  }
  return -1;
}

/** The camera looked through (an index into the model's cameras), or null for the free view. */
export function activeViewCamera(state: EditorState): number | null {
  const chosen = state.viewCamera;
  if (chosen === null) return null;
  const cameras = rigOfDocument(currentDocument(state))?.cameras ?? [];
  if (cameras.length === 0) return null;
  if (state.session.viewport.followSequence) {
    const document = currentDocument(state);
    const sequence = document ? sequenceIndexAt(document.sequences, state.session.playback.playheadMs) : -1;
    if (sequence >= 0 && sequence < cameras.length) return sequence;
  }
  return chosen < cameras.length ? chosen : 0;
}
