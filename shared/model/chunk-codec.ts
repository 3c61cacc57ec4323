/**
 * The shape every kind module gives its MDX chunk (shared/mdx/chunk-codec.ts), in the layout of a model version
 * ({@link MdxLayout}, which decides every difference between versions).
 */
import type { ChunkCodec as LayoutChunkCodec } from '../mdx/chunk-codec';
import type { MdxLayout } from './versions';

export { beginSize, patchSize, readObjects, writeArray } from '../mdx/chunk-codec';

/** Reads and writes one chunk's body as `T` in the layout of the model's version. */
export type ChunkCodec<T> = LayoutChunkCodec<T, MdxLayout>;
