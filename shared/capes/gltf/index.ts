/**
 * glTF ↔ MRF: reading a glTF (GLB or `.gltf` with its resources) into a checked document, baking
 * its animation into a cape, and writing a cape as glTF (GLB, or `.gltf` with a `.bin` and a PNG).
 */
export { readGltf, gltfExternalUris, MemoryIO, type GltfFile } from './read';
export { BinaryLayout, glbHead } from './glb-writer';
export { isGlb, looksLikeGltfJson, readGltfContainer, GLB, type GltfContainer } from './container';
export { gltfToMrf, gltfCapeSource, type GltfImportOptions, type GltfImport, type GltfCapeSource } from './import';
export {
  mrfToGlb,
  mrfToGlbStream,
  type GlbStream,
  mrfToGltfFiles,
  FALLBACK_EXPORT_INTERVAL,
  SPARSE_WEIGHTS_KEYFRAMES,
  MAX_EXPORT_KEYFRAMES,
  type GltfExportOptions,
} from './export';
export { morfExtras, readMorfExtras, type MorfExtras, type MorfHeaderExtras } from './extras';
export { gltfToMrfAxes, mrfToGltfAxes } from './axes';
export { collectCapeMesh, type CapeMesh, type MeshPart } from './mesh';
export { chooseAnimation, createPoser, type ChosenAnimation, type ChannelTrack } from './pose';
export { gltfSummary, gltfCapeDiagnostics, GLTF_DIAGNOSTIC } from './summary';
export { jsonSyntaxError } from './json-syntax';
