/**
 * The model's nodes as line gizmos at their animated place (three-free: filled from the node world matrices the
 * animator computed, into preallocated position and colour arrays; nothing is allocated per frame).
 *
 * - `bones` (the Bones overlay): bones, helpers, attachments, lights and event objects — a cross at the node's
 *   pivot and a line to its parent's pivot (Blender draws bones between joints; MDX nodes are joints).
 * - `emitters`: particle emitters (1, 2, popcorn) and ribbon emitters, where they sit (their particles are drawn by
 *   ../particles/; popcorn's only here): a cross, a square in the node's XY plane and a line along its Z axis, all
 *   turned with the node.
 * - `collisionShapes`: boxes (their 12 edges), planes (a rectangle), spheres (three great circles) and cylinders
 *   (two rings and four sides), their stored vertices moved by the node's matrix.
 */
import type { NodeKind } from '../../../../shared/model/registry';
import type { CollisionShape } from '../../../../shared/model/kinds/collision-shape';
import { MATRIX_FLOATS, type NodeTransforms } from '../../../../shared/model/sampling/node-transforms';

/** A gizmo overlay. */
export type GizmoCategory = 'bones' | 'emitters' | 'collisionShapes';

const CATEGORY_OF: Readonly<Record<NodeKind, GizmoCategory>> = {
  bone: 'bones',
  helper: 'bones',
  attachment: 'bones',
  light: 'bones',
  eventObject: 'bones',
  particleEmitter: 'emitters',
  particleEmitter2: 'emitters',
  particleEmitterPopcorn: 'emitters',
  ribbonEmitter: 'emitters',
  collisionShape: 'collisionShapes',
};

/** Line vertices each node of a category takes. */
export const GIZMO_VERTICES: Readonly<Record<GizmoCategory, number>> = {
  bones: 8,
  emitters: 16,
  collisionShapes: 96,
};

/** Segments of a circle. */
const CIRCLE_SEGMENTS = 16;

/** Colours (red, green, blue) per node kind. */
export const GIZMO_COLORS: Readonly<Record<NodeKind, readonly [number, number, number]>> = {
  bone: [0.55, 0.75, 1],
  helper: [0.45, 0.85, 0.45],
  attachment: [1, 0.85, 0.3],
  light: [1, 1, 0.75],
  eventObject: [0.85, 0.55, 1],
  particleEmitter: [1, 0.55, 0.2],
  particleEmitter2: [1, 0.55, 0.2],
  particleEmitterPopcorn: [1, 0.55, 0.2],
  ribbonEmitter: [1, 0.35, 0.55],
  collisionShape: [0.3, 0.9, 0.9],
};

/** The node indices drawn in a category. */
export function gizmoNodes(nodes: NodeTransforms, category: GizmoCategory): Int32Array {
  const indices: number[] = [];
  nodes.nodes.forEach((entry, index) => {
    if (CATEGORY_OF[entry.kind] === category) indices.push(index);
  });
  return Int32Array.from(indices);
}

const point = new Float64Array(3);

/** `point` = the node's world matrix × (x, y, z, 1). */
function transform(world: Float32Array, node: number, x: number, y: number, z: number): void {
  const at = node * MATRIX_FLOATS;
  point[0] = world[at]! * x + world[at + 4]! * y + world[at + 8]! * z + world[at + 12]!;
  point[1] = world[at + 1]! * x + world[at + 5]! * y + world[at + 9]! * z + world[at + 13]!;
  point[2] = world[at + 2]! * x + world[at + 6]! * y + world[at + 10]! * z + world[at + 14]!;
}

/** Writes `point` at vertex `vertex`; returns the next vertex. */
function put(positions: Float32Array, vertex: number): number {
  positions[vertex * 3] = point[0]!;
  positions[vertex * 3 + 1] = point[1]!;
  positions[vertex * 3 + 2] = point[2]!;
  return vertex + 1;
}

/** A segment between two points in the node's space (moved by its matrix). */
function segment(
  world: Float32Array,
  node: number,
  positions: Float32Array,
  vertex: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
): number {
  transform(world, node, ax, ay, az);
  vertex = put(positions, vertex);
  transform(world, node, bx, by, bz);
  return put(positions, vertex);
}

/** A circle of `radius` about (cx, cy, cz) in the plane of axes `u` and `v` (0 x, 1 y, 2 z). */
function circle(
  world: Float32Array,
  node: number,
  positions: Float32Array,
  vertex: number,
  cx: number,
  cy: number,
  cz: number,
  radius: number,
  u: number,
  v: number,
): number {
  for (let step = 0; step < CIRCLE_SEGMENTS; step += 1) {
    for (let end = 0; end < 2; end += 1) {
      const angle = ((step + end) / CIRCLE_SEGMENTS) * Math.PI * 2;
      const a = Math.cos(angle) * radius;
      const b = Math.sin(angle) * radius;
      transform(
        world,
        node,
        cx + (u === 0 ? a : v === 0 ? b : 0),
        cy + (u === 1 ? a : v === 1 ? b : 0),
        cz + (u === 2 ? a : v === 2 ? b : 0),
      );
      vertex = put(positions, vertex);
    }
  }
  return vertex;
}

/** Box edges as corner pairs (bit 0 x, bit 1 y, bit 2 z). */
const BOX_EDGES = [0, 1, 1, 3, 3, 2, 2, 0, 4, 5, 5, 7, 7, 6, 6, 4, 0, 4, 1, 5, 2, 6, 3, 7];

function collisionShape(
  shape: CollisionShape,
  world: Float32Array,
  node: number,
  positions: Float32Array,
  vertex: number,
): number {
  const v = shape.vertices;
  const radius = shape.radius ?? 0;
  if (shape.type === 0 && v.length >= 6) {
    for (let edge = 0; edge < BOX_EDGES.length; edge += 1) {
      const corner = BOX_EDGES[edge]!;
      transform(world, node, corner & 1 ? v[3]! : v[0]!, corner & 2 ? v[4]! : v[1]!, corner & 4 ? v[5]! : v[2]!);
      vertex = put(positions, vertex);
    }
  } else if (shape.type === 1 && v.length >= 6) {
    vertex = segment(world, node, positions, vertex, v[0]!, v[1]!, v[2]!, v[3]!, v[1]!, v[2]!);
    vertex = segment(world, node, positions, vertex, v[3]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!);
    vertex = segment(world, node, positions, vertex, v[3]!, v[4]!, v[5]!, v[0]!, v[4]!, v[5]!);
    vertex = segment(world, node, positions, vertex, v[0]!, v[4]!, v[5]!, v[0]!, v[1]!, v[2]!);
  } else if (shape.type === 2 && v.length >= 3) {
    vertex = circle(world, node, positions, vertex, v[0]!, v[1]!, v[2]!, radius, 0, 1);
    vertex = circle(world, node, positions, vertex, v[0]!, v[1]!, v[2]!, radius, 0, 2);
    vertex = circle(world, node, positions, vertex, v[0]!, v[1]!, v[2]!, radius, 1, 2);
  } else if (shape.type === 3 && v.length >= 6) {
    // The game's cylinders stand along Z from the first vertex to the second.
    vertex = circle(world, node, positions, vertex, v[0]!, v[1]!, v[2]!, radius, 0, 1);
    vertex = circle(world, node, positions, vertex, v[3]!, v[4]!, v[5]!, radius, 0, 1);
    for (let side = 0; side < 4; side += 1) {
      const x = side === 0 ? radius : side === 1 ? -radius : 0;
      const y = side === 2 ? radius : side === 3 ? -radius : 0;
      vertex = segment(world, node, positions, vertex, v[0]! + x, v[1]! + y, v[2]!, v[3]! + x, v[4]! + y, v[5]!);
    }
  }
  return vertex;
}

/**
 * Fills the gizmo lines of `indices` (nodes of `category`) from the current world matrices: `GIZMO_VERTICES` per
 * node, unused vertices collapsed onto the node's pivot (drawing nothing). `size` is the length of a marker's arm.
 */
export function writeNodeGizmos(
  nodes: NodeTransforms,
  category: GizmoCategory,
  indices: Int32Array,
  size: number,
  positions: Float32Array,
  colors: Float32Array,
): void {
  const world = nodes.worldMatrices;
  const pivots = nodes.pivots;
  const perNode = GIZMO_VERTICES[category];
  for (let slot = 0; slot < indices.length; slot += 1) {
    const node = indices[slot]!;
    const first = slot * perNode;
    let vertex = first;
    const px = pivots[node * 3]!;
    const py = pivots[node * 3 + 1]!;
    const pz = pivots[node * 3 + 2]!;
    const entry = nodes.nodes[node]!;
    if (category === 'collisionShapes') {
      vertex = collisionShape(entry.object as CollisionShape, world, node, positions, vertex);
    } else {
      // A cross in model axes at the moved pivot.
      transform(world, node, px, py, pz);
      const cx = point[0]!;
      const cy = point[1]!;
      const cz = point[2]!;
      for (let axis = 0; axis < 3; axis += 1)
        for (let sign = -1; sign <= 1; sign += 2) {
          point[0] = cx + (axis === 0 ? sign * size : 0);
          point[1] = cy + (axis === 1 ? sign * size : 0);
          point[2] = cz + (axis === 2 ? sign * size : 0);
          vertex = put(positions, vertex);
        }
      if (category === 'bones') {
        const parent = nodes.parents[node]!;
        point[0] = cx;
        point[1] = cy;
        point[2] = cz;
        vertex = put(positions, vertex);
        if (parent >= 0)
          transform(world, parent, pivots[parent * 3]!, pivots[parent * 3 + 1]!, pivots[parent * 3 + 2]!);
        vertex = put(positions, vertex);
      } else {
        const half = size * 1.5;
        vertex = segment(world, node, positions, vertex, px - half, py - half, pz, px + half, py - half, pz);
        vertex = segment(world, node, positions, vertex, px + half, py - half, pz, px + half, py + half, pz);
        vertex = segment(world, node, positions, vertex, px + half, py + half, pz, px - half, py + half, pz);
        vertex = segment(world, node, positions, vertex, px - half, py + half, pz, px - half, py - half, pz);
        vertex = segment(world, node, positions, vertex, px, py, pz, px, py, pz + size * 3);
      }
    }
    transform(world, node, px, py, pz);
    for (; vertex < first + perNode; vertex += 1) put(positions, vertex);
    const color = GIZMO_COLORS[entry.kind];
    for (let index = first; index < first + perNode; index += 1) {
      colors[index * 3] = color[0];
      colors[index * 3 + 1] = color[1];
      colors[index * 3 + 2] = color[2];
    }
  }
}
