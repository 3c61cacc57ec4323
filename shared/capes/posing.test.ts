/**
 * The posing pieces against hand-computed cases: node hierarchies, morph targets, linear-blend
 * skinning and vertex normals.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { computeWorldMatrices, createNodeTransforms, parentsFirstOrder } from './hierarchy';
import { composeTrs } from './math';
import { applyMorphTargets } from './morph';
import { computeVertexNormals, normalizeVectors } from './normals';
import { createSkinScratch, skinVertices } from './skinning';

const H = Math.SQRT1_2;

function close(actual: ArrayLike<number>, expected: number[], digits = 6): void {
  expect(Array.from(actual)).toHaveLength(expected.length);
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, digits));
}

describe('node hierarchy', () => {
  it('orders parents before children whatever the node order', () => {
    expect(Array.from(parentsFirstOrder(new Int32Array([2, -1, 1, 0]), 'gltf'))).toEqual([1, 2, 0, 3]);
  });

  it('refuses cycles and parents out of range, naming the node', () => {
    expect(() => parentsFirstOrder(new Int32Array([1, 0]), 'gltf')).toThrow(/nodes\[\d\].*cycle/);
    expect(() => parentsFirstOrder(new Int32Array([-1, 5]), 'gltf')).toThrow(CodecError);
    expect(() => parentsFirstOrder(new Int32Array([0]), 'gltf')).toThrow(/own ancestor/);
  });

  it('composes local transforms down the hierarchy', () => {
    // Node 1 (root) moves by (1, 0, 0); node 0, its child, turns 90° about Z and moves by (0, 1, 0).
    // The child's point (1, 0, 0): turned (0, 1, 0), moved (0, 2, 0), then by the parent (1, 2, 0).
    const parents = new Int32Array([1, -1]);
    const transforms = createNodeTransforms(2);
    transforms.translations.set([0, 1, 0, 1, 0, 0]);
    transforms.rotations.set([0, 0, H, H], 0);
    const world = new Float64Array(32);
    computeWorldMatrices(parents, parentsFirstOrder(parents, 'gltf'), transforms, world);
    close([world[12]!, world[13]!, world[14]!], [1, 1, 0]);
    // Column 0 of the child's world matrix is where its x axis went, plus the origin: (1,2,0) − (1,1,0).
    close([world[0]! + world[12]!, world[1]! + world[13]!, world[2]! + world[14]!], [1, 2, 0]);
  });

  it('uses a node’s fixed matrix instead of its TRS', () => {
    const parents = new Int32Array([-1]);
    const transforms = createNodeTransforms(1);
    transforms.fixedMatrix[0] = 1;
    composeTrs([4, 5, 6], [0, 0, 0, 1], [1, 1, 1], transforms.matrices);
    transforms.translations.set([9, 9, 9]);
    const world = new Float64Array(16);
    computeWorldMatrices(parents, parentsFirstOrder(parents, 'gltf'), transforms, world);
    close([world[12]!, world[13]!, world[14]!], [4, 5, 6]);
  });
});

describe('morph targets', () => {
  it('adds each displacement by its weight and skips zero weights and absent targets', () => {
    const base = new Float32Array([1, 2, 3]);
    const out = new Float32Array(3);
    const targets = [
      new Float32Array([1, 0, 0]),
      null,
      new Float32Array([Infinity, 0, 0]),
      new Float32Array([0, 2, 4]),
    ];
    applyMorphTargets(base, targets, [0.5, 1, 0, 0.25], out);
    close(out, [1.5, 2.5, 4]);
    expect(Array.from(base)).toEqual([1, 2, 3]);
    applyMorphTargets(base, targets, [1], base);
    close(base, [2, 2, 3]);
  });
});

describe('linear-blend skinning', () => {
  const jointMatrices = new Float64Array(32);
  // Joint 0 turns 90° about Z; joint 1 moves by (0, 0, 10).
  composeTrs([0, 0, 0], [0, 0, H, H], [1, 1, 1], jointMatrices, 0);
  composeTrs([0, 0, 10], [0, 0, 0, 1], [1, 1, 1], jointMatrices, 16);
  const positions = new Float32Array([1, 0, 0, 1, 0, 0, 1, 0, 0, 7, 8, 9]);
  const normals = new Float32Array([1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0]);
  const skin = {
    joints: new Uint16Array([0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]),
    weights: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0]),
    influences: 4,
  };

  it('moves each vertex by the weighted sum of its joints’ matrices', () => {
    const outPositions = new Float32Array(12);
    const outNormals = new Float32Array(12);
    skinVertices(4, positions, normals, skin, jointMatrices, outPositions, outNormals, createSkinScratch());
    // Vertex 0 turned: (0, 1, 0); vertex 1 moved up: (1, 0, 10); vertex 2 half of each: ((0+1)/2, (1+0)/2, (0+10)/2).
    close(outPositions.subarray(0, 9), [0, 1, 0, 1, 0, 10, 0.5, 0.5, 5]);
    // A vertex with no weight stays where it is.
    close(outPositions.subarray(9), [7, 8, 9]);
    close(outNormals.subarray(0, 6), [0, 1, 0, 1, 0, 0]);
    close(outNormals.subarray(9), [0, 1, 0]);
  });

  it('turns normals by the rotation part, not the translation', () => {
    const outPositions = new Float32Array(12);
    const outNormals = new Float32Array(12);
    skinVertices(3, positions, normals, skin, jointMatrices, outPositions, outNormals, createSkinScratch());
    // Vertex 2's normal (0, 0, 1) is unchanged by the Z turn and by the move.
    normalizeVectors(outNormals, 3);
    close(outNormals.subarray(6, 9), [0, 0, 1]);
  });
});

describe('vertex normals', () => {
  it('computes area-weighted normals from counter-clockwise faces and normalises them', () => {
    // A unit square in the XY plane split in two, and one triangle standing in the XZ plane.
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 5, 0, 0, 6, 0, 0, 5, 0, 1]);
    const faces = new Uint16Array([0, 1, 2, 0, 2, 3, 4, 6, 5, 0, 1, 99]);
    const out = new Float32Array(21);
    computeVertexNormals(positions, faces, 7, out);
    close(out.subarray(0, 12), [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    close(out.subarray(12), [0, 1, 0, 0, 1, 0, 0, 1, 0]);
  });

  it('leaves a zero vector zero', () => {
    const vectors = new Float32Array([0, 0, 0, 0, 3, 4]);
    normalizeVectors(vectors);
    close(vectors, [0, 0, 0, 0, 0.6, 0.8]);
  });
});
