/**
 * One render, from its settings to a file: refused before anything starts when the platform cannot do it (the size,
 * the format, an empty range); otherwise the output is opened (a host render output, or a download), the stage is
 * made and its textures loaded, and every frame is stepped to its exact time, drawn, captured as a VideoFrame and
 * handed to the encoding worker, with the progress in the store. The output appears only once the encoder finished;
 * a cancel, a failure or a full disk aborts it, so nothing partial is left, and the outcome is one line in the Info
 * log either way.
 */
import type { RenderOutputKind } from '../../shared/contract/contract';
import { areaCommands } from '../state/area-commands';
import { askConfirm } from '../state/dialog-actions';
import type { EditorStore } from '../state/editor-store';
import { type RenderKind, renderRange, type RenderStatus } from '../state/render-service';
import {
  frameCount,
  frameTimeMs,
  frameTimestampMicroseconds,
  outputStem,
  RENDER_FORMATS,
  type RenderCapabilities,
  renderProblems,
  type RenderSettings,
} from '../state/render-settings';
import type { TimeRange } from '../state/time-range';
import type { EditorApp } from '../ui/editor-context';
import type { TextureSource } from '../editors/viewport/cape-texture';
import type { EncodedAudio, EncoderConfig } from './encoder-protocol';
import { type RenderEncoder, startEncoder } from './encoder-client';
import { downloadSink, type RenderSink, type RenderSinkResult, startHostSink } from './render-sink';
import { createRenderStage, type RenderStage } from './render-stage';
import { createFrameCapture } from './frame-capture';

/** Where the output goes: a path the user chose (through the host), or a browser download of that name. */
export type RenderDestination = { kind: 'path'; path: string } | { kind: 'download'; name: string };

/** What to render. */
export interface RenderRequest {
  kind: RenderKind;
  settings: RenderSettings;
  destination: RenderDestination;
}

/** What a render needs from the app. */
export interface RenderEnvironment {
  app: EditorApp;
  textureSource: TextureSource;
  capabilities(width: number, height: number, fps: number): Promise<RenderCapabilities>;
  /** Hands a finished download to the browser. */
  download(bytes: Uint8Array, name: string): void;
  /** The sound of the rendered range, mixed (null: none to mix). */
  mixAudio?(range: TimeRange, sampleRate: number): Promise<EncodedAudio | null>;
  /** Takes the output instead of the destination (the benchmark discards it). */
  sink?(kind: RenderOutputKind): RenderSink;
}

/** A render's cancel switch (the progress panel's Cancel sets it). */
export interface RenderControl {
  cancelled: boolean;
}

/** How a render ended. */
export type RenderOutcome =
  | { status: 'done'; result: RenderSinkResult; frames: number; seconds: number; sound: boolean }
  | { status: 'refused'; reason: string }
  | { status: 'cancelled'; frame: number; frames: number }
  | { status: 'failed'; reason: string; frame: number; frames: number };

/** Sample rate of a render's audio track. */
export const RENDER_SAMPLE_RATE = 48_000;
/** Least time between two progress updates in the store (ms). */
const PROGRESS_INTERVAL_MS = 100;
/** Longest wait for capes still loading before a render (ms). */
const CAPES_WAIT_MS = 20_000;

/** The frames a request draws: their count and where they start. */
export function requestFrames(
  store: EditorStore,
  kind: RenderKind,
  settings: RenderSettings,
): { range: TimeRange | null; frames: number; fps: number } {
  const state = store.getState();
  if (kind === 'image') {
    const timeMs = state.session.playback.playheadMs;
    return { range: { startMs: timeMs, endMs: timeMs + 1 }, frames: 1, fps: 1 };
  }
  const range = renderRange(state, settings);
  const fps = settings.fps;
  return { range, frames: range && range.endMs > range.startMs ? frameCount(range, fps) : 0, fps };
}

/** Waits while capes are still loading (they would be missing from the first frames). */
async function capesLoaded(store: EditorStore): Promise<void> {
  const deadline = performance.now() + CAPES_WAIT_MS;
  while (
    performance.now() < deadline &&
    (store.getState().loading !== null ||
      Object.values(store.getState().capes).some((cape) => cape.status === 'loading'))
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Opens the output, asking before replacing what is there; null when the user would not replace it. */
async function openSink(
  environment: RenderEnvironment,
  destination: RenderDestination,
  kind: RenderOutputKind,
): Promise<RenderSink | null> {
  if (environment.sink) return environment.sink(kind);
  if (destination.kind === 'download') return downloadSink(destination.name, kind, environment.download);
  const store = environment.app.store;
  const host = store.services.host;
  if (!host) throw new Error('there is no host to write the render through');
  const first = await startHostSink(host, destination.path, kind, false);
  if (first !== 'exists') return first;
  const name = destination.path.split(/[\\/]/).pop() ?? destination.path;
  const answer = await askConfirm(
    store,
    'Replace?',
    `${name} exists. Replace it with the render? The one there is kept as ${name}.bak.`,
    [
      { id: 'cancel', label: 'Cancel' },
      { id: 'replace', label: 'Replace', primary: true, danger: true },
    ],
  );
  if (answer !== 'replace') return null;
  const second = await startHostSink(host, destination.path, kind, true);
  return second === 'exists' ? null : second;
}

/** Renders `request` (see the module comment), reporting progress through `status`. */
export async function runRender(
  environment: RenderEnvironment,
  request: RenderRequest,
  control: RenderControl,
  status: (update: Partial<RenderStatus>) => void,
): Promise<RenderOutcome> {
  const { app } = environment;
  const store = app.store;
  const { settings } = request;
  const { range, frames, fps } = requestFrames(store, request.kind, settings);
  const capabilities = await environment.capabilities(settings.width, settings.height, settings.fps);
  const problems = renderProblems(settings, request.kind, capabilities, range);
  if (problems.length > 0 || !range) return { status: 'refused', reason: problems.join(' ') || 'nothing to render' };
  const format = request.kind === 'image' ? 'still' : settings.format;
  const kind: RenderOutputKind = format === 'png' ? 'sequence' : 'file';
  await capesLoaded(store);
  const sink = await openSink(environment, request.destination, kind);
  if (!sink) return { status: 'cancelled', frame: 0, frames };
  let stage: RenderStage | null = null;
  let encoder: RenderEncoder | null = null;
  let frame = 0;
  let audio: EncodedAudio | null = null;
  const started = performance.now();
  try {
    status({ frames, phase: 'preparing' });
    stage = await createRenderStage({
      app,
      textureSource: environment.textureSource,
      width: settings.width,
      height: settings.height,
      includeOverlays: settings.includeOverlays,
      transparent: request.kind === 'image' && settings.transparent,
      timeMs: range.startMs,
      view: areaCommands(store, 'viewport')?.freeView() ?? null,
    });
    // The first draw asks for every texture the frames use; they are loaded before anything is kept.
    stage.draw(range.startMs);
    await stage.settle();
    const video = RENDER_FORMATS[settings.format].video && request.kind === 'animation';
    audio =
      video && capabilities.audio && environment.mixAudio
        ? await environment.mixAudio(
            { startMs: range.startMs, endMs: range.startMs + (frames * 1000) / fps },
            RENDER_SAMPLE_RATE,
          )
        : null;
    const destinationName = request.destination.kind === 'path' ? request.destination.path : request.destination.name;
    const config: EncoderConfig = {
      format,
      width: settings.width,
      height: settings.height,
      fps,
      frames,
      stem: outputStem(destinationName),
      alpha: request.kind === 'image' && settings.transparent,
      quality: settings.quality,
      audio,
    };
    if (control.cancelled) return await cancelled(sink, encoder, frame, frames);
    encoder = await startEncoder(config, sink);
    const capture = createFrameCapture(stage, settings.width, settings.height, config.alpha);
    status({ phase: 'rendering' });
    let reported = performance.now();
    for (frame = 0; frame < frames; frame += 1) {
      if (control.cancelled) return await cancelled(sink, encoder, frame, frames);
      stage.draw(frameTimeMs(range, fps, frame));
      const timestamp = frameTimestampMicroseconds(fps, frame);
      const captured = capture(timestamp, frameTimestampMicroseconds(fps, frame + 1) - timestamp);
      await encoder.add(captured, frame);
      const now = performance.now();
      if (now - reported >= PROGRESS_INTERVAL_MS) {
        reported = now;
        status({ frame: frame + 1 });
      }
    }
    if (control.cancelled) return await cancelled(sink, encoder, frame, frames);
    status({ frame: frames, phase: 'finishing' });
    await encoder.finish();
    const result = await sink.finish();
    return { status: 'done', result, frames, seconds: (performance.now() - started) / 1000, sound: audio !== null };
  } catch (error) {
    await encoder?.cancel().catch(() => undefined);
    await sink.abort();
    if (control.cancelled) return { status: 'cancelled', frame, frames };
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error), frame, frames };
  } finally {
    encoder?.dispose();
    stage?.dispose();
  }
}

async function cancelled(
  sink: RenderSink,
  encoder: RenderEncoder | null,
  frame: number,
  frames: number,
): Promise<RenderOutcome> {
  await encoder?.cancel().catch(() => undefined);
  await sink.abort();
  return { status: 'cancelled', frame, frames };
}
