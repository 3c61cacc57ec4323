/**
 * Where a render's frames are drawn: an offscreen canvas of the render's size (never in the page) with its own
 * react-three-fiber root, drawing the viewport's own content (editors/viewport/ViewportContent: the model, capes, the
 * grid and gizmos when overlays are included, the camera view with the game's letterbox) from a frame store whose
 * playhead is the frame's time. Nothing runs on its own (frameloop 'never'): `draw(timeMs)` commits the new time to
 * React and steps every frame callback once — the model sampled, capes and particles simulated to that exact time —
 * then draws. Looks through the camera the viewport looks through, else from the viewport's free view.
 */
import { advance, createRoot, flushSync, type RootStore, useFrame } from '@react-three/fiber';
import { PerspectiveCamera } from 'three';
import type { HostClient } from '../../shared/contract/contract';
import type { FreeView } from '../state/area-commands';
import { type EditorApp, EditorProvider, useEditor } from '../ui/editor-context';
import { currentDocument } from '../state/editor-store';
import { activeViewCamera } from '../editors/viewport/camera/view-camera';
import { rigOfDocument } from '../editors/viewport/model/document-model';
import type { TextureSource } from '../editors/viewport/cape-texture';
import { createModelViewState } from '../editors/viewport/model/model-view-state';
import { VIEWPORT_BACKGROUND } from '../editors/timeline/theme';
import { ViewNavigator } from '../editors/viewport/view-navigator';
import { ViewportContent, type ViewportContentRefs } from '../editors/viewport/ViewportContent';
import { createCapeRegistry } from '../editors/viewport/viewport-registry';
import { createFrameStore, type FrameStore } from './frame-store';

/** What a stage is made with. */
export interface RenderStageOptions {
  app: EditorApp;
  textureSource: TextureSource;
  width: number;
  height: number;
  includeOverlays: boolean;
  /** The background is transparent (a PNG still with alpha). */
  transparent: boolean;
  /** The time shown before the first draw. */
  timeMs: number;
  /** The free view to look from when no model camera is looked through (null: the default view). */
  view: FreeView | null;
}

/** An offscreen drawing of the viewport's content. */
export interface RenderStage {
  /** What `draw` draws into (its drawing buffer is kept until the next draw). */
  readonly canvas: HTMLCanvasElement;
  /** Draws the scene at `timeMs`. */
  draw(timeMs: number): void;
  /** Waits for the drawing to be done (a one-pixel read: Chromium's WebGL finish() does not wait). */
  finish(): void;
  /**
   * Reads the drawing as RGBA rows from the top (`into`: width × height × 4 bytes). One read into memory the caller
   * keeps: a VideoFrame made from the canvas instead is read back again, and slowly, by whatever uses it.
   */
  readPixels(into: Uint8Array): void;
  /** Waits until every texture and file the scene asked for has loaded and is shown (at most `timeoutMs`). */
  settle(timeoutMs?: number): Promise<void>;
  dispose(): void;
}

/** Loads under way in a stage: its textures and whatever its frames read through the host (spawned models). */
interface Loads {
  pending: number;
}

/** Counts a promise as a load until it settles. */
function counted<T>(loads: Loads, promise: Promise<T>): Promise<T> {
  loads.pending += 1;
  return promise.finally(() => {
    loads.pending -= 1;
  });
}

/** The host with every operation's promise counted as a load. */
function countingHost(host: HostClient | null, loads: Loads): HostClient | null {
  if (!host) return null;
  return new Proxy(host, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'onEvent') return value;
      return (...args: unknown[]) => {
        const result = (value as (...inner: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise ? counted(loads, result) : result;
      };
    },
  });
}

/** A texture source that counts the loads under way. */
function countingSource(source: TextureSource, loads: Loads): TextureSource {
  const wrap = (inner: TextureSource): TextureSource => {
    const countedSource: TextureSource = (path) => counted(loads, inner(path));
    if (inner.invalidate) countedSource.invalidate = (resolved) => inner.invalidate!(resolved);
    return countedSource;
  };
  const wrapped = wrap(source);
  if (source.model) wrapped.model = wrap(source.model);
  return wrapped;
}

/**
 * Draws the free view. The model's node gizmos and particles run their frame callbacks at priorities between 0 and 1,
 * and a positive priority takes drawing over from react-three-fiber: the editor's viewport then draws in its axis
 * gizmo's pass (priority 1), a camera view in its own (ModelCameraView, priority 2). A stage has no axis gizmo, so
 * this pass takes its place: without it a model seen from the free view rendered all black.
 */
function FreeViewPass() {
  const lookingThrough = useEditor(
    (state) => rigOfDocument(currentDocument(state)) !== null && activeViewCamera(state) !== null,
  );
  useFrame(({ gl, scene, camera }) => {
    if (!lookingThrough) gl.render(scene, camera);
  }, 1);
  return null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates a stage (see the module comment). */
export async function createRenderStage(options: RenderStageOptions): Promise<RenderStage> {
  const { app, width, height, transparent } = options;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const loads: Loads = { pending: 0 };
  const services = { ...app.store.services, host: countingHost(app.store.services.host, loads) };
  const frames: FrameStore = createFrameStore(app.store, options.includeOverlays, options.timeMs, services);
  const navigator = new ViewNavigator();
  if (options.view) navigator.setView(options.view);
  navigator.setAspect(width / height);
  // The navigator sets its cameras' projections; the root must not size them to the canvas itself.
  for (const camera of [navigator.perspective, navigator.orthographic]) (camera as { manual?: boolean }).manual = true;
  const textureSource = countingSource(options.textureSource, loads);
  const refs: ViewportContentRefs = {
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
  };
  const root = createRoot(canvas);
  let store: RootStore;
  try {
    await root.configure({
      gl: { preserveDrawingBuffer: true, antialias: true, alpha: true, powerPreference: 'high-performance' },
      size: { width, height, top: 0, left: 0 },
      dpr: 1,
      frameloop: 'never',
      flat: true,
      camera: navigator.camera as PerspectiveCamera,
      onCreated: ({ gl }) => gl.setClearColor(VIEWPORT_BACKGROUND, transparent ? 0 : 1),
    });
    store = root.render(
      <EditorProvider value={{ ...app, store: frames }}>
        <ViewportContent navigator={navigator} textureSource={textureSource} refs={refs} />
        <FreeViewPass />
      </EditorProvider>,
    );
  } catch (error) {
    root.unmount();
    frames.dispose();
    throw error;
  }
  let disposed = false;
  const pixel = new Uint8Array(4);
  const rowBytes = width * 4;
  // The drawing as WebGL reads it (rows from the bottom), and a view of each of its rows, made once: a frame is read
  // here and its rows copied end for end into the caller's memory, with nothing allocated per frame.
  let readBack: Uint8Array | null = null;
  let readRows: Uint8Array[] = [];
  return {
    canvas,
    draw(timeMs) {
      flushSync(() => frames.setTime(timeMs));
      advance(timeMs / 1000, false, store.getState());
    },
    finish() {
      const gl = store.getState().gl.getContext();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    },
    readPixels(into) {
      if (into.byteLength !== rowBytes * height) throw new RangeError(`readPixels needs ${rowBytes * height} bytes`);
      const gl = store.getState().gl.getContext();
      if (!readBack) {
        const bytes = new Uint8Array(rowBytes * height);
        readBack = bytes;
        readRows = Array.from({ length: height }, (_, row) => bytes.subarray(row * rowBytes, (row + 1) * rowBytes));
      }
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, readBack);
      // WebGL's rows start at the bottom.
      for (let row = 0; row < height; row += 1) into.set(readRows[height - 1 - row]!, row * rowBytes);
    },
    async settle(timeoutMs = 30_000) {
      const deadline = performance.now() + timeoutMs;
      // Quiet twice in a row: the loads' results have reached React and been committed.
      for (let quiet = 0; quiet < 2 && performance.now() < deadline;) {
        await wait(20);
        quiet = loads.pending === 0 ? quiet + 1 : 0;
      }
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      root.unmount();
      frames.dispose();
    },
  };
}
