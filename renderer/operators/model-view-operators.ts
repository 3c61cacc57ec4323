/**
 * Operators of the model preview (issue 12): View ▸ Cameras ▸ Active Camera (Numpad 0, as in Blender) looks through
 * the selected camera (the first when none is selected) and, run again, goes back to the free view; the camera frame
 * (4:3, 16:9, square) and the follow-sequence option; the game's Particles level the emitters are simulated at; the
 * overlay toggles for the model's geosets, bones, camera gizmos, emitters, collision shapes, particles and the capes.
 */
import type { CameraFrame, ViewportOverlays } from '../state/session';
import { updateSession } from '../state/session-actions';
import type { ModelDocument } from '../../shared/events/document';
import { typedModelOfDocument } from '../../shared/events/source';
import { camerasOf } from '../../shared/model/kinds/camera';
import { DEFAULT_PARTICLE_LEVEL, isParticleLevel } from '../../shared/model/simulation/particle-level';
import { currentDocument } from '../state/editor-store';
import { defineOperator, stateOf, withDefaults } from './define';
import type { Operator, OperatorContext } from './operator';

/** The cameras of a document: its typed model's (each MDX chunk typed once, each MDL block read once). */
export function cameraCount(document: ModelDocument | null): number {
  if (!document) return 0;
  try {
    return camerasOf(typedModelOfDocument(document)).length;
  } catch {
    return 0;
  }
}

/** The model has cameras to look through. */
function hasCameras(context: OperatorContext): boolean {
  return cameraCount(currentDocument(stateOf(context))) > 0;
}

const MODEL_OVERLAYS: readonly { overlay: keyof ViewportOverlays; name: string }[] = [
  { overlay: 'geosets', name: 'Geosets' },
  { overlay: 'bones', name: 'Bones' },
  { overlay: 'cameras', name: 'Cameras' },
  { overlay: 'emitters', name: 'Emitters' },
  { overlay: 'collisionShapes', name: 'Collision Shapes' },
  { overlay: 'particles', name: 'Particles' },
  { overlay: 'capes', name: 'Capes' },
];

const FRAMES: readonly CameraFrame[] = ['4:3', '16:9', 'square'];

/** The operators. */
export function modelViewOperators(): Operator[] {
  return [
    defineOperator(
      'view3d.view_camera',
      'Active Camera',
      'Look through the selected model camera (the first when none is selected); again to go back to the free view',
      (context) => {
        const state = stateOf(context);
        if (state.viewCamera !== null) {
          context.store.setState({ viewCamera: null });
          return;
        }
        const active = state.selection.active;
        const count = cameraCount(currentDocument(state));
        const chosen = active?.kind === 'camera' && active.cameraIndex < count ? active.cameraIndex : 0;
        context.store.setState({ viewCamera: chosen });
      },
      hasCameras,
    ),
    withDefaults(
      defineOperator(
        'view3d.camera_frame',
        'Camera Frame',
        'The frame a model camera is looked through in: the game’s 4:3, widescreen 16:9 or a square portrait',
        (context) => {
          const requested = context.properties['frame'];
          const frame = FRAMES.find((candidate) => candidate === requested) ?? '4:3';
          updateSession(context.store, (session) => ({
            ...session,
            viewport: { ...session.viewport, cameraFrame: frame },
          }));
        },
      ),
      { frame: '4:3' },
    ),
    defineOperator(
      'view3d.toggle_follow_sequence',
      'Camera Follows Sequence',
      'Looking through a camera: use the camera with the playing sequence’s index (one camera per sequence)',
      (context) =>
        updateSession(context.store, (session) => ({
          ...session,
          viewport: { ...session.viewport, followSequence: !session.viewport.followSequence },
        })),
    ),
    withDefaults(
      defineOperator(
        'view3d.particle_level',
        'Particles Level',
        'The game’s Particles option the preview simulates at: High doubles static emission rates (the game’s ' +
          'default), Medium plays them as written, Low halves them',
        (context) => {
          const requested = context.properties['level'];
          const level = isParticleLevel(requested) ? requested : DEFAULT_PARTICLE_LEVEL;
          updateSession(context.store, (session) => ({
            ...session,
            viewport: { ...session.viewport, particleLevel: level },
          }));
        },
      ),
      { level: DEFAULT_PARTICLE_LEVEL },
    ),
    ...MODEL_OVERLAYS.map(({ overlay, name }) =>
      defineOperator(
        `view3d.toggle_overlay_${overlay}`,
        `Toggle ${name} Overlay`,
        `Show or hide the model’s ${name.toLowerCase()} in the viewport`,
        ({ store }) =>
          updateSession(store, (session) => ({
            ...session,
            viewport: {
              ...session.viewport,
              overlays: { ...session.viewport.overlays, [overlay]: !session.viewport.overlays[overlay] },
            },
          })),
      ),
    ),
  ];
}
