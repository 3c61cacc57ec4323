/**
 * The page's first script. When the editor was started with a model it reads and parses that file, makes the
 * viewport's WebGL context (early-context.ts), has the GPU process compile the layers' pipelines while it builds the
 * rig, and draws the file once on that context (the boot frame, boot-frame.ts) in the viewport's place of the
 * editor's frame (boot-skeleton.ts); only then it loads the editor (main.tsx), which takes the context, the file's
 * bytes and its parse over: nothing is read, parsed or set up twice. Without a model it makes the context at once.
 * The file then shows as soon as it can be drawn, not after three.js and React have loaded (1.9 MB of script).
 * The editor's script is asked for only after the boot frame: preloaded while the file was read (it is then compiled
 * on a background thread), it took the boot frame ~10 % longer (two cores, SwiftShader), for no sooner editor.
 * The file is read before the context is made: made first, the context's creation (which blocks the main thread)
 * held up the read's own tasks, and the pipelines could only be compiled once the file was in.
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
import { rigOfDocument, typedModelOfDocument } from '../editors/viewport/model/document-model';
import { findParsedChunk } from '../../shared/model/mdx-model';
import { paletteFloats, rigLayerLooks } from '../editors/viewport/model/model-layers';
import { DEFAULT_VIEW, framedTarget, perspectiveViewProjection, viewRotation } from '../editors/viewport/view-math';
import { bootFrameMs, keepBootRead, noteBootFrame } from '../files/boot-read';
import { deleteBootProgram, drawBootFrame, startBootProgram, warmBootFrame } from './boot-frame';
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
 * Reads the startup model and draws it (see the module's comment). The viewport's context is made in any case: sized
 * for the boot frame when there is one, else at once.
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
  // The file first: its read ahead by the page is usually in by now, and parsing is lazy (~1 ms), so that the layers'
  // pipelines can be compiled from the moment the context exists.
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
  // The editor's frame, and the canvas in the viewport's place at its size.
  const body = showBootSkeleton(session.layout);
  const { width, height } = body.getBoundingClientRect();
  const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const early = makeEarlyContext(Math.floor(width * ratio), Math.floor(height * ratio));
  if (!early) return;
  const gl = early.context;
  performance.mark('morf:boot-context');
  const shader = startBootProgram(gl);
  let drawn = false;
  try {
    // The GPU process compiles the layers' pipelines while the rig is built (every material's layers: the geosets
    // are not read yet).
    const model = typedModelOfDocument(document);
    if (model) {
      const layers = (findParsedChunk(model, 'MTLS') ?? []).flatMap((material) =>
        material.layers.map((layer) => ({ layer })),
      );
      warmBootFrame(gl, shader, rigLayerLooks(layers, shading), shading);
    }
    const rig = rigOfDocument(document);
    const aspect = width / Math.max(1, height);
    const framed = rig ? framedTarget(rig.bounds, aspect) : null;
    // A model with nothing to draw has no first picture.
    if (!rig || rig.vertexCount === 0 || !framed) return;
    early.canvas.style.cssText = `display: block; width: ${width}px; height: ${height}px`;
    body.append(early.canvas);
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
    drawn = true;
    performance.mark('morf:boot-posed');
    const scene = { rig, animator, shading, showGeosets: true, viewProjection };
    if (drawBootFrame(gl, shader, scene, early.canvas.width, early.canvas.height)) {
      noteBootFrame(performance.now());
      showBootPicture();
    }
  } finally {
    if (!drawn) deleteBootProgram(gl, shader);
    if (bootFrameMs() === null) removeBootSkeleton();
  }
}

// On a failure nothing is lost: the editor opens the file itself and says what went wrong.
void bootFrame()
  .catch(() => makeEarlyContext())
  .then(() => import('../main'));
