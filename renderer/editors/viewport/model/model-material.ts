/**
 * The material of one model layer (the game's classic SD look): a GLSL 3 shader that skins each vertex with up to
 * four palette matrices read from a float texture (model-rig.ts lays the palette out), multiplies the layer's
 * texture by the geoset animation's colour and alpha and the layer's alpha, and applies the layer's filter mode and
 * shading flags the way the game does (and mdx-m3-viewer, where the two agree):
 *
 * | filter mode     | blend (source, destination)   | depth write | alpha test |
 * | 0 none          | off                            | yes         | none       |
 * | 1 transparent   | off                            | yes         | α < 0.75 discarded |
 * | 2 blend         | src α, 1 − src α               | no          | none       |
 * | 3 additive      | src α, one                     | no          | none       |
 * | 4 add alpha     | src α, one                     | no          | none       |
 * | 5 modulate      | zero, src colour               | no          | none       |
 * | 6 modulate 2×   | dst colour, src colour         | no          | none       |
 *
 * Shading flags: 0x1 unshaded (no lighting), 0x10 two-sided, 0x40 no depth test, 0x80 no depth set; 0x20 unfogged
 * changes nothing (the preview draws no fog); 0x2 sphere environment map is drawn as a plain texture.
 * The texture's wrap flags (TEXS 0x1 wrap width, 0x2 wrap height) clamp u or v in the shader when not set, so one
 * GPU texture (repeat) serves every layer.
 */
import {
  AddEquation,
  CustomBlending,
  DataTexture,
  DoubleSide,
  DstColorFactor,
  FloatType,
  FrontSide,
  GLSL3,
  type Material,
  Matrix3,
  NearestFilter,
  NoBlending,
  OneFactor,
  OneMinusSrcAlphaFactor,
  RawShaderMaterial,
  RGBAFormat,
  SrcAlphaFactor,
  SrcColorFactor,
  type Texture,
  Vector2,
  Vector4,
  ZeroFactor,
} from 'three';

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

/**
 * The palette texture over `palette` (16 floats per slot) for `slots` matrices: exactly as wide as needed, so each
 * frame's upload carries no padding.
 */
export function createPaletteTexture(palette: Float32Array, slots: number): DataTexture {
  const { perRow, rows } = paletteLayout(slots);
  const texture = new DataTexture(palette, perRow * 4, rows, RGBAFormat, FloatType);
  texture.magFilter = NearestFilter;
  texture.minFilter = NearestFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

const VERTEX_SHADER = /* glsl */ `
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
  int x = (index % paletteRow) * 4;
  int y = index / paletteRow;
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

const FRAGMENT_SHADER = /* glsl */ `
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
    vec3 light = normalize(vec3(0.3, -0.6, 0.75));
    float lambert = clamp(dot(normalize(vNormal), light), 0.0, 1.0);
    texel.rgb *= 0.45 + 0.55 * lambert;
  }
  fragmentColor = texel;
}
`;

/** What a layer's material is made from. */
export interface LayerLook {
  filterMode: number;
  shadingFlags: number;
  /** Draw grey and lit, ignoring the texture (solid shading). */
  solid: boolean;
  wireframe: boolean;
}

/** The uniforms every layer material has (updated in place every frame). */
export type LayerUniforms = {
  palette: { value: Texture | null };
  /** Matrices per palette row. */
  paletteRow: { value: number };
  map: { value: Texture | null };
  color: { value: Vector4 };
  alphaTest: { value: number };
  lit: { value: number };
  wrap: { value: Vector2 };
  textureTransform: { value: Matrix3 };
};

/** Whether a filter mode draws blended (after the opaque layers, without writing depth). */
export function isBlended(filterMode: number): boolean {
  return filterMode > FILTER_MODE.transparent;
}

/**
 * Sets a material's blending to a layer filter mode's (the table above): blended modes draw after the opaque ones
 * (transparent) with their source and destination factors, keeping the frame's alpha; the others draw unblended.
 * Particle emitters and ribbons use it too.
 */
export function applyLayerBlending(material: Material, filterMode: number): void {
  material.transparent = isBlended(filterMode);
  material.blending = NoBlending;
  if (!isBlended(filterMode)) return;
  material.blending = CustomBlending;
  material.blendEquation = AddEquation;
  const [source, destination] =
    filterMode === FILTER_MODE.blend
      ? [SrcAlphaFactor, OneMinusSrcAlphaFactor]
      : filterMode === FILTER_MODE.additive || filterMode === FILTER_MODE.addAlpha
        ? [SrcAlphaFactor, OneFactor]
        : filterMode === FILTER_MODE.modulate
          ? [ZeroFactor, SrcColorFactor]
          : [DstColorFactor, SrcColorFactor];
  material.blendSrc = source;
  material.blendDst = destination;
  // Keep the frame's alpha as it is: the canvas is composited over the page.
  material.blendSrcAlpha = ZeroFactor;
  material.blendDstAlpha = OneFactor;
}

/** The material of a layer. */
export function createLayerMaterial(
  look: LayerLook,
  palette: Texture,
): RawShaderMaterial & { uniforms: LayerUniforms } {
  const uniforms: LayerUniforms = {
    palette: { value: palette },
    paletteRow: { value: (palette.image as { width: number }).width / 4 },
    map: { value: null },
    color: { value: new Vector4(1, 1, 1, 1) },
    alphaTest: { value: look.filterMode === FILTER_MODE.transparent && !look.solid ? 0.75 : 0 },
    lit: { value: look.solid || !(look.shadingFlags & SHADING_FLAG.unshaded) ? 1 : 0 },
    wrap: { value: new Vector2(1, 1) },
    textureTransform: { value: new Matrix3() },
  };
  const material = new RawShaderMaterial({
    glslVersion: GLSL3,
    vertexShader: VERTEX_SHADER,
    fragmentShader: FRAGMENT_SHADER,
    uniforms,
    wireframe: look.wireframe,
  });
  const filterMode = look.solid ? FILTER_MODE.none : look.filterMode;
  material.side = look.shadingFlags & SHADING_FLAG.twoSided || look.solid ? DoubleSide : FrontSide;
  material.depthTest = !(look.shadingFlags & SHADING_FLAG.noDepthTest);
  material.depthWrite = !(look.shadingFlags & SHADING_FLAG.noDepthSet) && !isBlended(filterMode);
  applyLayerBlending(material, filterMode);
  return material as RawShaderMaterial & { uniforms: LayerUniforms };
}

/** The material of each of a rig's layers in a shading (solid, wireframe or textured) over a palette. */
export function createRigMaterials(
  layers: readonly { layer?: { filterMode: number; shadingFlags: number } | null }[],
  shading: 'solid' | 'textured' | 'wireframe',
  palette: Texture,
): (RawShaderMaterial & { uniforms: LayerUniforms })[] {
  return layers.map((drawn) =>
    createLayerMaterial(
      {
        filterMode: drawn.layer?.filterMode ?? 0,
        shadingFlags: drawn.layer?.shadingFlags ?? 0,
        solid: shading === 'solid',
        wireframe: shading === 'wireframe',
      },
      palette,
    ),
  );
}
