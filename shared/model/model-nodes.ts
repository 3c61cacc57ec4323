/**
 * The nodes of a typed model across its node chunks (BONE, LITE, HELP, ATCH, PREM, PRE2, CORN,
 * RIBB, EVTS, CLID), for whatever walks the hierarchy: the samplers, the outliner, the MDL printer.
 */
import { nodeChunkSpec } from '../mdx/node-objects';
import type { NodeKind } from './node-kind';
import type { NodeObject } from './kinds/node';
import { isParsedChunk, type TypedMdxModel } from './mdx-model';

/** One node object and where it is. */
export interface ModelNodeEntry {
  readonly kind: NodeKind;
  /** Its chunk's tag and position in the model's chunk list. */
  readonly tag: string;
  readonly chunkIndex: number;
  /** Its position in its chunk. */
  readonly index: number;
  readonly object: NodeObject;
}

/** Every node object of the typed node chunks, in file order (node chunks kept as bytes are skipped). */
export function modelNodes(model: Pick<TypedMdxModel, 'chunks'>): ModelNodeEntry[] {
  const entries: ModelNodeEntry[] = [];
  model.chunks.forEach((chunk, chunkIndex) => {
    const spec = nodeChunkSpec(chunk.tag);
    if (!spec || !isParsedChunk(chunk)) return;
    (chunk.parsed as readonly NodeObject[]).forEach((object, index) =>
      entries.push({ kind: spec.kind, tag: chunk.tag, chunkIndex, index, object }),
    );
  });
  return entries;
}
