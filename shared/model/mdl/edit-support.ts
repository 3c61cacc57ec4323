/**
 * What the MDL edits of the model ask of a text's node blocks: whether a node is the text's, the node with an
 * objectId, a node's ObjectId and Parent statements, and the `{ … }` entries of a list block (PivotPoints, a
 * BindPose's Matrices).
 */
import { TokenKind } from '../../mdl/lexer';
import type { MdlStatement } from '../../mdl/tree';
import type { MdlText } from '../../mdl/types';
import { isNodeOf, mdlNodes, type MdlNodeAt, type MdlPartAt } from '../mdl-parts';

/** The ObjectId a node block states, or null when it has no ObjectId statement. */
export function statedObjectId(
  node: Pick<MdlPartAt<{ readonly node: { readonly objectId: number } }>, 'statement' | 'value'>,
): number | null {
  return node.statement.child('ObjectId') === undefined ? null : node.value.node.objectId;
}

/** The text's node with this objectId, or undefined. */
export function nodeById(text: MdlText, objectId: number): MdlNodeAt | undefined {
  return mdlNodes(text).find((node) => statedObjectId(node) === objectId);
}

/** Throws RangeError unless `node` is one of `text`'s node blocks (edits address nodes of the text they edit). */
export function assertOwnNode(text: MdlText, node: Pick<MdlPartAt, 'statement'>): void {
  if (!isNodeOf(text, node.statement)) throw new RangeError(`${node.statement.label} is not a node of this model`);
}

/** The `{ … },` entries of a list block, in order. */
export function listEntries(list: MdlStatement): MdlStatement[] {
  return list.children.filter((child) => child.level.kindOf(child.first) === TokenKind.OpenBrace);
}
