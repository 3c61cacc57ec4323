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
  type BlendingDstFactor,
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
import {
  blendFactors,
  type BlendFactor,
  isBlended,
  type LayerLook,
  layerDrawState,
  MODEL_FRAGMENT_SHADER,
  MODEL_VERTEX_SHADER,
  paletteLayout,
  rigLayerLooks,
} from './model-layers';

export {
  FILTER_MODE,
  isBlended,
  type LayerLook,
  PALETTE_MATRICES_PER_ROW,
  paletteFloats,
  paletteLayout,
  SHADING_FLAG,
} from './model-layers';

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

/**
 * Sets a material's blending to a layer filter mode's (the table above): blended modes draw after the opaque ones
 * (transparent) with their source and destination factors, keeping the frame's alpha; the others draw unblended.
 * Particle emitters and ribbons use it too.
 */
export function applyLayerBlending(material: Material, filterMode: number): void {
  material.transparent = isBlended(filterMode);
  material.blending = NoBlending;
  const factors = blendFactors(filterMode);
  if (!factors) return;
  material.blending = CustomBlending;
  material.blendEquation = AddEquation;
  material.blendSrc = THREE_FACTORS[factors[0]];
  material.blendDst = THREE_FACTORS[factors[1]];
  // Keep the frame's alpha as it is: the canvas is composited over the page.
  material.blendSrcAlpha = ZeroFactor;
  material.blendDstAlpha = OneFactor;
}

const THREE_FACTORS: Record<BlendFactor, BlendingDstFactor> = {
  zero: ZeroFactor,
  one: OneFactor,
  srcAlpha: SrcAlphaFactor,
  oneMinusSrcAlpha: OneMinusSrcAlphaFactor,
  srcColor: SrcColorFactor,
  dstColor: DstColorFactor,
};

/** The material of a layer. */
export function createLayerMaterial(
  look: LayerLook,
  palette: Texture,
): RawShaderMaterial & { uniforms: LayerUniforms } {
  const state = layerDrawState(look);
  const uniforms: LayerUniforms = {
    palette: { value: palette },
    paletteRow: { value: (palette.image as { width: number }).width / 4 },
    map: { value: null },
    color: { value: new Vector4(1, 1, 1, 1) },
    alphaTest: { value: state.alphaTest },
    lit: { value: state.lit ? 1 : 0 },
    wrap: { value: new Vector2(1, 1) },
    textureTransform: { value: new Matrix3() },
  };
  const material = new RawShaderMaterial({
    glslVersion: GLSL3,
    vertexShader: MODEL_VERTEX_SHADER,
    fragmentShader: MODEL_FRAGMENT_SHADER,
    uniforms,
    wireframe: look.wireframe,
  });
  material.side = state.twoSided ? DoubleSide : FrontSide;
  material.depthTest = state.depthTest;
  material.depthWrite = state.depthWrite;
  applyLayerBlending(material, state.filterMode);
  return material as RawShaderMaterial & { uniforms: LayerUniforms };
}

/** The material of each of a rig's layers in a shading (solid, wireframe or textured) over a palette. */
export function createRigMaterials(
  layers: readonly { layer?: { filterMode: number; shadingFlags: number } | null }[],
  shading: 'solid' | 'textured' | 'wireframe',
  palette: Texture,
): (RawShaderMaterial & { uniforms: LayerUniforms })[] {
  return rigLayerLooks(layers, shading).map((look) => createLayerMaterial(look, palette));
}
