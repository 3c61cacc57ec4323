/**
 * Baking glTF files written by an independent builder (./testing/gltf-builder.ts, straight from
 * the specification) and comparing the keyframes with positions computed by hand. MRF axes:
 * (x, y, z) = glTF (x, −z, y).
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import type { MrfFile } from '../../mrf/types';
import { gltfToMrf, type GltfImportOptions } from './import';
import { readGltf } from './read';
import { axisAngle, GltfBuilder, translationMatrix } from './testing/gltf-builder';

const R = Math.SQRT1_2;

async function bake(builder: GltfBuilder, options: GltfImportOptions = {}) {
  return gltfToMrf(await readGltf(builder.glb()), options);
}

/** Position (or normal, `offset` 3) of `vertex` in keyframe `key`. */
function vertexAt(file: MrfFile, key: number, vertex: number, offset = 0): number[] {
  return Array.from(file.keyframes[key]!.subarray(vertex * 6 + offset, vertex * 6 + offset + 3));
}

function expectClose(actual: number[], expected: number[], digits = 5): void {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, index) =>
    expect(actual[index], `component ${index} of [${actual}]`).toBeCloseTo(value, digits),
  );
}

/**
 * A triangle (0,0,0) (1,0,0) (0,1,0) with normals +Z, on a node moved by (10, 0, 0), and two morph
 * targets: target 0 lifts vertex 0 by +Z 1; target 1 moves vertex 1 by +Y 2 and tilts its normal by
 * (1, 0, −1). Animations: "linear" weights (0,0) → (1,0.5) → (0.5,1) at 0, 1, 2 s; "steps" STEP
 * (0,0) → (1,1) at 0, 1 s; "cubic" CUBICSPLINE from (0,0) at 0 s, out-tangent (1,0), to (1,1) at 2 s.
 */
function morphingTriangle(): GltfBuilder {
  const builder = new GltfBuilder();
  const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
  const normal = builder.floats('VEC3', [0, 0, 1, 0, 0, 1, 0, 0, 1]);
  const uv = builder.floats('VEC2', [0, 0, 1, 0, 0, 1]);
  const lift = builder.floats('VEC3', [0, 0, 1, 0, 0, 0, 0, 0, 0], true);
  const slide = builder.floats('VEC3', [0, 0, 0, 0, 2, 0, 0, 0, 0], true);
  const tilt = builder.floats('VEC3', [0, 0, 0, 1, 0, -1, 0, 0, 0]);
  const indices = builder.integers('SCALAR', [0, 1, 2], 'UNSIGNED_SHORT');
  const mesh = builder.add('meshes', {
    primitives: [
      {
        attributes: { POSITION: position, NORMAL: normal, TEXCOORD_0: uv },
        indices,
        targets: [{ POSITION: lift }, { POSITION: slide, NORMAL: tilt }],
      },
    ],
  });
  const node = builder.add('nodes', { mesh, translation: [10, 0, 0] });
  builder.scene([node]);
  const weightsAnimation = (name: string, interpolation: string, times: number[], values: number[]) => {
    const input = builder.floats('SCALAR', times, true);
    const output = builder.floats('SCALAR', values);
    builder.add('animations', {
      name,
      samplers: [{ input, output, interpolation }],
      channels: [{ sampler: 0, target: { node, path: 'weights' } }],
    });
  };
  weightsAnimation('linear', 'LINEAR', [0, 1, 2], [0, 0, 1, 0.5, 0.5, 1]);
  weightsAnimation('steps', 'STEP', [0, 1], [0, 0, 1, 1]);
  weightsAnimation('cubic', 'CUBICSPLINE', [0, 2], [0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0]);
  return builder;
}

describe('baking morph targets', () => {
  it('bakes LINEAR mixed weights at 1/fps over the first animation’s keys', async () => {
    const { mrf, animation, startSeconds, endSeconds } = await bake(morphingTriangle(), { fps: 4 });
    expect(animation).toEqual({ index: 0, name: 'linear' });
    expect([startSeconds, endSeconds]).toEqual([0, 2]);
    expect(mrf.keyframes).toHaveLength(9);
    expect(mrf.header.frameInterval).toBe(0.25);
    // t = 0: the base, moved by the node: glTF (10,0,0) (11,0,0) (10,1,0) → MRF (10,0,0) (11,0,0) (10,0,1).
    expectClose(vertexAt(mrf, 0, 0), [10, 0, 0]);
    expectClose(vertexAt(mrf, 0, 2), [10, 0, 1]);
    expectClose(vertexAt(mrf, 0, 0, 3), [0, -1, 0]);
    // t = 0.5: weights (0.5, 0.25). Vertex 0 lifted 0.5 along glTF +Z → MRF −Y; vertex 1 slid 0.5 along
    // glTF +Y → MRF +Z; its normal (0,0,1) + 0.25·(1,0,−1) = (0.25, 0, 0.75), normalised, in MRF axes.
    expectClose(vertexAt(mrf, 2, 0), [10, -0.5, 0]);
    expectClose(vertexAt(mrf, 2, 1), [11, 0, 0.5]);
    const length = Math.hypot(0.25, 0.75);
    expectClose(vertexAt(mrf, 2, 1, 3), [0.25 / length, -0.75 / length, 0]);
    // t = 1.5: weights (0.75, 0.75).
    expectClose(vertexAt(mrf, 6, 0), [10, -0.75, 0]);
    expectClose(vertexAt(mrf, 6, 1), [11, 0, 1.5]);
    // The topology and UVs pass through.
    expect(Array.from(mrf.faces)).toEqual([0, 1, 2]);
    expect(Array.from(mrf.uvs)).toEqual([0, 0, 1, 0, 0, 1]);
  });

  it('bakes STEP weights chosen by name', async () => {
    const { mrf } = await bake(morphingTriangle(), { animation: 'steps', fps: 2 });
    expect(mrf.keyframes).toHaveLength(3);
    expectClose(vertexAt(mrf, 1, 0), [10, 0, 0]);
    expectClose(vertexAt(mrf, 2, 0), [10, -1, 0]);
    expectClose(vertexAt(mrf, 2, 1), [11, 0, 2]);
  });

  it('bakes CUBICSPLINE weights chosen by index, tangents scaled by the key span', async () => {
    // At 1 s (s = ½ of a 2 s span): w0 = ½·0 + 2·(⅛ − ½ + ½)·1 + ½·1 + 2·(⅛ − ¼)·0 = 0.75; w1 = ½·1 = 0.5.
    const { mrf } = await bake(morphingTriangle(), { animation: '2', fps: 1 });
    expect(mrf.keyframes).toHaveLength(3);
    expectClose(vertexAt(mrf, 1, 0), [10, -0.75, 0]);
    expectClose(vertexAt(mrf, 1, 1), [11, 0, 1]);
  });

  it('takes a range, a scale and a texture path, and ends on the range’s exact end off the grid', async () => {
    const { mrf } = await bake(morphingTriangle(), {
      fps: 3,
      startSeconds: 0.5,
      endSeconds: 1.5,
      scale: 2,
      texturePath: 'Textures\\Cape.blp',
    });
    // 0.5, 0.8333, 1.1667 and the exact end 1.5.
    expect(mrf.keyframes).toHaveLength(4);
    expectClose(vertexAt(mrf, 0, 0), [20, -1, 0]);
    expectClose(vertexAt(mrf, 3, 1), [22, 0, 3]);
    expect(mrf.texturePath).toBe('Textures\\Cape');
  });

  it('refuses an animation the file does not have, listing the ones it has', async () => {
    await expect(bake(morphingTriangle(), { animation: 'wave' })).rejects.toThrow(
      /no animation "wave"; the file has 0: linear, 1: steps, 2: cubic/,
    );
  });
});

/**
 * Two joints: "root" at the origin turning 0° → 90° about glTF Y over 1 s; "tip", its child, at
 * (0, 2, 0) sliding to (0, 3, 0). Inverse bind matrices: identity and a move by (0, −2, 0). The
 * mesh node sits at (100, 0, 0), which skinning ignores. Vertices (1,0,0) on root, (1,2,0) on
 * tip, (1,1,0) half on each, normals +X. With R the turn by θ = 90°·t and the tip's slide t:
 * root·IBM = R, tip·IBM = R·T(0, t, 0), so a → R(1,0,0), b → R(1,2+t,0), c → R(1,1+t/2,0).
 */
function skinnedTriangle(): GltfBuilder {
  const builder = new GltfBuilder();
  const position = builder.floats('VEC3', [1, 0, 0, 1, 2, 0, 1, 1, 0], true);
  const normal = builder.floats('VEC3', [1, 0, 0, 1, 0, 0, 1, 0, 0]);
  const joints = builder.integers('VEC4', [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0], 'UNSIGNED_BYTE');
  const weights = builder.floats('VEC4', [1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0]);
  const mesh = builder.add('meshes', {
    primitives: [{ attributes: { POSITION: position, NORMAL: normal, JOINTS_0: joints, WEIGHTS_0: weights } }],
  });
  const tip = builder.add('nodes', { name: 'tip', translation: [0, 2, 0] });
  const root = builder.add('nodes', { name: 'root', children: [tip] });
  const inverseBind = builder.floats('MAT4', [...translationMatrix(0, 0, 0), ...translationMatrix(0, -2, 0)]);
  const skin = builder.add('skins', { joints: [root, tip], inverseBindMatrices: inverseBind });
  const skinned = builder.add('nodes', { mesh, skin, translation: [100, 0, 0] });
  builder.scene([root, skinned]);
  const times = builder.floats('SCALAR', [0, 1], true);
  const turn = builder.floats('VEC4', [...axisAngle(0, 1, 0, 0), ...axisAngle(0, 1, 0, 90)]);
  const slide = builder.floats('VEC3', [0, 2, 0, 0, 3, 0]);
  builder.add('animations', {
    name: 'swing',
    samplers: [
      { input: times, output: turn },
      { input: times, output: slide },
    ],
    channels: [
      { sampler: 0, target: { node: root, path: 'rotation' } },
      { sampler: 1, target: { node: tip, path: 'translation' } },
    ],
  });
  return builder;
}

/** The hand-computed MRF position of the skinned vertices at `t`: glTF R(x, y, 0) → MRF (x, −z, y). */
function skinnedExpected(t: number): number[][] {
  const angle = (Math.PI / 2) * t;
  const turned = (y: number) => [Math.cos(angle), Math.sin(angle), y];
  return [turned(0), turned(2 + t), turned(1 + t / 2)];
}

describe('baking a skinned mesh', () => {
  it('moves each vertex by its joints’ matrices (slerp, child translation), not by the mesh node', async () => {
    const { mrf } = await bake(skinnedTriangle(), { fps: 4 });
    expect(mrf.keyframes).toHaveLength(5);
    for (const [key, t] of [
      [0, 0],
      [2, 0.5],
      [4, 1],
    ] as const) {
      const expected = skinnedExpected(t);
      for (let vertex = 0; vertex < 3; vertex += 1) expectClose(vertexAt(mrf, key, vertex), expected[vertex]!);
    }
    // Normals turn with the joints: glTF R(1,0,0) → MRF (cos θ, sin θ, 0).
    expectClose(vertexAt(mrf, 2, 2, 3), [R, R, 0]);
    // No faces in the file: the three vertices in order.
    expect(Array.from(mrf.faces)).toEqual([0, 1, 2]);
  });

  it('puts the last keyframe at the range’s exact end when it is off the grid', async () => {
    const { mrf, endSeconds } = await bake(skinnedTriangle(), { fps: 3, endSeconds: 0.9 });
    expect(endSeconds).toBe(0.9);
    expect(mrf.keyframes).toHaveLength(4);
    const expected = skinnedExpected(0.9);
    for (let vertex = 0; vertex < 3; vertex += 1) expectClose(vertexAt(mrf, 3, vertex), expected[vertex]!);
  });
});

describe('baking node transforms', () => {
  it('follows the hierarchy (animated parent, turned child) and computes normals from the faces', async () => {
    const builder = new GltfBuilder();
    const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
    const mesh = builder.add('meshes', { primitives: [{ attributes: { POSITION: position } }] });
    const child = builder.add('nodes', { mesh, rotation: axisAngle(1, 0, 0, 90) });
    const parent = builder.add('nodes', { children: [child] });
    builder.scene([parent]);
    const input = builder.floats('SCALAR', [0, 2], true);
    const output = builder.floats('VEC3', [0, 0, 0, 0, 0, 4]);
    builder.add('animations', {
      samplers: [{ input, output }],
      channels: [{ sampler: 0, target: { node: parent, path: 'translation' } }],
    });
    const { mrf, warnings } = await bake(builder, { fps: 1 });
    expect(mrf.keyframes).toHaveLength(3);
    // At 1 s: the child turns (0,1,0) to glTF (0,0,1); the parent adds (0,0,2): glTF (0,0,2) (1,0,2) (0,0,3)
    // → MRF (0,−2,0) (1,−2,0) (0,−3,0). The face's normal, glTF −Y, is MRF −Z.
    expectClose(vertexAt(mrf, 1, 0), [0, -2, 0]);
    expectClose(vertexAt(mrf, 1, 1), [1, -2, 0]);
    expectClose(vertexAt(mrf, 1, 2), [0, -3, 0]);
    for (let vertex = 0; vertex < 3; vertex += 1) expectClose(vertexAt(mrf, 1, vertex, 3), [0, 0, -1]);
    expect(warnings.join('\n')).toMatch(/no TEXCOORD_0/);
    expect(warnings.join('\n')).toMatch(/no texture path: pass --texture/);
  });

  it('merges several primitives and meshes into one vertex list, offsetting the faces', async () => {
    const builder = new GltfBuilder();
    const a = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
    const b = builder.floats('VEC3', [5, 0, 0, 6, 0, 0, 5, 1, 0, 6, 1, 0], true);
    const strip = builder.integers('SCALAR', [0, 1, 2, 3], 'UNSIGNED_BYTE');
    const first = builder.add('meshes', {
      primitives: [{ attributes: { POSITION: a } }, { attributes: { POSITION: b }, indices: strip, mode: 5 }],
    });
    const second = builder.add('meshes', { primitives: [{ attributes: { POSITION: a } }] });
    const nodes = [
      builder.add('nodes', { mesh: first }),
      builder.add('nodes', { mesh: second, translation: [0, 0, -7] }),
    ];
    builder.scene(nodes);
    const input = builder.floats('SCALAR', [0, 1], true);
    const output = builder.floats('VEC3', [0, 0, 0, 0, 0, 0]);
    builder.add('animations', {
      samplers: [{ input, output }],
      channels: [{ sampler: 0, target: { node: 0, path: 'translation' } }],
    });
    const { mrf } = await bake(builder);
    expect(mrf.uvs.length / 2).toBe(10);
    // The strip's triangles (0,1,2) and (2,1,3), each shifted by 3; the second mesh's by 7.
    expect(Array.from(mrf.faces)).toEqual([0, 1, 2, 3, 4, 5, 5, 4, 6, 7, 8, 9]);
    // The second mesh's node is at glTF z −7: MRF y +7.
    expectClose(vertexAt(mrf, 0, 7), [0, 7, 0]);
  });
});

describe('what a cape cannot be made of', () => {
  it('refuses a file without animation, saying what to do', async () => {
    const builder = new GltfBuilder();
    const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
    builder.scene([
      builder.add('nodes', { mesh: builder.add('meshes', { primitives: [{ attributes: { POSITION: position } }] }) }),
    ]);
    await expect(bake(builder)).rejects.toThrow(/GLTF unsupported at animations .*no animation: animate the cape/);
  });

  it('refuses more than 65,536 vertices, naming the meshes', async () => {
    const builder = new GltfBuilder();
    const position = builder.floats('VEC3', new Array<number>(65_538 * 3).fill(0), true);
    const mesh = builder.add('meshes', { name: 'Cloak', primitives: [{ attributes: { POSITION: position } }] });
    builder.scene([builder.add('nodes', { mesh })]);
    const error = await bake(withStillAnimation(builder)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CodecError);
    expect((error as CodecError).kind).toBe('limit');
    expect((error as CodecError).message).toMatch(/65538 vertices \(Cloak 65538\).*at most 65536.*decimate/);
  });

  it('refuses a mesh with two textures, naming them', async () => {
    const builder = new GltfBuilder();
    const pixel = builder.view(new Uint8Array([1, 2, 3, 4]));
    const images = ['left.png', 'right.png'].map((name) =>
      builder.add('images', { name, bufferView: pixel, mimeType: 'image/png' }),
    );
    const materials = images.map((source) =>
      builder.add('materials', {
        pbrMetallicRoughness: { baseColorTexture: { index: builder.add('textures', { source }) } },
      }),
    );
    const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
    const mesh = builder.add('meshes', {
      primitives: materials.map((material) => ({ attributes: { POSITION: position }, material })),
    });
    builder.scene([builder.add('nodes', { mesh })]);
    await expect(bake(withStillAnimation(builder))).rejects.toThrow(
      /2 textures \(left.png, right.png\); a cape has one/,
    );
  });
});

/** Adds a one-key animation so that only the mesh is in question. */
function withStillAnimation(builder: GltfBuilder): GltfBuilder {
  const input = builder.floats('SCALAR', [0], true);
  const output = builder.floats('VEC3', [0, 0, 0]);
  builder.add('animations', {
    samplers: [{ input, output }],
    channels: [{ sampler: 0, target: { node: 0, path: 'translation' } }],
  });
  return builder;
}
