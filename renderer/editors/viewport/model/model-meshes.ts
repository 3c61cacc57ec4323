/**
 * The GPU side of a rig shared by every view that draws a model (ModelView, the spawned models): one BufferGeometry
 * per geoset (positions, normals, UVs, palette slots and weights, uploaded once), the layers' draw order (the game's:
 * opaque materials first, then by priority plane, geoset and layer), and the per-frame copy of what an animator
 * sampled into the layer meshes' uniforms — colours, alphas, textures and texture transforms — allocating nothing.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DataTexture,
  type Mesh,
  RGBAFormat,
  type Texture,
  UnsignedByteType,
} from 'three';
import { checkerTexture } from '../cape-texture';
import { HIDDEN_ALPHA, type ModelAnimator } from './model-animator';
import type { LayerUniforms } from './model-material';
import { createLayerSample, isBlended, PLAIN_GREY_PIXEL, sampleLayer } from './model-layers';

export { drawOrder } from './model-layers';
import type { ModelRig, RigGeometry } from './model-rig';

/** One GPU geometry per rig geoset. */
export function createGeometries(geometry: RigGeometry): BufferGeometry[] {
  return geometry.geosets.map((mesh) => {
    const created = new BufferGeometry();
    const { geoset } = mesh;
    created.setAttribute('position', new BufferAttribute(geoset.vertices.subarray(0, mesh.vertexCount * 3), 3));
    const normals =
      geoset.normals.length >= mesh.vertexCount * 3
        ? geoset.normals.subarray(0, mesh.vertexCount * 3)
        : new Float32Array(mesh.vertexCount * 3);
    created.setAttribute('normal', new BufferAttribute(normals, 3));
    const coordinates = geoset.textureCoordinateSets[0];
    created.setAttribute(
      'uv',
      new BufferAttribute(
        coordinates && coordinates.length >= mesh.vertexCount * 2
          ? coordinates.subarray(0, mesh.vertexCount * 2)
          : new Float32Array(mesh.vertexCount * 2),
        2,
      ),
    );
    created.setAttribute('boneSlots', new BufferAttribute(mesh.boneSlots, 4));
    created.setAttribute('boneWeights', new BufferAttribute(mesh.boneWeights, 4));
    created.setIndex(new BufferAttribute(mesh.triangles, 1));
    return created;
  });
}

/**
 * Copies the animator's last sample into the layer meshes (`meshes[layer]`, null for one not mounted): a layer is
 * visible when `show` and its geoset's alpha is above the game's threshold; `textured` draws its texture (else the
 * grey of solid and wireframe shading). Returns how many geosets are drawn.
 */
export function updateLayerMeshes(
  rig: ModelRig,
  animator: ModelAnimator,
  meshes: readonly (Mesh | null | undefined)[],
  textures: readonly Texture[],
  show: boolean,
  textured: boolean,
): number {
  const { geosetColors, textureTransforms } = animator;
  const sample = layerSample;
  for (let index = 0; index < rig.layers.length; index += 1) {
    const mesh = meshes[index];
    if (!mesh) continue;
    const visible = sampleLayer(rig, animator, index, show, textured, sample);
    mesh.visible = visible;
    if (!visible) continue;
    const uniforms = (mesh.material as unknown as { uniforms: LayerUniforms }).uniforms;
    const color = sample.color;
    uniforms.color.value.set(color[0]!, color[1]!, color[2]!, color[3]!);
    uniforms.map.value = sample.textured ? (textures[sample.textureIndex] ?? checkerTexture()) : whiteTexture();
    uniforms.wrap.value.set(sample.wrapU, sample.wrapV);
    const elements = uniforms.textureTransform.value.elements;
    for (let element = 0; element < 9; element += 1) elements[element] = textureTransforms[index * 9 + element]!;
  }
  let drawn = 0;
  for (let geoset = 0; geoset < rig.geosets.length; geoset += 1)
    if (show && geosetColors[geoset * 4 + 3]! > HIDDEN_ALPHA) drawn += 1;
  return drawn;
}

/** The sample updateLayerMeshes fills (one for every frame of every view: JavaScript is single-threaded). */
const layerSample = createLayerSample();

let white: DataTexture | null = null;

/** Light grey (1 × 1): what solid and wireframe shading draw instead of the textures. */
export function whiteTexture(): DataTexture {
  if (white) return white;
  white = new DataTexture(PLAIN_GREY_PIXEL.slice(), 1, 1, RGBAFormat, UnsignedByteType);
  white.needsUpdate = true;
  return white;
}

/**
 * The render order of an emitter with priority plane `priorityPlane` among the model's layers drawn in `order`
 * (their render order is their position there), as mdx-m3-viewer sorts translucent layers and emitters: after the
 * opaque layers and after every blended layer of a priority plane up to the emitter's; at one plane, particle
 * emitters before ribbons (`kindOffset` 0 and 1), each in file order (`index`).
 */
export function emitterRenderOrder(
  rig: ModelRig,
  order: readonly number[],
  priorityPlane: number,
  kindOffset: number,
  index: number,
): number {
  let after = -1;
  order.forEach((layerIndex, position) => {
    const drawn = rig.layers[layerIndex]!;
    const blended = drawn.material?.layers[0] ? isBlended(drawn.material.layers[0].filterMode) : false;
    if (!blended || drawn.priorityPlane <= priorityPlane) after = position;
  });
  return after + 0.25 + kindOffset * 0.25 + Math.min(index, 999) * 1e-4;
}
