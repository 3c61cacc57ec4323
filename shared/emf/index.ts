/**
 * The Engine Model Format (binary SMD split into a manifest and its parts): readers for every part,
 * the set's summary and findings, and the bake of its skinned animation into an MRF cape.
 */
export {
  EMF_TYPE,
  emfPartNames,
  emfType,
  isEmf,
  readEmfKeyframes,
  readEmfManifest,
  readEmfMesh,
  readEmfSkeleton,
  type EmfKeyframes,
  type EmfManifest,
  type EmfMesh,
  type EmfSkeleton,
  type EmfType,
} from './read';
export {
  chooseEmfAnimation,
  emfCapeSource,
  emfToMrf,
  eulerToQuaternion,
  loadEmfSet,
  type EmfImport,
  type EmfImportOptions,
  type EmfSet,
} from './cape';
export { emfDiagnostics, emfSummary, type EmfAnimationSummary, type EmfSummary } from './summary';
