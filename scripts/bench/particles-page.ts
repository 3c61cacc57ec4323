/**
 * The page side of the particles benchmark (bundled by particles.bench.ts with esbuild, run in Chromium): the corpus
 * model with the most emitters, playing, two players timed for the same frames of the same sequence —
 *  - the preview's per-frame work: the model (ModelAnimator.update and the palette upload, as ModelView), then the
 *    particles (ParticleScene.update: the simulation brought to the frame and every emitter's upload written) and
 *    one buffer upload per emitter (gl.bufferSubData of its live part, as the viewport's interleaved buffers) —
 *    and its simulation alone (the model's nodes and the particles brought to the frame: nothing written);
 *  - mdx-m3-viewer's own viewer of the same model with its emitters on: MdxModelInstance.updateAnimations (nodes,
 *    bone texture, batches, emitters' emission), its emitted-object updater, and its emitter groups' render (each
 *    emitter's buffer written and uploaded, one draw each) — and the same without the render, its simulation alone.
 * Its browser build (global `ModelViewer`) is loaded first.
 */
import { readMdxModel } from '../../shared/model/mdx-model';
import { ModelAnimator } from '../../renderer/editors/viewport/model/model-animator';
import { createModelRig } from '../../renderer/editors/viewport/model/model-rig';
import { paletteFloats, paletteLayout } from '../../renderer/editors/viewport/model/model-material';
import {
  PARTICLE2_INSTANCE_FLOATS,
  RIBBON_VERTEX_FLOATS,
} from '../../renderer/editors/viewport/particles/particle-buffers';
import { ParticleScene } from '../../renderer/editors/viewport/particles/particle-scene';
import { decodeBase64, mdxViewerInstance, playedSequence, timeFrames, type Player } from './bench-page';

/** The players: the preview and mdx-m3-viewer, each whole or its simulation alone (`-update`). */
export type PlayerName = 'preview' | 'preview-update' | 'viewer' | 'viewer-update';

/** What the bench calls in the page. */
export interface ParticlesBenchPage {
  setup(base64: string): Promise<{ sequence: string; start: number; end: number; emitters: number }>;
  /** Plays `frames` frames of 1/60 s (after `warmup`); JS time per frame in ms, one sample per batch of frames. */
  run(player: PlayerName, frames: number, warmup: number): number[];
  /** Live particles, averaged over `frames` frames each side plays (one pass of the sequence: it comes and goes). */
  meanAlive(frames: number): { preview: number; viewer: number };
}

let preview: Player | null = null;
let viewer: Player | null = null;
let viewerUpdate: Player | null = null;
let previewUpdate: Player | null = null;
let previewAlive = () => 0;
let viewerAlive = () => 0;

async function setup(base64: string) {
  const bytes = decodeBase64(base64);
  const model = readMdxModel(bytes);
  const { sequence, index: sequenceIndex } = playedSequence(model);

  // The preview: the animator and its palette, the particles and one buffer per emitter, in a WebGL 2 context.
  const rig = createModelRig(model);
  const animator = new ModelAnimator(rig, paletteFloats(rig.paletteSize));
  const scene = new ParticleScene(model, 'high');
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2')!;
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  const { perRow, rows } = paletteLayout(rig.paletteSize);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, perRow * 4, rows, 0, gl.RGBA, gl.FLOAT, null);
  const buffers = scene.draws.map(() => gl.createBuffer()!);
  const sizes = scene.draws.map(() => 0);
  const camera = { x: 500, y: -500, z: 400 };
  const billboard = { rotation: Float64Array.of(0.5, 0.5, 0.5, 0.5) };
  // The playhead in a typed array: a fractional number kept in a closure's variable is boxed at every store.
  const clock = Float64Array.of(sequence.start);
  preview = {
    frame(dt) {
      let time = clock[0]! + dt;
      if (time > sequence.end) time = sequence.start;
      clock[0] = time;
      animator.update(time, sequence.start, sequence.end, time, billboard);
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, perRow * 4, rows, gl.RGBA, gl.FLOAT, animator.palette);
      scene.update(time, billboard, camera, rig.nodes, Number.POSITIVE_INFINITY);
      const draws = scene.draws;
      for (let index = 0; index < draws.length; index += 1) {
        const draw = draws[index]!;
        if (draw.kind === 'PREM-model') continue;
        const floats = draw.count * (draw.kind === 'RIBB' ? 2 * RIBBON_VERTEX_FLOATS : PARTICLE2_INSTANCE_FLOATS);
        gl.bindBuffer(gl.ARRAY_BUFFER, buffers[index]!);
        // The GPU buffer follows its array's size (made again only when the array grows, as the viewport does).
        if (sizes[index] !== draw.data.length) {
          gl.bufferData(gl.ARRAY_BUFFER, draw.data.byteLength, gl.DYNAMIC_DRAW);
          sizes[index] = draw.data.length;
        }
        if (floats > 0) gl.bufferSubData(gl.ARRAY_BUFFER, 0, draw.data, 0, floats);
      }
    },
  };
  // Its simulation alone: the model's nodes and the particles brought to the frame, nothing written or uploaded.
  previewUpdate = {
    frame(dt) {
      let time = clock[0]! + dt;
      if (time > sequence.end) time = sequence.start;
      clock[0] = time;
      animator.update(time, sequence.start, sequence.end, time, billboard);
      scene.simulation.update(time, billboard, Number.POSITIVE_INFINITY);
    },
  };
  previewAlive = () => scene.simulation.alive;

  // mdx-m3-viewer: its own viewer on another canvas, textures not fetched, emitters on.
  const { instance, scene: viewerScene } = await mdxViewerInstance(bytes, sequenceIndex);
  const updater = (viewerScene as unknown as { emittedObjectUpdater: { update(dt: number): void; alive: number } })
    .emittedObjectUpdater;
  // Its emitter groups (its batch groups have a skinning type).
  const emitterGroups = instance.model.translucentGroups.filter((group) => !('skinningType' in group));
  viewer = {
    frame(dt) {
      instance.updateAnimations(dt / 1000);
      updater.update(dt / 1000);
      for (const group of emitterGroups) group.render(instance);
    },
  };
  viewerUpdate = {
    frame(dt) {
      instance.updateAnimations(dt / 1000);
      updater.update(dt / 1000);
    },
  };
  viewerAlive = () => updater.alive;
  // Both play: the viewer's frame moves through the sequence.
  const before = instance.frame;
  viewer.frame(100);
  if (instance.frame === before) throw new Error('mdx-m3-viewer does not play the model');
  return {
    sequence: sequence.name,
    start: sequence.start,
    end: sequence.end,
    emitters: scene.draws.length,
  };
}

function run(which: PlayerName, frames: number, warmup: number): number[] {
  return timeFrames(
    { preview, 'preview-update': previewUpdate, viewer, 'viewer-update': viewerUpdate }[which],
    frames,
    warmup,
  );
}

function meanAlive(player: Player | null, alive: () => number, frames: number): number {
  if (!player) throw new Error('setup() first');
  let sum = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    player.frame(1000 / 60);
    sum += alive();
  }
  return sum / frames;
}

(globalThis as unknown as { particlesBench: ParticlesBenchPage }).particlesBench = {
  setup,
  run,
  meanAlive: (frames) => ({
    preview: meanAlive(preview, previewAlive, frames),
    viewer: meanAlive(viewerUpdate, viewerAlive, frames),
  }),
};
