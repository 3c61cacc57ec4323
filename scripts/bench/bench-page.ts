/**
 * What the benchmark pages share (bundled into each by esbuild, run in Chromium): the model's bytes from base64,
 * the sequence played, mdx-m3-viewer's viewer of the model (its browser build, global `ModelViewer`, loaded first),
 * and the timing of a player's frames.
 */
import type { viewer as MdxViewerModule } from 'mdx-m3-viewer';
import { findParsedChunk, type TypedMdxModel } from '../../shared/model/mdx-model';

/** Something that plays one frame of `dt` ms. */
export interface Player {
  frame(dt: number): void;
}

/** The bytes of a base64 string. */
export function decodeBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** The sequence the benchmarks play: the model's first of a second or more (else its first). */
export function playedSequence(model: TypedMdxModel) {
  const sequences = findParsedChunk(model, 'SEQS') ?? [];
  const index = Math.max(
    0,
    sequences.findIndex((sequence) => sequence.end - sequence.start >= 1000),
  );
  return { sequence: sequences[index]!, index };
}

/** mdx-m3-viewer's instance of a model, as far as the benchmarks use it. */
export interface MdxInstance {
  frame: number;
  nodes: unknown[];
  model: { translucentGroups: { render(instance: unknown): void }[] };
  setScene(scene: unknown): void;
  setSequence(index: number): void;
  setSequenceLoopMode(mode: number): void;
  updateAnimations(dt: number): void;
  particleEmitters: unknown[];
  particleEmitters2: unknown[];
  ribbonEmitters: unknown[];
  eventObjectEmitters: unknown[];
}

/**
 * mdx-m3-viewer's own viewer of the model on a canvas of its own (textures not fetched), an instance playing
 * sequence `sequenceIndex` looped, and its scene.
 */
export async function mdxViewerInstance(
  bytes: Uint8Array,
  sequenceIndex: number,
): Promise<{ instance: MdxInstance; scene: unknown }> {
  const mdxViewer = (globalThis as unknown as { ModelViewer: { viewer: typeof MdxViewerModule } }).ModelViewer.viewer;
  const modelViewer = new mdxViewer.ModelViewer(document.createElement('canvas'));
  modelViewer.addHandler(mdxViewer.handlers.mdx);
  const scene = modelViewer.addScene();
  const loaded = (await modelViewer.load(bytes.buffer.slice(0), (src: unknown) =>
    typeof src === 'string' ? 'data:,' : src,
  )) as unknown as { addInstance(): MdxInstance };
  const instance = loaded.addInstance();
  instance.setScene(scene);
  instance.setSequence(sequenceIndex);
  instance.setSequenceLoopMode(2);
  return { instance, scene };
}

/** Frames timed together (the browser's clock is coarse): each batch's time over its frames is one sample. */
const BATCH = 200;

/** Plays `warmup` frames of 1/60 s, then `frames` more timed: JS time per frame in ms, one sample per batch. */
export function timeFrames(player: Player | null, frames: number, warmup: number): number[] {
  if (!player) throw new Error('setup() first');
  for (let frame = 0; frame < warmup; frame += 1) player.frame(1000 / 60);
  const batches = Math.max(1, Math.floor(frames / BATCH));
  const times = new Array<number>(batches);
  for (let batch = 0; batch < batches; batch += 1) {
    const started = performance.now();
    for (let frame = 0; frame < BATCH; frame += 1) player.frame(1000 / 60);
    times[batch] = (performance.now() - started) / BATCH;
  }
  return times;
}
