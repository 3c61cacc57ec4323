/**
 * The boot frame's triangles drawn into its multisampled buffer (boot-raster.ts): coverage and depth per sample, the
 * layer shader's fragment stage once per pixel, blending, as the viewport's context does them.
 */
import { VIEWPORT_BACKGROUND } from '../editors/timeline/theme';
import { type BlendFactor, LAYER_LIGHT } from '../editors/viewport/model/model-layers';

/** The viewport's background (VIEWPORT_BACKGROUND, '#rrggbb') as one opaque RGBA word in this machine's byte order. */
export const BACKGROUND_WORD = new Uint32Array(
  Uint8Array.of(...[1, 3, 5].map((at) => parseInt(VIEWPORT_BACKGROUND.slice(at, at + 2), 16)), 255).buffer,
)[0]!;
/** Samples per pixel, and where they lie in it (x, y from its top left corner): the standard 4× pattern. */
export const SAMPLES = 4;
const SAMPLE_X = [0.375, 0.875, 0.125, 0.625] as const;
const SAMPLE_Y = [0.125, 0.375, 0.625, 0.875] as const;
/** The layer shader's light direction (normalized) and the share of colour kept facing away from it. */
const LIGHT = LAYER_LIGHT.direction.map((value) => value / Math.hypot(...LAYER_LIGHT.direction));
const AMBIENT = LAYER_LIGHT.ambient;
/**
 * Depth as the context's 24-bit depth buffer keeps it: whole steps of 1 / (2^24 − 1), exact in a float32. Faces that
 * coincide (a two-sided sheet modelled twice, say) then get equal depths, and the one drawn later shows, as on the
 * GPU; compared unrounded, they would interleave in a fine pattern.
 */
const DEPTH_STEPS = 16_777_215;
/** Floats kept per clipped vertex: x, y, z, w (clip space), u, v, normal x, y, z. */
export const VERTEX_FLOATS = 9;

/** What one layer draws with: its texture, colour, wrap, alpha test, lighting and blending. */
export interface LayerPaint {
  texture: Float64Array;
  textureSize: number;
  red: number;
  green: number;
  blue: number;
  alpha: number;
  wrapU: boolean;
  wrapV: boolean;
  alphaTest: number;
  lit: boolean;
  source: BlendFactor | null;
  destination: BlendFactor | null;
  depthTest: boolean;
  depthWrite: boolean;
  twoSided: boolean;
}

/**
 * The multisampled drawing buffer of the frame's part the model can cover (a `width` × `height` rectangle at `left`,
 * `top` of a frame `frameWidth` × `frameHeight`): 8-bit RGBA and a depth per sample. The rest of the frame is the
 * background.
 */
export class SampleBuffer {
  readonly color: Uint8Array;
  readonly depth: Float32Array;
  constructor(
    readonly left: number,
    readonly top: number,
    readonly width: number,
    readonly height: number,
    readonly frameWidth: number,
    readonly frameHeight: number,
  ) {
    const samples = width * height * SAMPLES;
    this.color = new Uint8Array(samples * 4);
    this.depth = new Float32Array(samples).fill(DEPTH_STEPS);
    new Uint32Array(this.color.buffer).fill(BACKGROUND_WORD);
  }
}

function factorValue(factor: BlendFactor, source: number, sourceAlpha: number, target: number): number {
  switch (factor) {
    case 'zero':
      return 0;
    case 'one':
      return 1;
    case 'srcAlpha':
      return sourceAlpha;
    case 'oneMinusSrcAlpha':
      return 1 - sourceAlpha;
    case 'srcColor':
      return source;
    case 'dstColor':
      return target;
  }
}

function toByte(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 255);
}

/** Keeps a corner's depth, 1/w and varyings over w at `at` of {@link screen}. */
function cornerOnScreen(corners: Float64Array, from: number, inverse: number, at: number): void {
  screen[at + 2] = corners[from + 2]! * inverse * 0.5 + 0.5;
  screen[at + 3] = inverse;
  screen[at + 4] = corners[from + 4]! * inverse;
  screen[at + 5] = corners[from + 5]! * inverse;
  screen[at + 6] = corners[from + 6]! * inverse;
  screen[at + 7] = corners[from + 7]! * inverse;
  screen[at + 8] = corners[from + 8]! * inverse;
}

/** Per triangle corner (9 slots each): two unused (its position stays in locals), depth, 1/w, the varyings over w. */
const screen = new Float64Array(3 * 9);

/** Draws the triangle of corners `a`, `b`, `c` of `corners` (clip space, inside the near and far planes). */
export function drawTriangle(
  target: SampleBuffer,
  corners: Float64Array,
  a: number,
  b: number,
  c: number,
  paint: LayerPaint,
): void {
  const { width, height, left, top, frameWidth, frameHeight } = target;
  // Screen positions first: a culled face (about half of a closed mesh's) needs nothing more.
  const fromA = a * VERTEX_FLOATS;
  const fromB = b * VERTEX_FLOATS;
  const fromC = c * VERTEX_FLOATS;
  const wa = corners[fromA + 3]!;
  const wb = corners[fromB + 3]!;
  const wc = corners[fromC + 3]!;
  if (!(wa > 1e-12 && wb > 1e-12 && wc > 1e-12)) return;
  const inverseA = 1 / wa;
  const inverseB = 1 / wb;
  const inverseC = 1 / wc;
  const x0 = (corners[fromA]! * inverseA * 0.5 + 0.5) * frameWidth - left;
  const y0 = (0.5 - corners[fromA + 1]! * inverseA * 0.5) * frameHeight - top;
  const x1 = (corners[fromB]! * inverseB * 0.5 + 0.5) * frameWidth - left;
  const y1 = (0.5 - corners[fromB + 1]! * inverseB * 0.5) * frameHeight - top;
  const x2 = (corners[fromC]! * inverseC * 0.5 + 0.5) * frameWidth - left;
  const y2 = (0.5 - corners[fromC + 1]! * inverseC * 0.5) * frameHeight - top;
  // Twice the signed area with y down: negative for a face counter-clockwise on screen (a front face).
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (!(Math.abs(area) > 0) || !Number.isFinite(area)) return;
  if (area > 0 && !paint.twoSided) return;
  cornerOnScreen(corners, fromA, inverseA, 0);
  cornerOnScreen(corners, fromB, inverseB, 9);
  cornerOnScreen(corners, fromC, inverseC, 18);
  const minimumX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const maximumX = Math.min(width - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minimumY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const maximumY = Math.min(height - 1, Math.ceil(Math.max(y0, y1, y2)));
  if (minimumX > maximumX || minimumY > maximumY) return;
  // Edge functions, each zero on one side and the triangle's area at the opposite corner: weights of the corners.
  const sign = area > 0 ? 1 : -1;
  const a0 = -(y2 - y1) * sign;
  const b0 = (x2 - x1) * sign;
  const c0 = -(a0 * x1 + b0 * y1);
  const a1 = -(y0 - y2) * sign;
  const b1 = (x0 - x2) * sign;
  const c1 = -(a1 * x2 + b1 * y2);
  const a2 = -(y1 - y0) * sign;
  const b2 = (x1 - x0) * sign;
  const c2 = -(a2 * x0 + b2 * y0);
  const inverseArea = 1 / Math.abs(area);
  const z0 = screen[2]!;
  const z1 = screen[11]!;
  const z2 = screen[20]!;
  const { color, depth } = target;
  const { depthTest, depthWrite } = paint;
  // Each edge function at the samples and the centre of a pixel: its value at the pixel's corner plus an offset.
  for (let index = 0; index < SAMPLES; index += 1) {
    sampleOffsets[index] = a0 * SAMPLE_X[index]! + b0 * SAMPLE_Y[index]!;
    sampleOffsets[SAMPLES + index] = a1 * SAMPLE_X[index]! + b1 * SAMPLE_Y[index]!;
    sampleOffsets[2 * SAMPLES + index] = a2 * SAMPLE_X[index]! + b2 * SAMPLE_Y[index]!;
  }
  const centre0 = (a0 + b0) * 0.5;
  const centre1 = (a1 + b1) * 0.5;
  const centre2 = (a2 + b2) * 0.5;
  for (let y = minimumY; y <= maximumY; y += 1) {
    let corner0 = a0 * minimumX + b0 * y + c0;
    let corner1 = a1 * minimumX + b1 * y + c1;
    let corner2 = a2 * minimumX + b2 * y + c2;
    for (let x = minimumX; x <= maximumX; x += 1, corner0 += a0, corner1 += a1, corner2 += a2) {
      let passed = 0;
      const pixelSample = (y * width + x) * SAMPLES;
      for (let index = 0; index < SAMPLES; index += 1) {
        const e0 = corner0 + sampleOffsets[index]!;
        const e1 = corner1 + sampleOffsets[SAMPLES + index]!;
        const e2 = corner2 + sampleOffsets[2 * SAMPLES + index]!;
        if (e0 < 0 || e1 < 0 || e2 < 0) continue;
        const z = Math.round((e0 * z0 + e1 * z1 + e2 * z2) * inverseArea * DEPTH_STEPS);
        if (depthTest && !(z <= depth[pixelSample + index]!)) continue;
        sampleDepths[index] = z;
        passed |= 1 << index;
      }
      if (passed === 0) continue;
      // The fragment stage at the pixel's centre (perspective-correct), once for its samples.
      const w0 = (corner0 + centre0) * inverseArea;
      const w1 = (corner1 + centre1) * inverseArea;
      const w2 = (corner2 + centre2) * inverseArea;
      const perspective = 1 / (w0 * screen[3]! + w1 * screen[12]! + w2 * screen[21]!);
      const u = (w0 * screen[4]! + w1 * screen[13]! + w2 * screen[22]!) * perspective;
      const v = (w0 * screen[5]! + w1 * screen[14]! + w2 * screen[23]!) * perspective;
      if (!shade(paint, u, v, w0, w1, w2, perspective)) continue;
      for (let index = 0; index < SAMPLES; index += 1) {
        if (!(passed & (1 << index))) continue;
        const at = pixelSample + index;
        write(color, at * 4, paint);
        if (depthWrite) depth[at] = sampleDepths[index]!;
      }
    }
  }
}

/** A triangle's edge functions' offsets at the samples of a pixel (3 edges × 4 samples), and the samples' depths. */
const sampleOffsets = new Float64Array(3 * SAMPLES);
const sampleDepths = new Float64Array(SAMPLES);

/** The fragment the layer shader outputs at one pixel (filled by {@link shade}). */
const fragment = new Float64Array(4);

/** Runs the fragment stage into `fragment`; false when it discards. */
function shade(
  paint: LayerPaint,
  u: number,
  v: number,
  w0: number,
  w1: number,
  w2: number,
  perspective: number,
): boolean {
  const clampedU = paint.wrapU ? u : Math.min(1, Math.max(0, u));
  const clampedV = paint.wrapV ? v : Math.min(1, Math.max(0, v));
  const size = paint.textureSize;
  const column = (((Math.floor(clampedU * size) % size) + size) % size) | 0;
  const row = (((Math.floor(clampedV * size) % size) + size) % size) | 0;
  const texel = (row * size + column) * 4;
  const texture = paint.texture;
  let red = texture[texel]! * paint.red;
  let green = texture[texel + 1]! * paint.green;
  let blue = texture[texel + 2]! * paint.blue;
  const alpha = texture[texel + 3]! * paint.alpha;
  if (alpha < paint.alphaTest) return false;
  if (paint.lit) {
    const nx = (w0 * screen[6]! + w1 * screen[15]! + w2 * screen[24]!) * perspective;
    const ny = (w0 * screen[7]! + w1 * screen[16]! + w2 * screen[25]!) * perspective;
    const nz = (w0 * screen[8]! + w1 * screen[17]! + w2 * screen[26]!) * perspective;
    const length = Math.hypot(nx, ny, nz);
    const lambert = Math.min(1, Math.max(0, (nx * LIGHT[0]! + ny * LIGHT[1]! + nz * LIGHT[2]!) / length));
    const light = AMBIENT + (1 - AMBIENT) * lambert;
    red *= light;
    green *= light;
    blue *= light;
  }
  fragment[0] = red;
  fragment[1] = green;
  fragment[2] = blue;
  fragment[3] = alpha;
  return true;
}

/** Writes the fragment to one sample (blended with the layer's factors, colour only, or replacing it). */
function write(color: Uint8Array, at: number, paint: LayerPaint): void {
  const sourceAlpha = Math.min(1, Math.max(0, fragment[3]!));
  if (paint.source === null || paint.destination === null) {
    for (let channel = 0; channel < 4; channel += 1) color[at + channel] = toByte(fragment[channel]!);
    return;
  }
  for (let channel = 0; channel < 3; channel += 1) {
    const source = Math.min(1, Math.max(0, fragment[channel]!));
    const target = color[at + channel]! / 255;
    color[at + channel] = toByte(
      source * factorValue(paint.source, source, sourceAlpha, target) +
        target * factorValue(paint.destination, source, sourceAlpha, target),
    );
  }
}
