/**
 * What the automation surface reports about the open model (`snapshot().model`): its geosets, vertices and
 * triangles, its cameras' names in file order, the camera looked through and the sequence at the playhead.
 */
import { currentDocument, type EditorState } from '../../../state/editor-store';
import { activeViewCamera, sequenceIndexAt } from '../camera/view-camera';
import { rigOfDocument } from './document-model';

/** See the module comment. */
export interface ModelSummary {
  geosets: number;
  vertices: number;
  triangles: number;
  cameras: string[];
  viewCamera: string | null;
  sequence: string | null;
}

/** The summary of the open model, or null when no model with a preview is open. */
export function modelSummary(state: EditorState): ModelSummary | null {
  const document = currentDocument(state);
  const rig = rigOfDocument(document);
  if (!document || !rig) return null;
  const camera = activeViewCamera(state);
  const sequence = sequenceIndexAt(document.sequences, state.session.playback.playheadMs);
  return {
    geosets: rig.geosets.length,
    vertices: rig.vertexCount,
    triangles: rig.triangleCount,
    cameras: rig.cameras.map((entry) => entry.name),
    viewCamera: camera === null ? null : (rig.cameras[camera]?.name ?? null),
    sequence: sequence >= 0 ? (document.sequences[sequence]?.name ?? null) : null,
  };
}
