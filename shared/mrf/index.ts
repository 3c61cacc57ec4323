/**
 * The MRF ("Morf") codec: read, write, validate and sample Warcraft III cape animations.
 */
export * from './types';
export * from './layout';
export { readMrf } from './read';
export { writeMrf, planMrfLayout, type MrfCanonicalLayout } from './write';
export { validateMrf, mrfChunkSpans, MRF_DIAGNOSTIC, MRF_NORMAL_LENGTH_TOLERANCE } from './validate';
export {
  sampleMrf,
  mrfPlayhead,
  mrfTiming,
  createMrfPlayhead,
  type MrfPlayhead,
  type MrfTiming,
  type MrfTimingSource,
} from './sample';
export { createMrf, setMrfTexturePath, cloneMrf, type MrfContent } from './create';
export { mrfBounds, mrfPivotAndRadius, type MrfBounds } from './bounds';
export { defaultMrfHeader } from './header';
export { texturePathFromChunk, encodeTextureChunk } from './texture';
