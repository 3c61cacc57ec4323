/**
 * The page's first script. When the editor was started with a model it reads and parses that file and draws it once
 * on the CPU (the boot frame, boot-raster.ts) on a canvas in the viewport's place of the editor's frame
 * (boot-skeleton.ts); then it makes the viewport's WebGL context (early-context.ts) and loads the editor (main.tsx),
 * which takes the context, the file's bytes and its parse over: nothing is read or parsed twice. Without a model it
 * makes the context at once. The file then shows as soon as it can be drawn, not after three.js and React have
 * loaded (1.9 MB of script), nor after the GPU process has made a context and compiled the layers' pipelines: without
 * a GPU (SwiftShader) that process also draws the browser's own frames, and the frame waited behind them (drawn with
 * WebGL, Illidan's frame came ~0.1 s later).
 * The editor's script is asked for only after the boot frame: preloaded while the file was read (it is then compiled
 * on a background thread), it took the boot frame ~10 % longer (two cores, SwiftShader), for no sooner editor.
 *
 * The boot frame is left out — the editor opens the file as before — for a file in an archive, a cape, text the
 * editor would parse in its worker, a model linking capes (the viewport frames those), wireframe shading, a model
 * with nothing to draw, or any failure (the open reports it).
 */
import { makeEarlyContext } from '../editors/viewport/early-context';
import '../styles/theme.css';
import { sequenceBoundsAt } from '../state/visibility';
import { type SettingsSnapshot, startupFileAttribute, startupSessionAttribute } from '../../shared/contract/contract';
import { archiveEntryOf, displayName } from '../files/archive-paths';
import { modelCodec } from '../files/model-codec';
import { getHost } from '../platform';
import { sessionFromSettings } from '../state/session';
import { parsesInline } from '../workers/model-parser';
import { ModelAnimator } from '../editors/viewport/model/model-animator';
import { rigOfDocument } from '../editors/viewport/model/document-model';
import { paletteFloats } from '../editors/viewport/model/model-layers';
import { DEFAULT_VIEW, framedTarget, perspectiveViewProjection, viewRotation } from '../editors/viewport/view-math';
import { bootFrameMs, keepBootRead, noteBootFrame } from '../files/boot-read';
import { rasterBootFrame } from './boot-raster';
import { removeBootSkeleton, showBootPicture, showBootSkeleton } from '../editors/layout/boot-skeleton';

/** The startup file's path: named by the page (browser shell), else asked of Electron's host. */
async function startupPath(): Promise<string | null> {
  const named = document.querySelector(`link[${startupFileAttribute}]`)?.getAttribute(startupFileAttribute);
  if (named) return named;
  const host = getHost();
  if (host.runtime !== 'electron') return null;
  return (await host.getStartup()).openFiles[0] ?? null;
}

/** The session settings the page holds (browser shell), or null. */
function pageSession(): SettingsSnapshot['session'] | null {
  const text = document.querySelector(`link[${startupSessionAttribute}]`)?.getAttribute(startupSessionAttribute);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as SettingsSnapshot['session'])
      : null;
  } catch {
    return null;
  }
}

/** Whether the boot frame can draw a file: a model on disk (not in an archive). */
function drawable(path: string | null): path is string {
  return path !== null && !archiveEntryOf(path) && /\.md[xl]$/i.test(path);
}

/**
 * Reads the startup model and draws it (see the module's comment). The viewport's context is made in any case: after
 * the boot frame, at the size it laid out, when there is one; else at once.
 */
async function bootFrame(): Promise<void> {
  performance.mark('morf:boot-start');
  const path = await startupPath();
  if (!drawable(path)) return void makeEarlyContext();
  const host = getHost();
  const read = host.openFile({ path });
  read.catch(() => undefined); // the editor's open reads it again and reports
  const session = sessionFromSettings(pageSession() ?? (await host.getSettings()).session);
  const shading = session.viewport.shading;
  if (shading === 'wireframe' || !session.viewport.overlays.geosets) {
    makeEarlyContext();
    const opened = await read;
    return keepBootRead({ path, opened, document: null });
  }
  // The file: its read ahead by the page is usually in by now, and parsing is lazy (~1 ms).
  performance.mark('morf:boot-session');
  const opened = await read;
  performance.mark('morf:boot-read');
  let document = null;
  if (parsesInline(opened.bytes))
    try {
      document = modelCodec.readModel(new Uint8Array(opened.bytes), displayName(path));
    } catch {
      document = null;
    }
  keepBootRead({ path, opened, document });
  // A model linking capes is framed on them (the viewport's): no boot frame.
  if (!document || document.links.length > 0) return void makeEarlyContext();
  performance.mark('morf:boot-parsed');
  // The editor's frame, and the frame's canvas in the viewport's place at its size.
  const body = showBootSkeleton(session.layout);
  const { width, height } = body.getBoundingClientRect();
  const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const pixelWidth = Math.floor(width * ratio);
  const pixelHeight = Math.floor(height * ratio);
  try {
    const rig = rigOfDocument(document);
    const aspect = width / Math.max(1, height);
    const framed = rig ? framedTarget(rig.bounds, aspect) : null;
    // A model with nothing to draw has no first picture.
    if (!rig || rig.vertexCount === 0 || !framed || pixelWidth < 1 || pixelHeight < 1) return;
    // The viewport's first frame of a new file: its first sequence's start, framed on the model's bounds from the
    // default direction (a model without capes), the camera's orientation for billboards.
    const first = document.sequences[0];
    const timeMs = first ? first.start : 0;
    const bounds = sequenceBoundsAt(document.sequences, timeMs, { startMs: 0, endMs: 0 });
    const start = Number.isFinite(bounds.startMs) ? bounds.startMs : Number.NaN;
    const end = Number.isFinite(bounds.endMs) ? bounds.endMs : Number.NaN;
    const animator = new ModelAnimator(rig, paletteFloats(rig.paletteSize));
    const rotation = viewRotation(DEFAULT_VIEW.yaw, DEFAULT_VIEW.pitch, new Float64Array(4));
    animator.update(timeMs, start, end, timeMs, { rotation });
    const pose = { ...framed, yaw: DEFAULT_VIEW.yaw, pitch: DEFAULT_VIEW.pitch };
    const viewProjection = perspectiveViewProjection(pose, aspect, new Float32Array(16));
    performance.mark('morf:boot-posed');
    const pixels = rasterBootFrame(
      { rig, animator, shading, showGeosets: true, viewProjection },
      pixelWidth,
      pixelHeight,
    );
    // A canvas in main memory (willReadFrequently): an accelerated one would wait for the GPU process.
    const canvas = window.document.createElement('canvas');
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
    canvas.style.cssText = `display: block; width: ${width}px; height: ${height}px`;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return;
    context.putImageData(new ImageData(pixels, pixelWidth, pixelHeight), 0, 0);
    body.append(canvas);
    noteBootFrame(performance.now());
    showBootPicture();
  } finally {
    if (bootFrameMs() === null) removeBootSkeleton();
    // The viewport's context, made now that the frame is shown (making it waits for the GPU process), at the
    // viewport's size.
    makeEarlyContext(pixelWidth, pixelHeight);
  }
}

// On a failure nothing is lost: the editor opens the file itself and says what went wrong.
void bootFrame()
  .catch(() => makeEarlyContext())
  .then(() => import('../main'));
