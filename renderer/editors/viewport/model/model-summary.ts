/**
 * What the automation surface reports about the open model (`snapshot().model`): its geosets, vertices and
 * triangles, its cameras' names in file order, the camera looked through, the sequence at the playhead, the live
 * splats and spawned models per event object, and every particle emitter, particle emitter 2 and ribbon as the
 * viewport last drew it (`particles`: name, kind, live particles — a ribbon's live edges, a PREM's spawned models —
 * and the factor the Particles level applied to its emission; empty until the viewport has drawn the model).
 */
import { currentDocument, type EditorState } from '../../../state/editor-store';
import { activeViewCamera, sequenceIndexAt } from '../camera/view-camera';
import { rigOfDocument } from './document-model';
import { liveSplats } from '../splats/splat-field';
import { liveSpawns } from '../spawned/spawn-schedule';
import { type ParticleEmitterSummary, particleSummary } from '../particles/particle-registry';

/** See the module comment. */
export interface ModelSummary {
  geosets: number;
  vertices: number;
  triangles: number;
  cameras: string[];
  viewCamera: string | null;
  sequence: string | null;
  /** Splats, footprints and uber-splats alive in the last frame drawn, per event object name. */
  splats: Record<string, number>;
  /** Spawned models shown in the last frame drawn, per event object name. */
  spawns: Record<string, number>;
  particles: ParticleEmitterSummary[];
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
    splats: { ...liveSplats },
    spawns: { ...liveSpawns },
    particles: particleSummary(rig),
  };
}

/**
 * A line naming the model's textures that show the checker pattern (missing or unreadable), with the first one's
 * reason, or null when every texture it names is loaded or loading (a string, so a selector's result is stable).
 */
export function missingModelTexturesHint(state: EditorState): string | null {
  const rig = rigOfDocument(currentDocument(state));
  if (!rig) return null;
  const missing: { path: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const texture of rig.textures) {
    const key = texture.path.toLowerCase();
    if (!texture.path || seen.has(key)) continue;
    seen.add(key);
    const status = state.textures[key];
    if (status && (status.status === 'missing' || status.status === 'unreadable'))
      missing.push({ path: texture.path, reason: status.reason ?? status.status });
  }
  if (missing.length === 0) return null;
  const first = missing[0]!;
  const more = missing.length > 1 ? ` and ${missing.length - 1} more` : '';
  // The reason's first clause (the list of names looked for stays in the properties).
  const reason = first.reason.split(' (')[0];
  return (
    `Model textures shown as a checker: ${first.path}${more} — ${reason}. ` +
    'Add the data folder that holds them (File ▸ Open Data Folder…).'
  );
}
