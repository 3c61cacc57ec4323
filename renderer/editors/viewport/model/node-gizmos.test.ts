import { describe, expect, it } from 'vitest';
import type { TypedMdxChunk } from '../../../../shared/model/mdx-model';
import { createNodeTransforms, updateNodeTransforms } from '../../../../shared/model/sampling/node-transforms';
import { createSampleTime, setSampleTime } from '../../../../shared/model/sampling/sample-time';
import { boneModel, constantTrack } from '../../../../shared/model/sampling/testing/node-models';
import { GIZMO_VERTICES, gizmoNodes, writeNodeGizmos } from './node-gizmos';

const empty = new Uint8Array(0);

/** Two bones (the child at (0, 0, 10), moved up 5) and a box collision shape on the child. */
function model() {
  const bones = boneModel([
    { pivot: [0, 0, 0] },
    { pivot: [0, 0, 10], parent: 0, tracks: [constantTrack('KGTR', [0, 0, 5])] },
  ]);
  const shape = {
    node: { name: 'Box', objectId: 2, parentId: 1, flags: 0x2000, tracks: [], unparsedBytes: empty },
    type: 0,
    vertices: Float32Array.of(-1, -2, -3, 1, 2, 3),
    radius: null,
  };
  const chunks = [...bones.chunks, { tag: 'CLID', parsed: [shape], trailing: empty }] as TypedMdxChunk[];
  const nodes = createNodeTransforms({ chunks });
  const time = createSampleTime();
  setSampleTime(time, 0, 0, 100, 0);
  updateNodeTransforms(nodes, time, null);
  return nodes;
}

const vertex = (positions: Float32Array, index: number) => [...positions.subarray(index * 3, index * 3 + 3)];

describe('node gizmos', () => {
  it('draws a cross at each moved pivot and a line to the parent’s', () => {
    const nodes = model();
    const indices = gizmoNodes(nodes, 'bones');
    expect([...indices]).toEqual([0, 1]);
    const positions = new Float32Array(indices.length * GIZMO_VERTICES.bones * 3);
    const colors = new Float32Array(positions.length);
    writeNodeGizmos(nodes, 'bones', indices, 1, positions, colors);
    const child = GIZMO_VERTICES.bones;
    // The child's cross: ±1 along x about (0, 0, 15).
    expect(vertex(positions, child)).toEqual([-1, 0, 15]);
    expect(vertex(positions, child + 1)).toEqual([1, 0, 15]);
    // Its link: from (0, 0, 15) to the root's pivot.
    expect(vertex(positions, child + 6)).toEqual([0, 0, 15]);
    expect(vertex(positions, child + 7)).toEqual([0, 0, 0]);
    // The root has no parent: its link collapses to its pivot.
    expect(vertex(positions, 6)).toEqual(vertex(positions, 7));
    expect(colors[0]).toBeCloseTo(0.55, 6);
  });

  it('moves a collision box with its parent bone', () => {
    const nodes = model();
    const indices = gizmoNodes(nodes, 'collisionShapes');
    expect([...indices]).toEqual([2]);
    const positions = new Float32Array(GIZMO_VERTICES.collisionShapes * 3);
    writeNodeGizmos(nodes, 'collisionShapes', indices, 1, positions, new Float32Array(positions.length));
    // The first edge: corner 0 (min) to corner 1 (max x), 5 up with the child bone.
    expect(vertex(positions, 0)).toEqual([-1, -2, 2]);
    expect(vertex(positions, 1)).toEqual([1, -2, 2]);
    // 24 edge vertices; the rest collapse onto the shape's pivot.
    expect(vertex(positions, 24)).toEqual(vertex(positions, 95));
    expect(gizmoNodes(nodes, 'emitters').length).toBe(0);
  });
});
