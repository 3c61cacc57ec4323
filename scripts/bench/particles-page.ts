/**
 * The page side of the particles benchmark (bundled by particles.bench.ts with esbuild, run in Chromium): the corpus
 * model with the most emitters, playing, two players timed for the same frames of the same sequence —
 *  - the preview's per-frame work: the model (ModelAnimator.update and the palette upload, as ModelView), then the
 *    particles (ParticleScene.update: the simulation brought to the frame and every emitter's upload written) and
 *    one buffer upload per emitter (gl.bufferSubData of its live part, as the viewport's interleaved buffers) and
 *    one draw per emitter (a minimal program: the draw calls' cost, as mdx-m3-viewer's render below makes its) —
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

/** A program that draws each record's position as a point of a quad (what the draws cost, not what they look like). */
function drawProgram(gl: WebGL2RenderingContext): WebGLProgram {
  const shader = (type: number, source: string) => {
    const made = gl.createShader(type)!;
    gl.shaderSource(made, source);
    gl.compileShader(made);
    return made;
  };
  const program = gl.createProgram()!;
  gl.attachShader(
    program,
    shader(
      gl.VERTEX_SHADER,
      '#version 300 es\nlayout(location = 0) in vec3 position;\nvoid main() {\n' +
        '  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 0.01;\n' +
        '  gl_Position = vec4(position.xy * 0.001 + corner, 0.0, 1.0);\n}\n',
    ),
  );
  gl.attachShader(
    program,
    shader(
      gl.FRAGMENT_SHADER,
      '#version 300 es\nprecision mediump float;\nout vec4 color;\nvoid main() { color = vec4(1.0); }\n',
    ),
  );
  gl.bindAttribLocation(program, 0, 'position');
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program) ?? 'link');
  return program;
}

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
  // One draw per emitter, as the viewport and mdx-m3-viewer's emitter groups make: a minimal program reading the
  // position at the start of each instance record (PRE2) or ribbon vertex, one vertex array per emitter.
  const program = drawProgram(gl);
  const arrays = scene.draws.map((draw, index) => {
    const array = gl.createVertexArray()!;
    gl.bindVertexArray(array);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffers[index]!);
    gl.enableVertexAttribArray(0);
    const ribbon = draw.kind === 'RIBB';
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, (ribbon ? RIBBON_VERTEX_FLOATS : PARTICLE2_INSTANCE_FLOATS) * 4, 0);
    if (!ribbon) gl.vertexAttribDivisor(0, 1);
    return array;
  });
  gl.bindVertexArray(null);
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
      gl.useProgram(program);
      for (let index = 0; index < draws.length; index += 1) {
        const draw = draws[index]!;
        if (draw.kind === 'PREM-model' || draw.count === 0) continue;
        gl.bindVertexArray(arrays[index]!);
        if (draw.kind === 'RIBB') gl.drawArrays(gl.TRIANGLE_STRIP, 0, draw.count * 2);
        else gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, draw.count);
      }
      gl.bindVertexArray(null);
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
