/**
 * Cape authoring: the baker that turns any animated mesh into MRF keyframes, the pieces importers
 * pose meshes with (node hierarchies, glTF interpolations, morph targets, skinning, normals), and
 * the glTF import and export built on them.
 */
export {
  bakeCape,
  bakeTimes,
  bakeInterval,
  DEFAULT_BAKE_FPS,
  BAKE_GRID_TOLERANCE_FRAMES,
  BAKE_MAX_KEYFRAME_BYTES,
  MRF_UNUSED_HEADER_BYTE_SIZE,
  type BakeSource,
  type BakeOptions,
  type BakeHeader,
} from './bake';
export { keyIndexAt, sampleTrack, trackTimeRange, type Interpolation, type KeyframeTrack } from './interpolation';
export { parentsFirstOrder, createNodeTransforms, computeWorldMatrices, type NodeTransforms } from './hierarchy';
export { applyMorphTargets } from './morph';
export { skinVertices, createSkinScratch, type SkinInfluences, type SkinScratch } from './skinning';
export { computeVertexNormals, normalizeVectors } from './normals';
export {
  createMatrix4,
  setIdentity,
  composeTrs,
  multiplyMatrices,
  invertMatrix,
  normalMatrix,
  normalizeQuaternion,
  slerp,
  MATRIX4_SIZE,
  type Matrix4,
} from './math';
