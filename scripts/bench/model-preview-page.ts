/**
 * The page side of the model preview benchmark (bundled by model-preview.bench.ts with esbuild and run in Chromium):
 * one model, two players, each timed for the same frames of the same sequence, like with like —
 *  - the preview's per-frame work (ModelView): ModelAnimator.update (every node's world matrix, geoset animation
 *    colour and alpha, layer alpha and texture id, texture animation) and the skinning palette uploaded to a WebGL 2
 *    float texture;
 *  - mdx-m3-viewer's ModelViewer instance of the same model with its particle emitters, ribbons and event object
 *    emitters turned off: MdxModelInstance.updateAnimations (its nodes, its bone texture upload, its batches'
 *    geoset and layer animation), what its viewer's update runs for a visible instance. Its browser build
 *    (dist/umd/viewer.min.js, the global `ModelViewer`) is loaded into the page before this script.
 * And mdx-m3-viewer opening a file to its first frame (`viewerFirstFrame`), beside the editor's open → first frame.
 */
import { readMdxModel } from '../../shared/model/mdx-model';
import { ModelAnimator } from '../../renderer/editors/viewport/model/model-animator';
import { createModelRig } from '../../renderer/editors/viewport/model/model-rig';
import { paletteFloats, paletteLayout } from '../../renderer/editors/viewport/model/model-material';
import { decodeBase64, mdxViewerInstance, playedSequence, timeFrames, type Player } from './bench-page';
import { drawViewerFirstFrame } from './viewer-first-frame';

/** What the bench calls in the page. */
export interface ModelPreviewBenchPage {
  setup(base64: string): Promise<{ sequence: string; start: number; end: number; nodes: number; vertices: number }>;
  /** Plays `frames` frames of 1/60 s (after `warmup`); JS time per frame in ms, one sample per batch of frames. */
  run(player: 'preview' | 'preview-update' | 'viewer', frames: number, warmup: number): number[];
  /**
   * mdx-m3-viewer from its script to the first frame of a model (MDX or MDL bytes, in hand): the script evaluated
   * (its part of a page's boot), a viewer on a canvas of `width` × `height`, the model loaded (textures left
   * unfetched), an instance playing its first sequence framed by the camera, one frame drawn and finished (a
   * pixel read back). In a page of its own, without this module's setup. Milliseconds.
   */
  viewerFirstFrame(script: string, base64: string, width: number, height: number): Promise<number>;
}

let preview: Player | null = null;
let previewUpdate: Player | null = null;
let viewer: Player | null = null;

async function setup(base64: string) {
  const bytes = decodeBase64(base64);
  const model = readMdxModel(bytes);
  const { sequence, index: sequenceIndex } = playedSequence(model);

  // The preview: the animator and its palette texture in a WebGL 2 context of its own.
  const rig = createModelRig(model);
  const animator = new ModelAnimator(rig, paletteFloats(rig.paletteSize));
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2')!;
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  const { perRow, rows } = paletteLayout(rig.paletteSize);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, perRow * 4, rows, 0, gl.RGBA, gl.FLOAT, null);
  let time = sequence.start;
  preview = {
    frame(dt) {
      time += dt;
      if (time > sequence.end) time = sequence.start;
      animator.update(time, sequence.start, sequence.end, time, null);
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, perRow * 4, rows, gl.RGBA, gl.FLOAT, animator.palette);
    },
  };

  let updateTime = sequence.start;
  previewUpdate = {
    frame(dt) {
      updateTime += dt;
      if (updateTime > sequence.end) updateTime = sequence.start;
      animator.update(updateTime, sequence.start, sequence.end, updateTime, null);
    },
  };

  // mdx-m3-viewer: its own viewer on another canvas, textures not fetched, emitters off.
  const { instance } = await mdxViewerInstance(bytes, sequenceIndex);
  instance.particleEmitters.length = 0;
  instance.particleEmitters2.length = 0;
  instance.ribbonEmitters.length = 0;
  instance.eventObjectEmitters.length = 0;
  viewer = {
    frame(dt) {
      instance.updateAnimations(dt / 1000);
    },
  };
  // Both play: the viewer's frame moves through the sequence and its nodes are built.
  const before = instance.frame;
  viewer.frame(100);
  if (instance.frame === before || instance.nodes.length !== rig.nodes.count)
    throw new Error(`mdx-m3-viewer does not play the model (${instance.nodes.length} nodes)`);
  return {
    sequence: sequence.name,
    start: sequence.start,
    end: sequence.end,
    nodes: rig.nodes.count,
    vertices: rig.vertexCount,
  };
}

async function viewerFirstFrame(script: string, base64: string, width: number, height: number): Promise<number> {
  const bytes = decodeBase64(base64);
  const started = performance.now();
  const element = document.createElement('script');
  element.textContent = script;
  document.head.appendChild(element);
  await drawViewerFirstFrame(bytes, width, height);
  return performance.now() - started;
}

function run(which: 'preview' | 'preview-update' | 'viewer', frames: number, warmup: number): number[] {
  return timeFrames(which === 'preview' ? preview : which === 'viewer' ? viewer : previewUpdate, frames, warmup);
}

(globalThis as unknown as { modelPreviewBench: ModelPreviewBenchPage }).modelPreviewBench = {
  setup,
  run,
  viewerFirstFrame,
};
