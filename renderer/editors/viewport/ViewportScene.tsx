/**
 * The viewport's scene inside the react-three-fiber canvas: the navigator's camera, Blender-style
 * mouse navigation, what the viewport draws (ViewportContent: the grid floor and axes, the model, one CapeMesh per
 * linked cape or the standalone cape — they light themselves, see cape-material.ts), the axis gizmo and the per-frame
 * statistics overlay. Renders on demand: store changes and navigation invalidate. Opening a file turns the
 * view to face its capes' broad side and frames them; Home / numpad . frame keeping the view.
 */
import { GizmoHelper, GizmoViewport } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import { useApp, useEditor } from '../../ui/editor-context';
import type { CapeAnimator } from '../../capes/cape-animator';
import { capeKey } from '../../capes/cape-entry';
import { type ViewAxis, areaCommands, registerAreaCommands } from '../../state/area-commands';
import { currentDocument } from '../../state/editor-store';
import { findLink } from '../../../shared/events/links';
import type { MrfFile } from '../../../shared/mrf';
import { linkShownWithin } from '../../../shared/events/visibility';
import type { TextureSource } from './cape-texture';
import { activeViewCamera } from './camera/view-camera';
import { rigOfDocument } from './model/document-model';
import type { ModelViewState } from './model/model-view-state';
import type { ViewNavigator } from './view-navigator';
import { ViewportContent, type ViewportContentRefs } from './ViewportContent';
import { viewportDrew } from '../../state/first-frame-gate';
import { type CapeRegistry, animationBounds, averageNormal, combinedBounds } from './viewport-registry';

/** Shared with the HTML overlay outside the canvas, and the capes this viewport draws. */
export interface ViewportOverlayRefs extends ViewportContentRefs {
  overlay: { current: HTMLDivElement | null };
  viewName: { current: HTMLDivElement | null };
  /** The particle layer's hint (capped emitters, missing spawned models, Popcorn emitters). */
  particleHint: { current: HTMLDivElement | null };
}

/** Counts rendered frames for end-to-end tests (a plain counter: no allocation per frame). */
export const viewportFrames = { count: 0 };

/** Bounds of `a` grown by `b` (either may be null). */
function unionBounds(a: ArrayLike<number> | null, b: ArrayLike<number> | null): ArrayLike<number> | null {
  if (!a || !Number.isFinite(a[0]!)) return b && Number.isFinite(b[0]!) ? b : null;
  if (!b || !Number.isFinite(b[0]!)) return a;
  return [0, 1, 2, 3, 4, 5].map((axis) => (axis < 3 ? Math.min(a[axis]!, b[axis]!) : Math.max(a[axis]!, b[axis]!)));
}

function Navigation({
  navigator,
  capes,
  model,
}: {
  navigator: ViewNavigator;
  capes: CapeRegistry;
  model: ModelViewState;
}) {
  const { store } = useApp();
  const set = useThree((state) => state.set);
  const size = useThree((state) => state.size);
  const invalidate = useThree((state) => state.invalidate);
  const element = useThree((state) => state.gl.domElement);
  const [orthographic, setOrthographic] = useState(navigator.state.orthographic);
  // Framed once capes are mounted on the first mount; mounted again (an area maximised and back), the view stays.
  const pendingFrame = useRef(!navigator.framed);
  const frameAll = useRef<(() => void) | null>(null);
  // A frame request (a file was opened) is served once capes are mounted to frame; a model with no geometry (an
  // effect of particles only) waits a few frames for its particles.
  const particleWait = useRef(0);
  useFrame(() => {
    if (!pendingFrame.current || !frameAll.current || (capes.animators.size === 0 && !model.animator)) return;
    const particlesOnly = model.animator && model.animator.rig.vertexCount === 0 && model.particleBounds;
    if (particlesOnly && !model.particleBounds!(particleBounds.current) && particleWait.current < 30) {
      particleWait.current += 1;
      invalidate();
      return;
    }
    particleWait.current = 0;
    pendingFrame.current = false;
    frameAll.current();
  }, -2);
  const normal = useRef([0, 0, 0]);
  const particleBounds = useRef(new Float64Array(6));

  useEffect(() => {
    navigator.setAspect(size.width / Math.max(1, size.height));
    invalidate();
  }, [navigator, size, invalidate]);
  useEffect(() => set({ camera: navigator.camera as never }), [navigator, orthographic, set]);

  useEffect(() => {
    const refresh = () => {
      setOrthographic(navigator.state.orthographic);
      invalidate();
    };
    /** Navigating the free view leaves a model camera's view (as orbiting does in Blender). */
    const leaveCamera = () => {
      if (store.getState().viewCamera !== null) store.setState({ viewCamera: null });
    };
    /** Frames the selected, else the visible, else all capes; `face` first turns to their broad side. */
    const frame = (selectedOnly: boolean, face = false) => {
      const animators = capes.animators;
      const selected = (animator: CapeAnimator) => animator.visible && isSelected(animator.file);
      const visible = (animator: CapeAnimator) => animator.visible;
      const all = () => true;
      const include =
        selectedOnly && combinedBounds(animators, selected)
          ? selected
          : combinedBounds(animators, visible)
            ? visible
            : all;
      const bounds = combinedBounds(animators, include);
      if (face && averageNormal(animators, include, normal.current))
        navigator.faceNormal(normal.current[0]!, normal.current[1]!, normal.current[2]!);
      if (bounds) navigator.frame(bounds);
      refresh();
    };
    /**
     * Frame All: everything the animation reaches over the current sequence — every keyframe of every cape whose
     * link shows in it (all capes when none does, or when the dope sheet shows all sequences), not just the pose at
     * the playhead.
     */
    const frameAnimation = (face = false) => {
      const state = store.getState();
      const document = currentDocument(state);
      const sequence = document?.sequences[state.session.timeline.sequenceIndex];
      const files = new Set<MrfFile>();
      const all = new Set<MrfFile>();
      if (document) {
        for (const link of document.links) {
          const file = state.capes[capeKey(link.path)]?.cape?.file;
          if (!file) continue;
          all.add(file);
          if (
            !sequence ||
            linkShownWithin(document, link, {
              startMs: sequence.start,
              endMs: sequence.end,
              sequenceIndex: state.session.timeline.sequenceIndex,
            })
          )
            files.add(file);
        }
      } else if (state.standaloneCape?.cape) all.add(state.standaloneCape.cape.file);
      const shown = files.size > 0 ? files : all;
      const modelBounds = model.animator && state.session.viewport.overlays.geosets ? model.animator.rig.bounds : null;
      const particles = model.particleBounds?.(particleBounds.current) ? particleBounds.current : null;
      const bounds = unionBounds(unionBounds(animationBounds(shown), modelBounds), particles);
      if (!bounds) return frame(false, face);
      if (face) {
        const facing = (animator: CapeAnimator) => shown.has(animator.file);
        if (averageNormal(capes.animators, facing, normal.current))
          navigator.faceNormal(normal.current[0]!, normal.current[1]!, normal.current[2]!);
      }
      navigator.frame(bounds);
      refresh();
    };
    const isSelected = (file: unknown) => {
      const state = store.getState();
      const document = currentDocument(state);
      if (!document) return true;
      for (const id of state.selection.links) {
        const link = findLink(document.links, id);
        if (link && state.capes[capeKey(link.path)]?.cape?.file === file) return true;
      }
      return false;
    };
    const unregister = registerAreaCommands(store, 'viewport', {
      freeView: () => navigator.view(),
      viewAll: () => frameAnimation(),
      viewSelected: () => frame(true),
      frameOpenedFile: () => {
        pendingFrame.current = true;
        invalidate();
      },
      viewAxis: (axis: ViewAxis) => {
        leaveCamera();
        navigator.viewAxis(axis);
        refresh();
      },
      toggleOrthographic: () => {
        leaveCamera();
        navigator.toggleOrthographic();
        refresh();
      },
      orbitStep: (direction) => {
        leaveCamera();
        navigator.orbitStep(direction);
        refresh();
      },
      zoomStep: (delta) => {
        leaveCamera();
        navigator.zoom(delta > 0 ? 1.2 : 1 / 1.2);
        refresh();
      },
    });
    let drag: { mode: 'orbit' | 'pan' | 'zoom'; x: number; y: number } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 1) return;
      event.preventDefault();
      element.setPointerCapture(event.pointerId);
      drag = { mode: event.shiftKey ? 'pan' : event.ctrlKey ? 'zoom' : 'orbit', x: event.clientX, y: event.clientY };
      leaveCamera();
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!drag) return;
      const deltaX = event.clientX - drag.x;
      const deltaY = event.clientY - drag.y;
      drag.x = event.clientX;
      drag.y = event.clientY;
      if (drag.mode === 'orbit') navigator.orbit(deltaX, deltaY);
      else if (drag.mode === 'pan') navigator.pan(deltaX, deltaY, element.clientHeight);
      else navigator.zoom(Math.exp(-deltaY * 0.01));
      refresh();
    };
    const onPointerUp = () => {
      drag = null;
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      leaveCamera();
      const pixels = event.deltaMode === 1 ? event.deltaY * 20 : event.deltaY;
      navigator.zoom(Math.exp(-pixels * 0.0015));
      refresh();
    };
    const onAuxClick = (event: MouseEvent) => event.button === 1 && event.preventDefault();
    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('auxclick', onAuxClick);
    const unsubscribe = store.subscribe((state, previous) => {
      if (
        state.session.playback.playheadMs !== previous.session.playback.playheadMs ||
        state.history !== previous.history ||
        state.drag !== previous.drag ||
        state.capes !== previous.capes ||
        state.selection !== previous.selection ||
        state.session.viewport !== previous.session.viewport ||
        state.standaloneCape !== previous.standaloneCape ||
        state.viewCamera !== previous.viewCamera ||
        state.textures !== previous.textures ||
        state.gameTables !== previous.gameTables
      )
        invalidate();
    });
    // A newly opened file: framed on everything it shows over its first sequence, turned to the capes' broad side.
    frameAll.current = () => {
      navigator.framed = true;
      frameAnimation(true);
    };
    return () => {
      unregister();
      unsubscribe();
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('auxclick', onAuxClick);
    };
  }, [navigator, capes, model, store, element, invalidate]);
  return null;
}

/** Stores a figure the overlay shows; 1 when it changed. */
function setFigure(last: Float64Array, index: number, value: number): number {
  if (last[index] === value) return 0;
  last[index] = value;
  return 1;
}

/** The scene. */
export function ViewportScene({
  navigator,
  textureSource,
  refs,
}: {
  navigator: ViewNavigator;
  textureSource: TextureSource;
  refs: ViewportOverlayRefs;
}) {
  const { store } = useApp();
  const overlays = useEditor((state) => state.session.viewport.overlays);
  const rig = useEditor((state) => rigOfDocument(currentDocument(state)));
  const cameraIndex = useEditor(activeViewCamera);
  const frameName = useEditor((state) => state.session.viewport.cameraFrame);
  // The view's name while looking through a camera (made when it changes, not per frame).
  const cameraLabel = useRef<string | null>(null);
  const shownViewName = useRef<string | null>(null);
  const lookingThrough = rig && cameraIndex !== null ? rig.cameras[cameraIndex] : undefined;
  cameraLabel.current = lookingThrough ? `Camera: ${lookingThrough.name || 'unnamed'} (${frameName})` : null;
  const lastStatistics = useRef(new Float64Array(8).fill(Number.NaN));

  useFrame(() => {
    const statistics = refs.statistics;
    statistics.visibleCapes = 0;
    statistics.vertices = 0;
    statistics.faces = 0;
    statistics.modelGeosets = 0;
    statistics.modelVertices = 0;
    statistics.modelTriangles = 0;
    statistics.particles = 0;
  }, -1);
  useFrame(() => {
    viewportFrames.count += 1;
    viewportDrew();
    // Text is rebuilt only when a figure changes: no string per frame.
    const overlay = refs.overlay.current;
    const statistics = refs.statistics;
    const last = lastStatistics.current;
    // Bitwise or: every figure is stored, whichever changed.
    const changed =
      setFigure(last, 0, overlays.statistics ? 1 : 0) |
      setFigure(last, 1, statistics.visibleCapes) |
      setFigure(last, 2, statistics.vertices) |
      setFigure(last, 3, statistics.faces) |
      setFigure(last, 4, statistics.modelGeosets) |
      setFigure(last, 5, statistics.modelVertices) |
      setFigure(last, 6, statistics.modelTriangles) |
      setFigure(last, 7, statistics.particles);
    if (overlay && changed) {
      const model =
        statistics.modelVertices > 0 || statistics.particles > 0
          ? `Model: geosets ${statistics.modelGeosets} · vertices ${statistics.modelVertices.toLocaleString()} · ` +
            `triangles ${statistics.modelTriangles.toLocaleString()}` +
            (statistics.particles > 0 ? ` · particles ${statistics.particles.toLocaleString()}` : '') +
            '\n'
          : '';
      overlay.textContent = overlays.statistics
        ? `${model}Capes ${statistics.visibleCapes} · Vertices ${statistics.vertices.toLocaleString()} · ` +
          `Faces ${statistics.faces.toLocaleString()}`
        : '';
    }
    const viewName = cameraLabel.current ?? navigator.viewName;
    // Compared with what was last written (reading textContent back would make a string every frame).
    if (refs.viewName.current && shownViewName.current !== viewName) {
      shownViewName.current = viewName;
      refs.viewName.current.textContent = viewName;
    }
  }, 2);

  return (
    <>
      <Navigation navigator={navigator} capes={refs.capes} model={refs.model} />
      <ViewportContent navigator={navigator} textureSource={textureSource} refs={refs} />
      {
        <GizmoHelper alignment="top-right" margin={[64, 64]}>
          <GizmoViewport
            axisColors={['#ff3352', '#8bdc00', '#2890ff']}
            labelColor="#111"
            onClick={(event) => {
              event.stopPropagation();
              const position = event.object.position;
              const axis: ViewAxis | null =
                position.x > 0.5
                  ? 'right'
                  : position.x < -0.5
                    ? 'left'
                    : position.y > 0.5
                      ? 'back'
                      : position.y < -0.5
                        ? 'front'
                        : position.z > 0.5
                          ? 'top'
                          : position.z < -0.5
                            ? 'bottom'
                            : null;
              if (axis) areaCommands(store, 'viewport')?.viewAxis(axis);
              return null;
            }}
          />
        </GizmoHelper>
      }
    </>
  );
}
