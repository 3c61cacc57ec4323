/**
 * Node hierarchies: local transforms (translation, rotation, scale — or a fixed matrix) composed
 * down the parent links into world matrices, parents before children.
 */
import { CodecError, type CodecFormat } from '../binary/codec-error';
import { composeTrs, MATRIX4_SIZE, multiplyMatrices } from './math';

/**
 * The nodes in an order where every parent comes before its children. `parents[i]` is node i's
 * parent index, or -1 for a root. A cycle or a parent out of range is a {@link CodecError} of
 * `format` naming `where` (`nodes[i]`).
 */
export function parentsFirstOrder(parents: Int32Array, format: CodecFormat, where = 'nodes'): Int32Array {
  const count = parents.length;
  const order = new Int32Array(count);
  // 0 unvisited, 1 on the current path, 2 placed.
  const state = new Uint8Array(count);
  const path = new Int32Array(count);
  let placed = 0;
  for (let start = 0; start < count; start += 1) {
    let depth = 0;
    let node = start;
    while (node >= 0 && state[node] === 0) {
      const parent = parents[node]!;
      if (parent < -1 || parent >= count) {
        throw new CodecError({
          format,
          kind: 'invalid',
          where: `${where}[${node}]`,
          offset: 0,
          detail: `the parent index ${parent} is not a node (${count} nodes)`,
        });
      }
      state[node] = 1;
      path[depth] = node;
      depth += 1;
      node = parent;
    }
    if (node >= 0 && state[node] === 1) {
      throw new CodecError({
        format,
        kind: 'invalid',
        where: `${where}[${node}]`,
        offset: 0,
        detail: 'the node is its own ancestor (the hierarchy has a cycle)',
      });
    }
    // The path holds the walk from `start` up to a placed node or a root: place it root side first.
    for (let index = depth - 1; index >= 0; index -= 1) {
      state[path[index]!] = 2;
      order[placed] = path[index]!;
      placed += 1;
    }
  }
  return order;
}

/**
 * Local transforms of a node hierarchy, by node: translation (3), rotation quaternion (4) and
 * scale (3) each in one flat array, or a fixed local matrix where `fixedMatrix[i]` is set.
 */
export interface NodeTransforms {
  translations: Float64Array;
  rotations: Float64Array;
  scales: Float64Array;
  /** Nodes whose local transform is a fixed matrix (glTF `node.matrix`, never animated). */
  fixedMatrix: Uint8Array;
  /** The fixed local matrices (16 per node; read only where `fixedMatrix` is set). */
  matrices: Float64Array;
}

/** Transforms for `count` nodes, all identity. */
export function createNodeTransforms(count: number): NodeTransforms {
  const rotations = new Float64Array(count * 4);
  const scales = new Float64Array(count * 3).fill(1);
  for (let node = 0; node < count; node += 1) rotations[node * 4 + 3] = 1;
  return {
    translations: new Float64Array(count * 3),
    rotations,
    scales,
    fixedMatrix: new Uint8Array(count),
    matrices: new Float64Array(count * MATRIX4_SIZE),
  };
}

/**
 * Writes every node's world matrix (16 per node) into `world`: its local matrix after its
 * parent's world matrix, visiting the nodes in `order` (from {@link parentsFirstOrder}).
 */
export function computeWorldMatrices(
  parents: Int32Array,
  order: Int32Array,
  transforms: NodeTransforms,
  world: Float64Array,
): void {
  for (let index = 0; index < order.length; index += 1) {
    const node = order[index]!;
    const at = node * MATRIX4_SIZE;
    if (transforms.fixedMatrix[node]) {
      for (let element = 0; element < MATRIX4_SIZE; element += 1)
        world[at + element] = transforms.matrices[at + element]!;
    } else {
      composeTrs(
        transforms.translations,
        transforms.rotations,
        transforms.scales,
        world,
        at,
        node * 3,
        node * 4,
        node * 3,
      );
    }
    const parent = parents[node]!;
    if (parent >= 0) multiplyMatrices(world, parent * MATRIX4_SIZE, world, at, world, at);
  }
}
