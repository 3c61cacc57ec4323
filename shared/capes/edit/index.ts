/**
 * Pure edits of a cape (an MrfFile): header fields, texture path, bounds, and keyframe operators (retime, trim,
 * reverse, recompute normals). Each returns a new file sharing what it did not change; the given file is untouched.
 */
export { CapeEditError } from './cape-edit-error';
export {
  setCapeHeader,
  setCapeFps,
  setCapeTexturePath,
  recomputeCapeBounds,
  MAX_DEBUG_FLAG,
  type CapeHeaderPatch,
} from './header-edits';
export { retimeCape, trimCape, reverseCape, recomputeCapeNormals, MAX_RETIMED_KEYFRAME_BYTES } from './keyframe-edits';
