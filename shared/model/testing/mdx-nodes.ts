/**
 * The nodes of an MDX model as the tests compare them: kind, name, objectId and parentId of every node object of its
 * typed node chunks, in file order.
 */
import type { MdxModel } from '../mdx-file';
import { modelNodes } from '../model-nodes';
import { typedModelOf } from '../typed-chunks';

/** Every node of the model: kind, name, objectId, parentId. */
export function listNodes(model: MdxModel) {
  return modelNodes(typedModelOf(model)).map(({ kind, object: { node } }) => ({
    kind,
    name: node.name,
    objectId: node.objectId,
    parentId: node.parentId,
  }));
}
