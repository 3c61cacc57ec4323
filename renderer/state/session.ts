/**
 * Session state: how the user left the editor — panel sizes, the timeline's zoom and unit, the
 * playhead, playback speed, viewport shading. Persisted through the host's settings (one key per
 * field group), never undoable. Values read back are checked and clamped: a hand-edited or old
 * settings file can never break the layout.
 */
import type { JsonValue } from '../../shared/contract/contract';
import type { TimeUnit, TimelineView } from './timeline-view';
import { clampPixelsPerMs } from './timeline-view';
import {
  DEFAULT_PARTICLE_LEVEL,
  PARTICLE_LEVELS,
  type ParticleLevel,
} from '../../shared/model/simulation/particle-level';
import { defaultRenderSettings, type RenderSettings, renderSettingsFromJson } from './render-settings';

/** Sizes of the resizable areas, in CSS pixels, and which optional regions are open. */
export interface LayoutSession {
  outlinerWidth: number;
  propertiesWidth: number;
  timelineHeight: number;
  diagnosticsHeight: number;
  propertiesOpen: boolean;
  diagnosticsOpen: boolean;
  /** What the area under the outliner shows: the diagnostics or the Info log (every report, with its time). */
  diagnosticsTab: 'diagnostics' | 'log';
}

/** Viewport shading, as in Blender's header buttons. */
export type Shading = 'solid' | 'textured' | 'wireframe';

/** Viewport overlays. */
export interface ViewportOverlays {
  grid: boolean;
  axes: boolean;
  normals: boolean;
  bounds: boolean;
  statistics: boolean;
  /** The model's own drawing: its geosets, and gizmos for its bones, cameras, emitters and collision shapes. */
  geosets: boolean;
  bones: boolean;
  cameras: boolean;
  emitters: boolean;
  collisionShapes: boolean;
  /** The model's particle emitters and ribbons, simulated. */
  particles: boolean;
  /** The linked capes. */
  capes: boolean;
}

/** The frame a model camera is looked through in: the game's 4:3, widescreen, or a square portrait. */
export type CameraFrame = '4:3' | '16:9' | 'square';

/** Everything the session remembers. */
export interface SessionState {
  layout: LayoutSession;
  timeline: {
    view: TimelineView;
    unit: TimeUnit;
    /** -1 for the whole time line, else a sequence index. */
    sequenceIndex: number;
    /** Collapsed channel groups and links, by row key. */
    collapsed: Record<string, boolean>;
    snapping: boolean;
  };
  playback: {
    playheadMs: number;
    speed: number;
    /** Length of one frame step (Left/Right), ms. */
    frameStepMs: number;
    loop: boolean;
    /**
     * Blender's Play Every Frame: each frame shown advances one frame step, however long it took (slower than real
     * time on a slow renderer). Off (Frame Dropping), the playhead keeps real time and frames are skipped.
     */
    playEveryFrame: boolean;
    /** Sound objects are silent (the timeline header's speaker). */
    muted: boolean;
    /** Volume of the event sounds, 0–1 (times each sound's own table volume). */
    volume: number;
    /** Blender's Scrub Audio: sounds play when scrubbing crosses their keys (else scrubbing is silent). */
    scrubAudio: boolean;
  };
  viewport: {
    shading: Shading;
    overlays: ViewportOverlays;
    cameraFrame: CameraFrame;
    /** Looking through a camera: the camera with the playing sequence's index, when there is one. */
    followSequence: boolean;
    /** The game's Particles option the preview simulates emitters at. */
    particleLevel: ParticleLevel;
  };
  /** The last render's settings (Render ▸ Render Image / Render Animation). */
  render: RenderSettings;
}

/** The session of a fresh install. */
export function defaultSession(): SessionState {
  return {
    layout: {
      outlinerWidth: 280,
      propertiesWidth: 300,
      timelineHeight: 260,
      diagnosticsHeight: 150,
      propertiesOpen: true,
      diagnosticsOpen: true,
      diagnosticsTab: 'diagnostics',
    },
    timeline: {
      view: { startMs: -500, pixelsPerMs: 0.05 },
      unit: 'ms',
      sequenceIndex: -1,
      collapsed: {},
      snapping: true,
    },
    playback: {
      playheadMs: 0,
      speed: 1,
      frameStepMs: 1000 / 30,
      loop: true,
      playEveryFrame: false,
      muted: false,
      volume: 0.8,
      scrubAudio: false,
    },
    viewport: {
      shading: 'textured',
      overlays: {
        grid: true,
        axes: true,
        normals: false,
        bounds: false,
        statistics: true,
        geosets: true,
        bones: false,
        cameras: true,
        emitters: true,
        collisionShapes: false,
        particles: true,
        capes: true,
      },
      cameraFrame: '4:3',
      followSequence: false,
      particleLevel: DEFAULT_PARTICLE_LEVEL,
    },
    render: defaultRenderSettings(),
  };
}

/** Playback speeds offered by the speed selector. */
export const PLAYBACK_SPEEDS = [0.1, 0.25, 0.5, 1, 1.5, 2, 4] as const;

/** The settings keys the session is stored under, one per group. */
export const SESSION_KEYS = {
  layout: 'editor.layout',
  timeline: 'editor.timeline',
  playback: 'editor.playback',
  viewport: 'editor.viewport',
  render: 'editor.render',
} as const;

/** The session as the host's settings store it. */
export function sessionToSettings(session: SessionState): Record<string, JsonValue> {
  return {
    [SESSION_KEYS.layout]: { ...session.layout },
    [SESSION_KEYS.timeline]: {
      ...session.timeline,
      view: { ...session.timeline.view },
      collapsed: { ...session.timeline.collapsed },
    },
    [SESSION_KEYS.playback]: { ...session.playback },
    [SESSION_KEYS.viewport]: {
      shading: session.viewport.shading,
      overlays: { ...session.viewport.overlays },
      cameraFrame: session.viewport.cameraFrame,
      followSequence: session.viewport.followSequence,
      particleLevel: session.viewport.particleLevel,
    },
    [SESSION_KEYS.render]: { ...session.render },
  };
}

function record(value: JsonValue | undefined): Record<string, JsonValue> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function number(value: JsonValue | undefined, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

function boolean(value: JsonValue | undefined, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function choice<T extends string>(value: JsonValue | undefined, choices: readonly T[], fallback: T): T {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads a session back from settings, clamping every value and filling what is missing. */
export function sessionFromSettings(settings: Record<string, JsonValue>): SessionState {
  const fallback = defaultSession();
  const layout = record(settings[SESSION_KEYS.layout]);
  const timeline = record(settings[SESSION_KEYS.timeline]);
  const view = record(timeline.view);
  const playback = record(settings[SESSION_KEYS.playback]);
  const viewport = record(settings[SESSION_KEYS.viewport]);
  const overlays = record(viewport.overlays);
  const collapsed: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(record(timeline.collapsed)))
    if (typeof value === 'boolean' && key.length <= 200) collapsed[key] = value;
  const fallbackOverlays = fallback.viewport.overlays;
  return {
    layout: {
      outlinerWidth: number(layout.outlinerWidth, fallback.layout.outlinerWidth, 140, 900),
      propertiesWidth: number(layout.propertiesWidth, fallback.layout.propertiesWidth, 180, 900),
      timelineHeight: number(layout.timelineHeight, fallback.layout.timelineHeight, 90, 1400),
      diagnosticsHeight: number(layout.diagnosticsHeight, fallback.layout.diagnosticsHeight, 60, 1000),
      propertiesOpen: boolean(layout.propertiesOpen, fallback.layout.propertiesOpen),
      diagnosticsOpen: boolean(layout.diagnosticsOpen, fallback.layout.diagnosticsOpen),
      diagnosticsTab: layout.diagnosticsTab === 'log' ? 'log' : 'diagnostics',
    },
    timeline: {
      view: {
        startMs: number(view.startMs, fallback.timeline.view.startMs, -1e9, 1e9),
        pixelsPerMs: clampPixelsPerMs(number(view.pixelsPerMs, fallback.timeline.view.pixelsPerMs, 0, 1e9)),
      },
      unit: choice(timeline.unit, ['ms', 'frames', 'seconds'] as const, fallback.timeline.unit),
      sequenceIndex: Math.round(number(timeline.sequenceIndex, -1, -1, 1_000_000)),
      collapsed,
      snapping: boolean(timeline.snapping, fallback.timeline.snapping),
    },
    playback: {
      playheadMs: number(playback.playheadMs, 0, -1e9, 1e9),
      speed: number(playback.speed, 1, 0.01, 16),
      frameStepMs: number(playback.frameStepMs, fallback.playback.frameStepMs, 1, 10_000),
      loop: boolean(playback.loop, true),
      playEveryFrame: boolean(playback.playEveryFrame, false),
      muted: boolean(playback.muted, false),
      volume: number(playback.volume, 0.8, 0, 1),
      scrubAudio: boolean(playback.scrubAudio, false),
    },
    viewport: {
      shading: choice(viewport.shading, ['solid', 'textured', 'wireframe'] as const, fallback.viewport.shading),
      overlays: {
        grid: boolean(overlays.grid, fallbackOverlays.grid),
        axes: boolean(overlays.axes, fallbackOverlays.axes),
        normals: boolean(overlays.normals, fallbackOverlays.normals),
        bounds: boolean(overlays.bounds, fallbackOverlays.bounds),
        statistics: boolean(overlays.statistics, fallbackOverlays.statistics),
        geosets: boolean(overlays.geosets, fallbackOverlays.geosets),
        bones: boolean(overlays.bones, fallbackOverlays.bones),
        cameras: boolean(overlays.cameras, fallbackOverlays.cameras),
        emitters: boolean(overlays.emitters, fallbackOverlays.emitters),
        collisionShapes: boolean(overlays.collisionShapes, fallbackOverlays.collisionShapes),
        particles: boolean(overlays.particles, fallbackOverlays.particles),
        capes: boolean(overlays.capes, fallbackOverlays.capes),
      },
      cameraFrame: choice(viewport.cameraFrame, ['4:3', '16:9', 'square'] as const, fallback.viewport.cameraFrame),
      followSequence: boolean(viewport.followSequence, fallback.viewport.followSequence),
      particleLevel: choice(viewport.particleLevel, PARTICLE_LEVELS, fallback.viewport.particleLevel),
    },
    render: renderSettingsFromJson(settings[SESSION_KEYS.render]),
  };
}
