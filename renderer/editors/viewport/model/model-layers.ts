/**
 * What a model layer's look is made of, without three.js: the layer filter modes and shading flags, the skinning
 * palette's layout, the layer shader's GLSL, each filter mode's blending and depth rules (the table in
 * model-material.ts) and the game's draw order. The viewport's materials (model-material.ts) and the boot frame
 * (renderer/boot) both draw from these, so the page's first picture of a model and the viewport's agree.
 */
import { HIDDEN_ALPHA, type ModelAnimator } from './model-animator';
import type { ModelRig } from './model-rig';

/** Layer filter modes. */
export const FILTER_MODE = {
  none: 0,
  transparent: 1,
  blend: 2,
  additive: 3,
  addAlpha: 4,
  modulate: 5,
  modulate2x: 6,
} as const;

/** Layer shading flags. */
export const SHADING_FLAG = {
  unshaded: 0x1,
  sphereEnvironmentMap: 0x2,
  twoSided: 0x10,
  unfogged: 0x20,
  noDepthTest: 0x40,
  noDepthSet: 0x80,
} as const;

/** At most this many matrices per row of the palette texture (four RGBA texels each: 4096 texels, WebGL's minimum). */
export const PALETTE_MATRICES_PER_ROW = 1024;

/** How a palette of `slots` matrices is laid out: matrices per row (no wider than needed) and rows. */
export function paletteLayout(slots: number): { perRow: number; rows: number } {
  const perRow = Math.max(1, Math.min(PALETTE_MATRICES_PER_ROW, slots));
  return { perRow, rows: Math.max(1, Math.ceil(slots / perRow)) };
}

/** Floats a palette of `slots` matrices takes in the texture (whole rows). */
export function paletteFloats(slots: number): number {
  const { perRow, rows } = paletteLayout(slots);
  return perRow * rows * 16;
}

/** The layer shader's vertex stage (GLSL 3, without its `#version` line). */
export const MODEL_VERTEX_SHADER = /* glsl */ `
precision highp float;
precision highp int;
uniform mat4 modelViewMatrix;
uniform mat4 projectionMatrix;
uniform highp sampler2D palette;
uniform int paletteRow;
uniform mat3 textureTransform;
in vec3 position;
in vec3 normal;
in vec2 uv;
in vec4 boneSlots;
in vec4 boneWeights;
out vec2 vUv;
out vec3 vNormal;

mat4 paletteMatrix(float slot) {
  int index = int(slot + 0.5);
  int row = max(paletteRow, 1);
  int x = (index % row) * 4;
  int y = index / row;
  return mat4(
    texelFetch(palette, ivec2(x, y), 0),
    texelFetch(palette, ivec2(x + 1, y), 0),
    texelFetch(palette, ivec2(x + 2, y), 0),
    texelFetch(palette, ivec2(x + 3, y), 0));
}

void main() {
  mat4 skin = paletteMatrix(boneSlots.x) * boneWeights.x;
  if (boneWeights.y > 0.0) skin += paletteMatrix(boneSlots.y) * boneWeights.y;
  if (boneWeights.z > 0.0) skin += paletteMatrix(boneSlots.z) * boneWeights.z;
  if (boneWeights.w > 0.0) skin += paletteMatrix(boneSlots.w) * boneWeights.w;
  vec4 skinned = skin * vec4(position, 1.0);
  vNormal = normalize(mat3(skin) * normal);
  vUv = (textureTransform * vec3(uv, 1.0)).xy;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(skinned.xyz, 1.0);
}
`;

/**
 * The layer shader's light (lit layers): a direction (not normalized) and the share of the colour kept facing away
 * from it; a face turned to it keeps all of its colour. The boot frame's CPU drawing (renderer/boot) uses the same.
 */
export const LAYER_LIGHT = { direction: [0.3, -0.6, 0.75], ambient: 0.45 } as const;

/** A number as a GLSL float literal. */
function glslFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** The layer shader's fragment stage (GLSL 3, without its `#version` line). */
export const MODEL_FRAGMENT_SHADER = /* glsl */ `
precision highp float;
uniform sampler2D map;
uniform vec4 color;
uniform float alphaTest;
uniform float lit;
uniform vec2 wrap;
in vec2 vUv;
in vec3 vNormal;
out vec4 fragmentColor;

void main() {
  vec2 uv = vec2(wrap.x > 0.5 ? vUv.x : clamp(vUv.x, 0.0, 1.0), wrap.y > 0.5 ? vUv.y : clamp(vUv.y, 0.0, 1.0));
  vec4 texel = texture(map, uv) * color;
  if (texel.a < alphaTest) discard;
  if (lit > 0.5) {
    vec3 light = normalize(vec3(${LAYER_LIGHT.direction.map(glslFloat).join(', ')}));
    float lambert = clamp(dot(normalize(vNormal), light), 0.0, 1.0);
    texel.rgb *= ${glslFloat(LAYER_LIGHT.ambient)} + ${glslFloat(1 - LAYER_LIGHT.ambient)} * lambert;
  }
  fragmentColor = texel;
}
`;

/** Whether a filter mode draws blended (after the opaque layers, without writing depth). */
export function isBlended(filterMode: number): boolean {
  return filterMode > FILTER_MODE.transparent;
}

/** A blend factor, named as WebGL names it. */
export type BlendFactor = 'zero' | 'one' | 'srcAlpha' | 'oneMinusSrcAlpha' | 'srcColor' | 'dstColor';

/** How a layer of `filterMode` blends its colour (source, destination), or null when it draws unblended. */
export function blendFactors(filterMode: number): readonly [BlendFactor, BlendFactor] | null {
  if (!isBlended(filterMode)) return null;
  if (filterMode === FILTER_MODE.blend) return ['srcAlpha', 'oneMinusSrcAlpha'];
  if (filterMode === FILTER_MODE.additive || filterMode === FILTER_MODE.addAlpha) return ['srcAlpha', 'one'];
  if (filterMode === FILTER_MODE.modulate) return ['zero', 'srcColor'];
  return ['dstColor', 'srcColor'];
}

/** What a layer's material is made from. */
export interface LayerLook {
  filterMode: number;
  shadingFlags: number;
  /** Draw grey and lit, ignoring the texture (solid shading). */
  solid: boolean;
  wireframe: boolean;
}

/** How a layer draws: its shader's alpha test and lighting, faces, depth and blending. */
export interface LayerDrawState {
  alphaTest: number;
  lit: boolean;
  twoSided: boolean;
  depthTest: boolean;
  depthWrite: boolean;
  /** The filter mode it blends with (solid shading draws every layer as filter mode none). */
  filterMode: number;
}

/** The draw state of a layer look (the table in model-material.ts). */
export function layerDrawState(look: LayerLook): LayerDrawState {
  const filterMode = look.solid ? FILTER_MODE.none : look.filterMode;
  return {
    alphaTest: look.filterMode === FILTER_MODE.transparent && !look.solid ? 0.75 : 0,
    lit: look.solid || !(look.shadingFlags & SHADING_FLAG.unshaded),
    twoSided: Boolean(look.shadingFlags & SHADING_FLAG.twoSided) || look.solid,
    depthTest: !(look.shadingFlags & SHADING_FLAG.noDepthTest),
    depthWrite: !(look.shadingFlags & SHADING_FLAG.noDepthSet) && !isBlended(filterMode),
    filterMode,
  };
}

/** The look of each of a rig's layers in a viewport shading. */
export function rigLayerLooks(
  layers: readonly { layer?: { filterMode: number; shadingFlags: number } | null }[],
  shading: 'solid' | 'textured' | 'wireframe',
): LayerLook[] {
  return layers.map((drawn) => ({
    filterMode: drawn.layer?.filterMode ?? 0,
    shadingFlags: drawn.layer?.shadingFlags ?? 0,
    solid: shading === 'solid',
    wireframe: shading === 'wireframe',
  }));
}

/** Layer indices in the order they are drawn. */
export function drawOrder(rig: ModelRig): number[] {
  const blendedMaterial = (index: number) => {
    const first = rig.layers[index]!.material?.layers[0];
    return first ? isBlended(first.filterMode) : false;
  };
  return rig.layers
    .map((_, index) => index)
    .sort((a, b) => {
      const left = rig.layers[a]!;
      const right = rig.layers[b]!;
      return (
        Number(blendedMaterial(a)) - Number(blendedMaterial(b)) ||
        left.priorityPlane - right.priorityPlane ||
        left.geoset - right.geoset ||
        left.layerIndex - right.layerIndex
      );
    });
}

/** The light grey that solid and wireframe shading draw instead of textures (one RGBA texel). */
export const PLAIN_GREY_PIXEL = Uint8Array.of(200, 200, 200, 255);

/** What a layer draws with at an animator's sample (filled by {@link sampleLayer}). */
export interface LayerSample {
  /** Red, green, blue, alpha: the geoset animation's colour and alpha times the layer's (textured shading). */
  readonly color: Float32Array;
  /** Whether it draws its texture (else plain grey: solid or wireframe shading, or a geoset without a material). */
  textured: boolean;
  /** Its texture's index in the rig's textures. */
  textureIndex: number;
  /** 1 where the texture repeats (TEXS wrap width, wrap height), 0 where it is clamped. */
  wrapU: number;
  wrapV: number;
}

/** A sample to fill (one per drawing loop: nothing is allocated per frame). */
export function createLayerSample(): LayerSample {
  return { color: new Float32Array(4), textured: false, textureIndex: 0, wrapU: 1, wrapV: 1 };
}

/**
 * Fills `out` with what layer `index` draws at the animator's last sample; false when it is not drawn (`show` off,
 * or its geoset's alpha at or below the game's threshold). `textured`: the viewport's textured shading.
 */
export function sampleLayer(
  rig: ModelRig,
  animator: ModelAnimator,
  index: number,
  show: boolean,
  textured: boolean,
  out: LayerSample,
): boolean {
  const { geosetColors, layerAlphas, layerTextures } = animator;
  const drawn = rig.layers[index]!;
  const base = drawn.geoset * 4;
  const alpha = geosetColors[base + 3]!;
  if (!show || !(alpha > HIDDEN_ALPHA)) return false;
  out.color[0] = geosetColors[base]!;
  out.color[1] = geosetColors[base + 1]!;
  out.color[2] = geosetColors[base + 2]!;
  out.color[3] = alpha * (textured ? layerAlphas[index]! : 1);
  // A geoset without a material has no texture to miss: plain, as the spawned SPN models were drawn (issue 23).
  out.textured = textured && drawn.layer !== null;
  out.textureIndex = layerTextures[index]!;
  const flags = rig.textures[out.textureIndex]?.flags ?? 3;
  out.wrapU = flags & 1 ? 1 : 0;
  out.wrapV = flags & 2 ? 1 : 0;
  return true;
}
