/**
 * The nodes of a typed model across its node chunks (the registry's node kinds: bones, lights, helpers, attachments,
 * emitters, event objects, collision shapes), for whatever walks the hierarchy: the samplers, the outliner, the MDL
 * printer, the events view.
 */
import type { NodeObject } from './kinds/node';
import { nodeKindOfTag, type NodeKind } from './registry';
import { isParsedChunk, type TypedMdxModel } from './typed-model';

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
    const kind = nodeKindOfTag(chunk.tag);
    if (kind === undefined || !isParsedChunk(chunk)) return;
    (chunk.parsed as readonly NodeObject[]).forEach((object, index) =>
      entries.push({ kind, tag: chunk.tag, chunkIndex, index, object }),
    );
  });
  return entries;
}
