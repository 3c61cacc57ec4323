/**
 * What a render makes (Render ▸ Render Image, Render ▸ Render Animation), as plain data: the size, the frame rate,
 * the range of the timeline, the output format and whether overlays and a transparent background are drawn; the
 * checks that refuse a render before it starts (a size over the platform's limit, a format it cannot encode, an empty
 * range); and the frames' exact times. The last settings used are session state (remembered per user).
 */
import type { JsonValue } from '../../shared/contract/contract';
import type { TimeRange } from './timeline-view';

/** An animation's output: a video (WebM VP9, MP4 H.264), a folder of numbered PNG files, or an animated GIF. */
export type RenderFormat = 'webm' | 'mp4' | 'png' | 'gif';
/** What an animation covers: the sequence at the playhead, the timeline's playback range, or from/to. */
export type RenderRangeKind = 'sequence' | 'timeline' | 'custom';

/**
 * A video's quality, named as Blender's Output Quality: more detail kept costs bytes and encoding time (the
 * encoder's quantizer: VP9 28, 36, 44 of 63). Medium is Blender's default too.
 */
export type RenderQuality = 'high' | 'medium' | 'low';

/** The qualities in the order the dialog lists them, with their names there. */
export const RENDER_QUALITIES: readonly { value: RenderQuality; label: string }[] = [
  { value: 'high', label: 'High quality' },
  { value: 'medium', label: 'Medium quality' },
  { value: 'low', label: 'Low quality' },
];

/** The render settings. */
export interface RenderSettings {
  width: number;
  height: number;
  /** Frames per second of an animation. */
  fps: number;
  range: RenderRangeKind;
  /** The custom range, ms on the model's timeline (`toMs` excluded: 0–2000 at 30 fps is 60 frames). */
  fromMs: number;
  toMs: number;
  format: RenderFormat;
  /** A video's quality (WebM, MP4). */
  quality: RenderQuality;
  /** Draw the viewport's overlays (grid, axes, gizmos, normals, bounds, the selection) as it shows them. */
  includeOverlays: boolean;
  /** A still's background is transparent (PNG with alpha). */
  transparent: boolean;
}

/** Each format: its name in the dialog, the file extension, whether it is a video (WebCodecs). */
export const RENDER_FORMATS: Readonly<Record<RenderFormat, { label: string; extension: string; video: boolean }>> = {
  webm: { label: 'WebM video (VP9)', extension: 'webm', video: true },
  mp4: { label: 'MP4 video (H.264)', extension: 'mp4', video: true },
  png: { label: 'PNG sequence (a folder of numbered files)', extension: 'png', video: false },
  gif: { label: 'Animated GIF', extension: 'gif', video: false },
};

/**
 * The formats in the order the dialog lists them. MP4 (H.264) comes first and is the default: it plays wherever
 * a clip is shared (forums, chat, every system's player) and encodes fastest; where the platform has no H.264
 * encoder the dialog gives way to the next one it can encode, WebM (VP9).
 */
export const RENDER_FORMAT_ORDER: readonly RenderFormat[] = ['mp4', 'webm', 'png', 'gif'];

/** Smallest width or height rendered. */
export const MIN_RENDER_SIZE = 16;
/** Most frames one animation renders (an hour at 30 fps). */
export const MAX_RENDER_FRAMES = 108_000;
/** Frame rates offered (any whole number in range may be typed). */
export const MIN_RENDER_FPS = 1;
export const MAX_RENDER_FPS = 120;

/** The defaults: 1024 × 768 (4:3, like the game), 30 fps, the sequence at the playhead, MP4 at medium quality. */
export function defaultRenderSettings(): RenderSettings {
  return {
    width: 1024,
    height: 768,
    fps: 30,
    range: 'sequence',
    fromMs: 0,
    toMs: 2000,
    format: 'mp4',
    quality: 'medium',
    includeOverlays: false,
    transparent: false,
  };
}

/** What the platform can do, known before a render starts. */
export interface RenderCapabilities {
  /** The largest width or height the renderer draws (WebGL's renderbuffer, texture and viewport limits). */
  maxSize: number;
  /** The animation formats this platform can encode at the size asked about. */
  formats: readonly RenderFormat[];
  /** Why each format that is not offered is not (e.g. "this platform has no H.264 encoder"). */
  unavailable: Partial<Record<RenderFormat, string>>;
  /** An audio track can be encoded (Opus). */
  audio: boolean;
}

/** Why a render of `settings` cannot start (empty: it can). A still ignores the frame rate, range and format. */
export function renderProblems(
  settings: RenderSettings,
  kind: 'image' | 'animation',
  capabilities: RenderCapabilities,
  range: TimeRange | null,
): string[] {
  const problems: string[] = [];
  const { width, height } = settings;
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < MIN_RENDER_SIZE)
      problems.push(`The ${name} must be a whole number of at least ${MIN_RENDER_SIZE} pixels.`);
    else if (value > capabilities.maxSize)
      problems.push(
        `${width} × ${height} is larger than this platform can render: at most ${capabilities.maxSize} pixels ` +
          `each way.`,
      );
  }
  if (kind === 'image') return unique(problems);
  const format = RENDER_FORMATS[settings.format];
  if (!capabilities.formats.includes(settings.format))
    problems.push(`${format.label}: ${capabilities.unavailable[settings.format] ?? 'this platform cannot encode it'}.`);
  if (format.video && (width % 2 !== 0 || height % 2 !== 0))
    problems.push('A video’s width and height must be even numbers.');
  if (!Number.isInteger(settings.fps) || settings.fps < MIN_RENDER_FPS || settings.fps > MAX_RENDER_FPS)
    problems.push(`The frame rate must be a whole number from ${MIN_RENDER_FPS} to ${MAX_RENDER_FPS}.`);
  else if (!range || !(range.endMs > range.startMs))
    problems.push('The range is empty: its end must come after its start.');
  else if (frameCount(range, settings.fps) > MAX_RENDER_FRAMES)
    problems.push(`That is more than ${MAX_RENDER_FRAMES.toLocaleString('en')} frames: render a shorter range.`);
  return unique(problems);
}

function unique(problems: string[]): string[] {
  return [...new Set(problems)];
}

/** Frames of an animation over `range` (the end excluded): at least one. */
export function frameCount(range: TimeRange, fps: number): number {
  return Math.max(1, Math.round(((range.endMs - range.startMs) * fps) / 1000));
}

/** The model time of frame `index` (from 0), ms. */
export function frameTimeMs(range: TimeRange, fps: number, index: number): number {
  return range.startMs + (index * 1000) / fps;
}

/** A frame's presentation time in a video, µs (whole, so frames never drift). */
export function frameTimestampMicroseconds(fps: number, index: number): number {
  return Math.round((index * 1_000_000) / fps);
}

/** The name of frame `index` (from 0) of a PNG sequence of `count` frames: `Shot_0001.png`. */
export function sequenceFileName(stem: string, index: number, count: number): string {
  const digits = Math.max(4, String(count).length);
  return `${stem}_${String(index + 1).padStart(digits, '0')}.png`;
}

/**
 * A file name's stem for outputs: the name without its folder and extension, reduced to letters, digits, space,
 * `_`, `.` and `-` (what the host accepts for a sequence's files).
 */
export function outputStem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[^A-Za-z0-9 _.-]/g, '_').replace(/^[ ._-]+/, '');
  return stem.replace(/[ .]+$/, '') || 'render';
}

function integerOf(value: JsonValue | undefined, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

function finiteOf(value: JsonValue | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 1e9 ? value : fallback;
}

/** Settings read back from the session, each value checked (a bad one takes its value in `fallback`). */
export function renderSettingsFromJson(
  value: JsonValue | undefined,
  fallback: RenderSettings = defaultRenderSettings(),
): RenderSettings {
  const json = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const pick = <T extends string>(item: JsonValue | undefined, choices: readonly T[], otherwise: T): T =>
    typeof item === 'string' && (choices as readonly string[]).includes(item) ? (item as T) : otherwise;
  return {
    width: integerOf(json.width, fallback.width, MIN_RENDER_SIZE, 65_536),
    height: integerOf(json.height, fallback.height, MIN_RENDER_SIZE, 65_536),
    fps: integerOf(json.fps, fallback.fps, MIN_RENDER_FPS, MAX_RENDER_FPS),
    range: pick(json.range, ['sequence', 'timeline', 'custom'] as const, fallback.range),
    fromMs: finiteOf(json.fromMs, fallback.fromMs),
    toMs: finiteOf(json.toMs, fallback.toMs),
    format: pick(json.format, RENDER_FORMAT_ORDER, fallback.format),
    quality: pick(
      json.quality,
      RENDER_QUALITIES.map((quality) => quality.value),
      fallback.quality,
    ),
    includeOverlays: typeof json.includeOverlays === 'boolean' ? json.includeOverlays : fallback.includeOverlays,
    transparent: typeof json.transparent === 'boolean' ? json.transparent : fallback.transparent,
  };
}

/** Render ▸ Render Image (a still) or Render ▸ Render Animation. */
export type RenderKind = 'image' | 'animation';

/** A render under way (ephemeral state): what it renders to, how far it is, whether Cancel was pressed. */
export interface RenderStatus {
  kind: RenderKind;
  /** The output's name. */
  label: string;
  phase: 'preparing' | 'rendering' | 'finishing';
  /** Frames drawn and encoded so far, of `frames`. */
  frame: number;
  frames: number;
  /** performance.now() when it started. */
  startedAt: number;
  cancelling: boolean;
}
