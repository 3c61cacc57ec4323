/**
 * The render benchmark's page side (`npm run bench -- render`, through automation.ts): the open file drawn through
 * the render's stage at a size, frame after frame — drawing alone (each frame drawn and finished), then a whole
 * render of the same frames to WebM with its output discarded (drawn, captured, encoded in the worker, muxed), then
 * drawing alone again — timed side by side in one page. Drawing alone is the mean of the runs before and after the
 * render, so a change in the machine's other load during a round falls on both sides alike.
 */
import { frameTimeMs } from '../state/render-settings';
import { renderCapabilities } from './capabilities';
import { createRenderStage } from './render-stage';
import { createFrameCapture } from './frame-capture';
import { runRender, type RenderEnvironment } from './render-job';
import type { EditorApp } from '../ui/editor-context';
import type { TextureSource } from '../editors/viewport/cape-texture';
import { areaCommands } from '../state/area-commands';
import type { TimeRange } from '../state/time-range';

/** What the benchmark renders: frames, size, rate, and the video format (WebM VP9 or MP4 H.264). */
export interface RenderBenchOptions {
  frames: number;
  width: number;
  height: number;
  fps: number;
  format: 'webm' | 'mp4';
}

/** What the benchmark measured: ms per frame of each, and the encoded bytes. */
export interface RenderBenchResult {
  drawMs: number;
  /** Drawn and captured as a VideoFrame (read back), not encoded. */
  captureMs: number;
  renderMs: number;
  frames: number;
  bytes: number;
}

/** Draws and renders `frames` frames of the range starting at the playhead (see the module comment). */
export async function benchmarkRender(
  app: EditorApp,
  textureSource: TextureSource,
  options: RenderBenchOptions,
): Promise<RenderBenchResult> {
  const { store } = app;
  const startMs = store.getState().session.playback.playheadMs;
  const range = { startMs, endMs: startMs + (options.frames * 1000) / options.fps };
  const before = await drawAlone(app, textureSource, options, range);
  let bytes = 0;
  const environment: RenderEnvironment = {
    app,
    textureSource,
    capabilities: renderCapabilities,
    download: () => undefined,
    sink: () => ({
      write: async (_name, _position, data) => void (bytes += data.byteLength),
      finish: async () => ({ where: 'discarded', files: 1, bytes, backupPath: null }),
      abort: async () => undefined,
    }),
  };
  const settings = {
    ...store.getState().session.render,
    width: options.width,
    height: options.height,
    fps: options.fps,
    range: 'custom' as const,
    fromMs: range.startMs,
    toMs: range.endMs,
    format: options.format,
    includeOverlays: false,
  };
  let renderStarted = 0;
  const outcome = await runRender(
    environment,
    { kind: 'animation', settings, destination: { kind: 'download', name: `bench.${options.format}` } },
    { cancelled: false },
    (update) => {
      if (update.phase === 'rendering') renderStarted = performance.now();
    },
  );
  const renderMs = (performance.now() - renderStarted) / options.frames;
  if (outcome.status !== 'done') throw new Error(`the render did not finish: ${JSON.stringify(outcome)}`);
  const after = await drawAlone(app, textureSource, options, range);
  return {
    drawMs: (before.drawMs + after.drawMs) / 2,
    captureMs: (before.captureMs + after.captureMs) / 2,
    renderMs,
    frames: options.frames,
    bytes,
  };
}

/** The frames drawn alone (each drawn and finished), then drawn and captured as the render captures them. */
async function drawAlone(
  app: EditorApp,
  textureSource: TextureSource,
  options: { frames: number; width: number; height: number; fps: number },
  range: TimeRange,
): Promise<{ drawMs: number; captureMs: number }> {
  const { store } = app;
  const stage = await createRenderStage({
    app,
    textureSource,
    width: options.width,
    height: options.height,
    includeOverlays: false,
    transparent: false,
    timeMs: range.startMs,
    view: areaCommands(store, 'viewport')?.freeView() ?? null,
  });
  try {
    stage.draw(range.startMs);
    await stage.settle();
    stage.finish();
    const started = performance.now();
    for (let frame = 0; frame < options.frames; frame += 1) {
      stage.draw(frameTimeMs(range, options.fps, frame));
      stage.finish();
    }
    const drawMs = (performance.now() - started) / options.frames;
    // Captured as the render captures (frame-capture.ts), and copied out as the encoder reads it.
    const capture = createFrameCapture(stage, options.width, options.height, false);
    const copy = new Uint8Array(options.width * options.height * 4);
    const capturing = performance.now();
    for (let frame = 0; frame < options.frames; frame += 1) {
      stage.draw(frameTimeMs(range, options.fps, frame));
      const captured = capture(frame, 1);
      await captured.copyTo(copy);
      captured.close();
    }
    return { drawMs, captureMs: (performance.now() - capturing) / options.frames };
  } finally {
    stage.dispose();
  }
}
