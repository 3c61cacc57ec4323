/**
 * The boot frame drawn on the CPU: the startup model as the viewport's layer shader (model-layers.ts) draws it, into
 * pixels for a 2D canvas — no WebGL context, so the frame does not wait for the GPU process. Without a GPU
 * (SwiftShader) that process is also the browser's own compositor: making the viewport's context and drawing the
 * frame there queued behind its frames (tens of milliseconds each on two cores) and took ~0.2 s; drawing the frame
 * here takes a few tens of milliseconds of this thread.
 *
 * It follows what the GPU does with the viewport's context and the layer shader, step by step:
 *  - the vertex stage: each vertex skinned by its palette slots and weights (the shader's `paletteMatrix`), its
 *    normal by the same matrix, then projected; the layer's texture transform on its texture coordinates;
 *  - clipping to the near and far planes, back faces culled (counter-clockwise front faces) unless two-sided;
 *  - four samples per pixel at the standard 4× positions (the context is antialiased): coverage and depth (less or
 *    equal) per sample, the fragment stage once per pixel at its centre, perspective-correct;
 *  - the fragment stage: the checker (an sRGB texture: read as linear values) or plain grey, nearest texel,
 *    repeated or clamped per axis; times the layer's colour; the alpha test; the lighting;
 *  - blending with the layer's factors on colour only (alpha kept), else the fragment written; depth written per
 *    the layer's state; eight bits per channel after each write, as the drawing buffer keeps them;
 *  - the samples averaged into each pixel, and the pixels given to the 2D canvas as the WebGL canvas shows them
 *    (its colours are premultiplied).
 */
import { CHECKER_SIZE, checkerPixels } from '../editors/viewport/checker-pixels';
import type { ModelAnimator } from '../editors/viewport/model/model-animator';
import {
  blendFactors,
  createLayerSample,
  drawOrder,
  isBlended,
  layerDrawState,
  PLAIN_GREY_PIXEL,
  rigLayerLooks,
  sampleLayer,
} from '../editors/viewport/model/model-layers';
import type { ModelRig } from '../editors/viewport/model/model-rig';
import {
  BACKGROUND_WORD,
  drawTriangle,
  type LayerPaint,
  SAMPLES,
  SampleBuffer,
  VERTEX_FLOATS,
} from './boot-raster-triangles';

/** What to draw: the rig sampled by `animator`, through `viewProjection` (column-major, the model in view). */
export interface BootFrameScene {
  rig: ModelRig;
  animator: ModelAnimator;
  shading: 'solid' | 'textured';
  showGeosets: boolean;
  viewProjection: Float32Array;
}

/** A triangle clipped by two planes has at most five corners. */
const MAX_CLIPPED = 5;

/** The sRGB checker's texels as the shader reads them (linear values, alpha as is), and plain grey. */
function textures(): { checker: Float64Array; grey: Float64Array } {
  const pixels = checkerPixels();
  const checker = new Float64Array(pixels.length);
  for (let index = 0; index < pixels.length; index += 1) {
    const value = pixels[index]! / 255;
    checker[index] =
      index % 4 === 3 ? value : value <= 0.04045 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4);
  }
  const grey = Float64Array.from(PLAIN_GREY_PIXEL, (value) => value / 255);
  return { checker, grey };
}

/** The skinned and projected vertices of one geoset, and its skinned normals. */
interface ProjectedGeoset {
  clip: Float64Array;
  normals: Float64Array;
}

function projectGeoset(scene: BootFrameScene, geosetIndex: number): ProjectedGeoset {
  const mesh = scene.rig.geometry.geosets[geosetIndex]!;
  const { vertices, normals: sourceNormals } = mesh.geoset;
  const count = mesh.vertexCount;
  const palette = scene.animator.palette;
  const matrix = scene.viewProjection;
  const clip = new Float64Array(count * 4);
  const normals = new Float64Array(count * 3);
  const skin = new Float64Array(16);
  const hasNormals = sourceNormals.length >= count * 3;
  for (let vertex = 0; vertex < count; vertex += 1) {
    skin.fill(0);
    for (let influence = 0; influence < 4; influence += 1) {
      const weight = mesh.boneWeights[vertex * 4 + influence]!;
      // The shader adds the first slot whatever its weight, the others when their weight is above zero.
      if (influence > 0 && !(weight > 0)) continue;
      const base = Math.floor(mesh.boneSlots[vertex * 4 + influence]! + 0.5) * 16;
      for (let element = 0; element < 16; element += 1) skin[element]! += palette[base + element]! * weight;
    }
    const x = vertices[vertex * 3]!;
    const y = vertices[vertex * 3 + 1]!;
    const z = vertices[vertex * 3 + 2]!;
    const px = skin[0]! * x + skin[4]! * y + skin[8]! * z + skin[12]!;
    const py = skin[1]! * x + skin[5]! * y + skin[9]! * z + skin[13]!;
    const pz = skin[2]! * x + skin[6]! * y + skin[10]! * z + skin[14]!;
    for (let row = 0; row < 4; row += 1)
      clip[vertex * 4 + row] = matrix[row]! * px + matrix[4 + row]! * py + matrix[8 + row]! * pz + matrix[12 + row]!;
    const nx = hasNormals ? sourceNormals[vertex * 3]! : 0;
    const ny = hasNormals ? sourceNormals[vertex * 3 + 1]! : 0;
    const nz = hasNormals ? sourceNormals[vertex * 3 + 2]! : 0;
    const sx = skin[0]! * nx + skin[4]! * ny + skin[8]! * nz;
    const sy = skin[1]! * nx + skin[5]! * ny + skin[9]! * nz;
    const sz = skin[2]! * nx + skin[6]! * ny + skin[10]! * nz;
    const length = Math.hypot(sx, sy, sz);
    normals[vertex * 3] = sx / length;
    normals[vertex * 3 + 1] = sy / length;
    normals[vertex * 3 + 2] = sz / length;
  }
  return { clip, normals };
}

/** Scratch for one triangle's clipping (no allocation per triangle). */
const clipScratch = {
  input: new Float64Array(MAX_CLIPPED * VERTEX_FLOATS),
  output: new Float64Array(MAX_CLIPPED * VERTEX_FLOATS),
};

/**
 * Clips the polygon in `input` (`count` corners) to the plane where `sign` × z ≤ w, into `output`; returns the
 * corners left.
 */
function clipPlane(input: Float64Array, count: number, output: Float64Array, sign: number): number {
  let written = 0;
  for (let corner = 0; corner < count; corner += 1) {
    const a = corner * VERTEX_FLOATS;
    const b = ((corner + 1) % count) * VERTEX_FLOATS;
    const distanceA = input[a + 3]! - sign * input[a + 2]!;
    const distanceB = input[b + 3]! - sign * input[b + 2]!;
    if (distanceA >= 0) {
      output.set(input.subarray(a, a + VERTEX_FLOATS), written * VERTEX_FLOATS);
      written += 1;
    }
    if (distanceA >= 0 !== distanceB >= 0) {
      const t = distanceA / (distanceA - distanceB);
      const at = written * VERTEX_FLOATS;
      for (let element = 0; element < VERTEX_FLOATS; element += 1)
        output[at + element] = input[a + element]! + (input[b + element]! - input[a + element]!) * t;
      written += 1;
    }
  }
  return written;
}

/**
 * Draws the scene into RGBA pixels (`width` × `height`, rows from the top) as the viewport's context shows them
 * (see the module's comment), for `putImageData`.
 */
export function rasterBootFrame(scene: BootFrameScene, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const { rig, animator } = scene;
  const projected = new Map<number, ProjectedGeoset>();
  for (const layer of rig.layers)
    if (!projected.has(layer.geoset)) projected.set(layer.geoset, projectGeoset(scene, layer.geoset));
  const target = coveredPart(projected, width, height);
  const { checker, grey } = textures();
  const textured = scene.shading === 'textured';
  const looks = rigLayerLooks(rig.layers, scene.shading);
  const sample = createLayerSample();
  const corners = new Float64Array(3 * VERTEX_FLOATS);
  const order = drawOrder(rig);
  for (const blendedPass of [false, true])
    for (const index of order) {
      const state = layerDrawState(looks[index]!);
      if (isBlended(state.filterMode) !== blendedPass) continue;
      if (!sampleLayer(rig, animator, index, scene.showGeosets, textured, sample)) continue;
      const factors = blendFactors(state.filterMode);
      const paint: LayerPaint = {
        texture: sample.textured ? checker : grey,
        textureSize: sample.textured ? CHECKER_SIZE : 1,
        red: sample.color[0]!,
        green: sample.color[1]!,
        blue: sample.color[2]!,
        alpha: sample.color[3]!,
        wrapU: sample.wrapU > 0.5,
        wrapV: sample.wrapV > 0.5,
        alphaTest: state.alphaTest,
        lit: state.lit,
        source: factors ? factors[0] : null,
        destination: factors ? factors[1] : null,
        depthTest: state.depthTest,
        depthWrite: state.depthWrite,
        twoSided: state.twoSided,
      };
      const geosetIndex = rig.layers[index]!.geoset;
      const geoset = projected.get(geosetIndex)!;
      const mesh = rig.geometry.geosets[geosetIndex]!;
      const coordinates = mesh.geoset.textureCoordinateSets[0];
      const hasCoordinates = coordinates !== undefined && coordinates.length >= mesh.vertexCount * 2;
      const transform = animator.textureTransforms.subarray(index * 9, index * 9 + 9);
      const { triangles } = mesh;
      for (let first = 0; first + 2 < triangles.length; first += 3) {
        for (let corner = 0; corner < 3; corner += 1) {
          const vertex = triangles[first + corner]!;
          const at = corner * VERTEX_FLOATS;
          corners[at] = geoset.clip[vertex * 4]!;
          corners[at + 1] = geoset.clip[vertex * 4 + 1]!;
          corners[at + 2] = geoset.clip[vertex * 4 + 2]!;
          corners[at + 3] = geoset.clip[vertex * 4 + 3]!;
          const u = hasCoordinates ? coordinates[vertex * 2]! : 0;
          const v = hasCoordinates ? coordinates[vertex * 2 + 1]! : 0;
          corners[at + 4] = transform[0]! * u + transform[3]! * v + transform[6]!;
          corners[at + 5] = transform[1]! * u + transform[4]! * v + transform[7]!;
          corners[at + 6] = geoset.normals[vertex * 3]!;
          corners[at + 7] = geoset.normals[vertex * 3 + 1]!;
          corners[at + 8] = geoset.normals[vertex * 3 + 2]!;
        }
        drawClipped(target, corners, paint);
      }
    }
  return resolve(target);
}

/**
 * The sample buffer of the frame's part the geosets can cover: their corners' bounding box on screen, or the whole
 * frame when a corner lies behind the camera or outside the near and far planes (its clipped triangles may reach
 * anywhere).
 */
function coveredPart(projected: ReadonlyMap<number, ProjectedGeoset>, width: number, height: number): SampleBuffer {
  let minimumX = Number.POSITIVE_INFINITY;
  let minimumY = Number.POSITIVE_INFINITY;
  let maximumX = Number.NEGATIVE_INFINITY;
  let maximumY = Number.NEGATIVE_INFINITY;
  let whole = false;
  for (const { clip } of projected.values())
    for (let at = 0; at < clip.length && !whole; at += 4) {
      const w = clip[at + 3]!;
      const z = clip[at + 2]!;
      if (!(w > 1e-12) || z < -w || z > w) whole = true;
      const x = (clip[at]! / w) * 0.5 + 0.5;
      const y = 0.5 - (clip[at + 1]! / w) * 0.5;
      minimumX = Math.min(minimumX, x);
      maximumX = Math.max(maximumX, x);
      minimumY = Math.min(minimumY, y);
      maximumY = Math.max(maximumY, y);
    }
  if (whole) return new SampleBuffer(0, 0, width, height, width, height);
  // No corner at all: nothing to draw, no samples.
  if (!(minimumX <= maximumX)) return new SampleBuffer(0, 0, 0, 0, width, height);
  const left = Math.max(0, Math.floor(minimumX * width) - 1);
  const top = Math.max(0, Math.floor(minimumY * height) - 1);
  const right = Math.min(width, Math.ceil(maximumX * width) + 1);
  const bottom = Math.min(height, Math.ceil(maximumY * height) + 1);
  return new SampleBuffer(left, top, Math.max(0, right - left), Math.max(0, bottom - top), width, height);
}

/** Clips a triangle (three corners in `corners`) to the near and far planes and draws what is left as a fan. */
function drawClipped(target: SampleBuffer, corners: Float64Array, paint: LayerPaint): void {
  let inside = true;
  for (let corner = 0; corner < 3 && inside; corner += 1) {
    const z = corners[corner * VERTEX_FLOATS + 2]!;
    const w = corners[corner * VERTEX_FLOATS + 3]!;
    inside = z >= -w && z <= w && w > 0;
  }
  if (inside) return drawTriangle(target, corners, 0, 1, 2, paint);
  const { input, output } = clipScratch;
  input.set(corners);
  let count = clipPlane(input, 3, output, -1);
  count = clipPlane(output, count, input, 1);
  for (let corner = 1; corner + 1 < count; corner += 1) drawTriangle(target, input, 0, corner, corner + 1, paint);
}

/** The samples averaged into the frame's pixels, as the canvas shows them: un-premultiplied for `putImageData`. */
function resolve(target: SampleBuffer): Uint8ClampedArray<ArrayBuffer> {
  const { left, top, width, height, frameWidth, frameHeight, color } = target;
  const pixels = new Uint8ClampedArray(frameWidth * frameHeight * 4);
  new Uint32Array(pixels.buffer).fill(BACKGROUND_WORD);
  const samples = new Uint32Array(color.buffer);
  const words = new Uint32Array(pixels.buffer);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const sample = (y * width + x) * SAMPLES;
      const out = (top + y) * frameWidth + left + x;
      const word = samples[sample]!;
      // Most pixels hold one opaque colour in all four samples.
      if (samples[sample + 1] === word && samples[sample + 2] === word && samples[sample + 3] === word) {
        if (color[sample * 4 + 3] === 255) {
          words[out] = word;
          continue;
        }
      }
      const base = sample * 4;
      const at = out * 4;
      const alpha = (color[base + 3]! + color[base + 7]! + color[base + 11]! + color[base + 15]! + 2) >> 2;
      for (let channel = 0; channel < 3; channel += 1) {
        const sum =
          color[base + channel]! +
          color[base + 4 + channel]! +
          color[base + 8 + channel]! +
          color[base + 12 + channel]!;
        const value = (sum + 2) >> 2;
        pixels[at + channel] = alpha === 255 ? value : alpha === 0 ? 0 : Math.round((value * 255) / alpha);
      }
      pixels[at + 3] = alpha;
    }
  return pixels;
}
