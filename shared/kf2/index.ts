/**
 * Max Payne's KF2 (and KFS/SKD): the primitives (issue 15's plain layout, the tagged one as a
 * fallback), every chunk kind the spec describes, the file's summary and findings, and the bake of
 * a skinned, animated mesh into an MRF cape.
 */
export { KF2_CHUNK, KF2_SUB_CHUNK, KF2_VERSIONS, kf2ChunkName } from './layout';
export { KF2_LAYOUTS, KF2_TAG, Kf2Cursor, type Kf2ChunkHeader, type Kf2Layout } from './primitives';
export {
  isKf2,
  readKf2,
  readKf2Layout,
  type Kf2Camera,
  type Kf2Environment,
  type Kf2File,
  type Kf2KeyframeAnimation,
  type Kf2MaterialList,
  type Kf2Mesh,
  type Kf2RawChunk,
  type Kf2Skin,
} from './read';
export type { Kf2Material, Kf2Node, Kf2Texture } from './sub-chunks';
export {
  KF2_TAGGED_LAYOUT_NOTE,
  kf2CapeSource,
  kf2Clips,
  kf2MeshTexture,
  kf2ToMrf,
  type Kf2Clip,
  type Kf2Import,
  type Kf2ImportOptions,
} from './cape';
export { kf2Diagnostics, kf2Summary, type Kf2Summary } from './summary';
