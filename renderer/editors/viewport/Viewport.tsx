/**
 * The 3D Viewport area: a View menu, shading buttons (wireframe, solid, textured) and overlay
 * toggles in the header; the react-three-fiber canvas (render on demand, drawing buffer kept for
 * screenshots) with the view name and statistics drawn over it.
 */
import { Canvas, type GLProps } from '@react-three/fiber';
import { WebGLRenderer } from 'three';
import { takeEarlyContext, VIEWPORT_CONTEXT_ATTRIBUTES } from './early-context';
import { useMemo, useRef, useState } from 'react';
import { useApp, useEditor, useRunOperator, useShortcuts } from '../../ui/editor-context';
import { Icon, type IconName } from '../../ui/Icon';
import { EMPTY_SELECTION } from '../../state/selection';
import type { CameraFrame, Shading, ViewportOverlays } from '../../state/session';
import { updateSession } from '../../state/session-actions';
import { capeKey } from '../../capes/cape-entry';
import { linkShowTime, playedSpanAt } from '../../../shared/events/visibility';
import { dragShift } from '../../state/visibility';
import { type EditorState, currentDocument } from '../../state/editor-store';
import { Area } from '../layout/Area';
import { formatTimeLabel } from '../timeline/layout';
import { type MenuEntry, MenuPopup } from '../layout/Menu';
import { VIEWPORT_BACKGROUND } from '../timeline/theme';
import type { TextureSource } from './cape-texture';
import { viewNavigatorOf } from './view-navigator';
import { type ViewportOverlayRefs, ViewportScene } from './ViewportScene';
import { createCapeRegistry } from './viewport-registry';
import { rigOfDocument } from './model/document-model';
import { createModelViewState } from './model/model-view-state';
import { missingModelTexturesHint } from './model/model-summary';
import { PARTICLE_LEVELS, type ParticleLevel } from '../../../shared/model/simulation/particle-level';

const VIEW_MENU: MenuEntry[] = [
  { kind: 'operator', id: 'view3d.view_all', label: 'Frame All' },
  { kind: 'operator', id: 'view3d.view_selected', label: 'Frame Selected' },
  { kind: 'separator' },
  { kind: 'operator', id: 'view3d.view_axis', label: 'Front', properties: { type: 'front' } },
  { kind: 'operator', id: 'view3d.view_axis', label: 'Back', properties: { type: 'back' } },
  { kind: 'operator', id: 'view3d.view_axis', label: 'Right', properties: { type: 'right' } },
  { kind: 'operator', id: 'view3d.view_axis', label: 'Left', properties: { type: 'left' } },
  { kind: 'operator', id: 'view3d.view_axis', label: 'Top', properties: { type: 'top' } },
  { kind: 'operator', id: 'view3d.view_axis', label: 'Bottom', properties: { type: 'bottom' } },
  { kind: 'separator' },
  { kind: 'operator', id: 'view.toggle_orthographic' },
  { kind: 'operator', id: 'view.toggle_sidebar' },
];

/** View ▸ Cameras: look through the selected camera, the frame it is seen in, following the sequence. */
function cameraMenu(frame: CameraFrame, followSequence: boolean): MenuEntry[] {
  return [
    { kind: 'separator' },
    { kind: 'heading', label: 'Cameras' },
    { kind: 'operator', id: 'view3d.view_camera', label: 'Active Camera' },
    ...(['4:3', '16:9', 'square'] as const).map((option): MenuEntry => ({
      kind: 'operator',
      id: 'view3d.camera_frame',
      label: option === 'square' ? 'Square Portrait Frame' : `${option} Frame`,
      properties: { frame: option },
      checked: frame === option,
    })),
    { kind: 'operator', id: 'view3d.toggle_follow_sequence', checked: followSequence },
  ];
}

const PARTICLE_LEVEL_LABELS: Readonly<Record<ParticleLevel, string>> = { low: 'Low', medium: 'Medium', high: 'High' };

/** What each level does (shared/model/simulation/particle-level.ts has the evidence). */
const PARTICLE_LEVEL_ENTRIES: Readonly<Record<ParticleLevel, string>> = {
  high: 'High — static emission ×2 (the game’s default)',
  medium: 'Medium — emission as written',
  low: 'Low — static emission ×½ (our estimate)',
};

const SHADINGS: { shading: Shading; icon: IconName; hint: string }[] = [
  { shading: 'wireframe', icon: 'wire', hint: 'Wireframe shading' },
  { shading: 'solid', icon: 'solid', hint: 'Solid shading: grey, lit by the normals' },
  { shading: 'textured', icon: 'textured', hint: 'Textured shading: the cape texture from the data folders' },
];

const OVERLAYS: { overlay: keyof ViewportOverlays; label: string }[] = [
  { overlay: 'grid', label: 'Grid floor' },
  { overlay: 'axes', label: 'Axes' },
  { overlay: 'normals', label: 'Vertex normals' },
  { overlay: 'bounds', label: 'Bounds' },
  { overlay: 'statistics', label: 'Statistics' },
  { overlay: 'geosets', label: 'Model geosets' },
  { overlay: 'bones', label: 'Bones, helpers, attachments, lights' },
  { overlay: 'cameras', label: 'Camera gizmos' },
  { overlay: 'emitters', label: 'Emitters and ribbons' },
  { overlay: 'collisionShapes', label: 'Collision shapes' },
  { overlay: 'particles', label: 'Particles and ribbons (simulated)' },
  { overlay: 'capes', label: 'Capes' },
];

function ViewportHeader() {
  const { store } = useApp();
  const shading = useEditor((state) => state.session.viewport.shading);
  const overlays = useEditor((state) => state.session.viewport.overlays);
  const cameraFrame = useEditor((state) => state.session.viewport.cameraFrame);
  const followSequence = useEditor((state) => state.session.viewport.followSequence);
  const particleLevel = useEditor((state) => state.session.viewport.particleLevel);
  const [menu, setMenu] = useState<{ kind: 'view' | 'overlays' | 'particles'; x: number; y: number } | null>(null);
  const keys = useShortcuts();
  const open = (kind: 'view' | 'overlays' | 'particles', element: HTMLElement) => {
    const rect = element.getBoundingClientRect();
    setMenu({ kind, x: kind === 'view' ? rect.left : rect.right - 200, y: rect.bottom + 2 });
  };
  return (
    <>
      <button className="menu-button" onPointerDown={(event) => open('view', event.currentTarget)}>
        View
      </button>
      <span className="spacer" />
      <button
        className="button"
        data-testid="particle-level"
        data-hint="The game’s Particles option the emitters are simulated at (Options ▸ Video ▸ Particles)"
        onPointerDown={(event) => open('particles', event.currentTarget)}
      >
        Particles: {PARTICLE_LEVEL_LABELS[particleLevel]}
      </button>
      <button
        className="button"
        data-hint="Viewport overlays"
        onPointerDown={(event) => open('overlays', event.currentTarget)}
      >
        <Icon name="overlay" size={13} /> Overlays
      </button>
      <span className="separator-v" />
      <span className="button-group">
        {SHADINGS.map((item) => (
          <button
            key={item.shading}
            className={`button icon${shading === item.shading ? ' active' : ''}`}
            data-hint={
              item.shading === 'wireframe'
                ? keys.hint(item.hint, 'view3d.toggle_shading', { type: 'wireframe' })
                : item.hint
            }
            data-testid={`shading-${item.shading}`}
            onClick={() =>
              updateSession(store, (session) => ({
                ...session,
                viewport: { ...session.viewport, shading: item.shading },
              }))
            }
          >
            <Icon name={item.icon} size={13} />
          </button>
        ))}
      </span>
      {menu?.kind === 'view' ? (
        <MenuPopup
          entries={[...VIEW_MENU, ...cameraMenu(cameraFrame, followSequence)]}
          x={menu.x}
          y={menu.y}
          area="viewport"
          onClose={() => setMenu(null)}
        />
      ) : null}
      {menu?.kind === 'particles' ? (
        <MenuPopup
          x={menu.x}
          y={menu.y}
          area="viewport"
          onClose={() => setMenu(null)}
          entries={[
            { kind: 'heading', label: 'The game’s Particles option' },
            ...PARTICLE_LEVELS.slice()
              .reverse()
              .map((level): MenuEntry => ({
                kind: 'operator',
                id: 'view3d.particle_level',
                label: PARTICLE_LEVEL_ENTRIES[level],
                properties: { level },
                checked: particleLevel === level,
              })),
          ]}
        />
      ) : null}
      {menu?.kind === 'overlays' ? (
        <MenuPopup
          x={menu.x}
          y={menu.y}
          area="viewport"
          onClose={() => setMenu(null)}
          entries={OVERLAYS.map((item): MenuEntry => ({
            kind: 'operator',
            id: `view3d.toggle_overlay_${item.overlay}`,
            label: item.label,
            checked: overlays[item.overlay],
          }))}
        />
      ) : null}
    </>
  );
}

const scratchSpan = { startMs: 0, endMs: 0, sequenceIndex: -1 };
const scratchNext = { startMs: 0, endMs: 0, sequenceIndex: -1 };

/**
 * A line for an empty viewport: which link shows next when no cape is on screen at the playhead
 * (a string, so the selector result is stable).
 */
function nextCapeHint(state: EditorState, keys: { next: string | null; play: string | null }): string | null {
  const document = currentDocument(state);
  if (!document || document.links.length === 0) return null;
  const timeMs = state.session.playback.playheadMs;
  const span = playedSpanAt(document.sequences, timeMs, scratchSpan);
  let next: { id: string; timeMs: number } | null = null;
  for (const link of document.links) {
    if (state.capes[capeKey(link.path)]?.status !== 'found') continue;
    if (!Number.isNaN(linkShowTime(document, link, timeMs, span, dragShift(state.drag)))) return null;
    // The next show key that puts the cape on (one whose hide fires in the same update does not).
    for (const frame of link.showFrames)
      if (
        frame > timeMs &&
        (!next || frame < next.timeMs) &&
        !Number.isNaN(linkShowTime(document, link, frame, playedSpanAt(document.sequences, frame, scratchNext)))
      )
        next = { id: link.id, timeMs: frame };
  }
  const unit = state.session.timeline.unit;
  const step = state.session.playback.frameStepMs;
  const now = formatTimeLabel(timeMs, unit, step);
  const how = [keys.next ? `${keys.next} jumps to the next key` : null, keys.play ? `${keys.play} plays` : null]
    .filter(Boolean)
    .join(', ');
  return next
    ? `No cape is shown at ${now}. Link ${next.id} shows at ${formatTimeLabel(next.timeMs, unit, step)}` +
        `${how ? ` — ${how}` : ''}.`
    : `No cape is shown at ${now}.`;
}

/** The props react-three-fiber gives a renderer factory. */
type DefaultGLProps = Parameters<Extract<GLProps, (defaults: never) => unknown>>[0];

let preparedRenderer: WebGLRenderer | null = null;

/**
 * Makes the viewport's renderer over the WebGL context made while the page loaded (early-context.ts), before the
 * editor first renders: three's set-up asks the GPU process many questions and waits for each answer, and once the
 * page has painted those answers queue behind the compositor's first frames (0.1–0.2 s with SwiftShader).
 */
export function prepareViewportRenderer(): void {
  if (preparedRenderer) return;
  const early = takeEarlyContext();
  if (!early) return;
  preparedRenderer = new WebGLRenderer({
    ...VIEWPORT_CONTEXT_ATTRIBUTES,
    canvas: early.canvas,
    context: early.context,
  });
}

/**
 * The viewport's renderer: the one prepared as the page loaded when there is one, its canvas taking the place of
 * react-three-fiber's in the page; otherwise one over the early context, or a new context with the same attributes.
 */
function viewportRenderer(defaults: DefaultGLProps): WebGLRenderer {
  if (defaults.canvas instanceof HTMLCanvasElement) prepareViewportRenderer();
  const renderer = preparedRenderer;
  preparedRenderer = null;
  if (!renderer) return new WebGLRenderer({ ...VIEWPORT_CONTEXT_ATTRIBUTES, canvas: defaults.canvas });
  renderer.domElement.style.cssText = 'display: block';
  (defaults.canvas as HTMLCanvasElement).replaceWith(renderer.domElement);
  return renderer;
}

/**
 * How the canvas follows its area's size: at once (react-three-fiber's default waits 50 ms after the resize observer,
 * which put 50 ms between the editor's first render and the viewport's renderer), and not on scrolls (nothing
 * scrolls the viewport; only its size is used — the default measured it again on every scroll in the page).
 */
const CANVAS_RESIZE = { scroll: false, debounce: 0 } as const;

/** The area. `textureSource` loads cape textures (from the host's data folders). */
export function Viewport({ textureSource }: { textureSource: TextureSource }) {
  const { store } = useApp();
  const run = useRunOperator();
  const hasFile = useEditor((state) => state.file !== null);
  const hasCapes = useEditor(
    (state) => state.standaloneCape !== null || Object.values(state.capes).some((entry) => entry.cape !== null),
  );
  const linkCount = useEditor((state) => currentDocument(state)?.links.length ?? 0);
  const hasModel = useEditor((state) => (rigOfDocument(currentDocument(state))?.vertexCount ?? 0) > 0);
  const textureHint = useEditor(missingModelTexturesHint);
  const loadingCapes = useEditor((state) => Object.values(state.capes).some((entry) => entry.status === 'loading'));
  const keys = useShortcuts();
  const next = keys.text('screen.keyframe_jump_next');
  const play = keys.text('screen.animation_play');
  const hint = useEditor((state) => nextCapeHint(state, { next, play }));
  const open = keys.text('wm.open');
  const navigator = useMemo(() => viewNavigatorOf(store), [store]);
  const overlay = useRef<HTMLDivElement>(null);
  const viewName = useRef<HTMLDivElement>(null);
  const particleHint = useRef<HTMLDivElement>(null);
  const refs = useMemo<ViewportOverlayRefs>(
    () => ({
      statistics: {
        visibleCapes: 0,
        vertices: 0,
        faces: 0,
        modelGeosets: 0,
        modelVertices: 0,
        modelTriangles: 0,
        particles: 0,
      },
      capes: createCapeRegistry(),
      model: createModelViewState(),
      overlay,
      viewName,
      particleHint,
    }),
    [],
  );
  return (
    <Area kind="viewport" title="3D Viewport" icon="mesh" header={<ViewportHeader />} bodyClassName="viewport-body">
      {/* Made at once: the WebGL context is created while the startup file is read and parsed. */}
      <Canvas
        frameloop="demand"
        resize={CANVAS_RESIZE}
        flat
        dpr={[1, 2]}
        gl={viewportRenderer}
        data-testid="viewport-canvas"
        style={{ position: 'absolute', inset: 0 }}
        onPointerMissed={(event) => {
          if (event.button === 0 && !event.shiftKey && store.getState().file?.kind === 'model')
            store.setState({ selection: EMPTY_SELECTION });
        }}
        onCreated={({ gl }) => gl.setClearColor(VIEWPORT_BACKGROUND)}
      >
        <ViewportScene navigator={navigator} textureSource={textureSource} refs={refs} />
      </Canvas>
      {textureHint && hasModel ? (
        <div className="viewport-hint" data-testid="model-texture-hint" style={{ bottom: hint || !hasCapes ? 64 : 14 }}>
          {textureHint}
        </div>
      ) : null}
      <div
        className="viewport-hint particle-hint"
        data-testid="particle-hint"
        ref={particleHint}
        style={{ display: 'none', top: 70, bottom: 'auto', whiteSpace: 'pre-line' }}
      />
      <div className="viewport-overlay">
        <div className="view-name" ref={viewName}>
          {navigator.viewName}
        </div>
        <div className="viewport-stats" ref={overlay} data-testid="viewport-stats" style={{ whiteSpace: 'pre-line' }} />
      </div>
      {!hasFile ? (
        <div className="viewport-message">
          Open a model or a cape{open ? ` (${open})` : ''} or drop a file here.
          <button className="button" style={{ pointerEvents: 'auto', marginTop: 8 }} onClick={() => run('wm.open')}>
            Open…
          </button>
        </div>
      ) : hint && hasCapes ? (
        <div className="viewport-hint" data-testid="viewport-hint">
          {hint}
        </div>
      ) : !hasCapes && !loadingCapes ? (
        <div className={hasModel ? 'viewport-hint' : 'viewport-message'} data-testid="viewport-no-capes">
          {linkCount === 0
            ? 'This model links no capes (it has no MRFx/MRDx event objects).\nAdd one from the outliner’s context ' +
              'menu.'
            : 'No linked cape file could be loaded: see the outliner and the diagnostics.'}
        </div>
      ) : null}
    </Area>
  );
}
