import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { emfToMrf, loadEmfSet, type EmfSet } from './cape';
import { readEmfKeyframes, readEmfManifest, readEmfMesh, readEmfSkeleton } from './read';
import { emfDiagnostics, emfSummary } from './summary';
import { emfKeyframesBytes, emfManifestBytes, emfMeshBytes, emfSkeletonBytes, wolfSet } from './testing/emf-builder';

async function load(files: Record<string, Uint8Array>, animations?: string[]): Promise<EmfSet> {
  return loadEmfSet(
    files['wolf.emf']!,
    'wolf.emf',
    async (name) => {
      const bytes = files[name];
      if (!bytes) throw new Error(`missing ${name}`);
      return bytes;
    },
    animations,
  );
}

/** Position of `vertex` in keyframe `key` (MRF keyframes: x, y, z, nx, ny, nz per vertex). */
function at(keyframe: Float32Array, vertex: number): number[] {
  return Array.from(keyframe.subarray(vertex * 6, vertex * 6 + 6));
}

function expectClose(actual: number[], expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 5));
}

describe('EMF parts', () => {
  it('reads every part the spec describes', () => {
    const files = wolfSet();
    expect(readEmfManifest(files['wolf.emf']!)).toEqual({
      material: 'Textures\\Cape.blp',
      framerate: 30,
      animations: ['idle', 'swing'],
    });
    const mesh = readEmfMesh(files['wolf.emf.vtx']!);
    expect(mesh.triangleCount).toBe(2);
    expect(Array.from(mesh.bones)).toEqual([7, 7, 7, 9, 9, 9]);
    expect(Array.from(mesh.positions.subarray(9, 12))).toEqual([1, 0, 5]);
    expect(Array.from(mesh.uvs.subarray(2, 4))).toEqual([1, 0.25]);
    expect(readEmfMesh(files['wolf.emf.coll']!, 'coll', true).triangleCount).toBe(1);
    expect(readEmfSkeleton(files['wolf.emf.skel']!)).toEqual({ ids: [7, 9], names: ['root', 'tip'] });
    const keys = readEmfKeyframes(files['wolf.emf.anim.swing']!);
    expect(keys.count).toBe(4);
    expect(Array.from(keys.times)).toEqual([0, 30, 30, 0]);
    expect(keys.values[11]).toBeCloseTo(Math.PI / 2, 6);
  });

  it('refuses a part of the wrong type, a bad id, truncation and lying counts, naming the part and field', () => {
    const files = wolfSet();
    expect(() => readEmfMesh(files['wolf.emf.skel']!, 'wolf.emf.vtx')).toThrow(
      /EMF invalid at wolf\.emf\.vtx:iType \(byte 8\): this part holds skeleton, not vertex data/,
    );
    const bad = files['wolf.emf']!.slice();
    bad[0] = 0;
    expect(() => readEmfManifest(bad, 'wolf.emf')).toThrow(/wolf\.emf:nID \(byte 0\)/);
    const vtx = files['wolf.emf.vtx']!;
    expect(() => readEmfMesh(vtx.subarray(0, vtx.length - 3), 'wolf.emf.vtx')).toThrow(
      /EMF truncated at wolf\.emf\.vtx:nTriangles \(byte 16\): 2 × 120 bytes needs 240 bytes, 237 left/,
    );
    const lying = emfSkeletonBytes([{ id: 1, name: 'a' }], 2 ** 40);
    expect(() => readEmfSkeleton(lying, 'wolf.emf.skel')).toThrow(/truncated at wolf\.emf\.skel:nBones/);
    const huge = emfKeyframesBytes([], 2 ** 60);
    expect(() => readEmfKeyframes(huge, 'a')).toThrow(/invalid at a:nKeyframes .* too large/);
    expect(() => readEmfManifest(new Uint8Array(10), 'wolf.emf')).toThrow(/truncated at wolf\.emf:header/);
  });
});

describe('EMF → MRF', () => {
  it('bakes a bone turning 90° about Z over one second, by hand', async () => {
    const baked = emfToMrf(await load(wolfSet()), { animation: 'swing' });
    expect(baked.animation).toEqual({ index: 1, name: 'swing' });
    expect(baked.bind).toEqual({ index: 0, name: 'idle' });
    expect([baked.startSeconds, baked.endSeconds]).toEqual([0, 1]);
    expect(baked.mrf.keyframes).toHaveLength(31);
    expect(baked.mrf.header.frameInterval).toBeCloseTo(1 / 30, 7);
    expect(baked.mrf.texturePath).toBe('Textures\\Cape'); // what the engine reads of the stored path
    const [first, , last] = [baked.mrf.keyframes[0]!, 0, baked.mrf.keyframes[30]!];
    // Root's vertex (1, 0, 0), normal (1, 0, 0): still at 0 s, at (0, 1, 0) at 1 s.
    expectClose(at(first, 0), [1, 0, 0, 1, 0, 0]);
    expectClose(at(last, 0), [0, 1, 0, 0, 1, 0]);
    // Halfway (frame 15): 45°.
    const half = Math.SQRT1_2;
    expectClose(at(baked.mrf.keyframes[15]!, 0), [half, half, 0, half, half, 0]);
    // Root's vertex (0, 1, 0) → (−1, 0, 0); its normal too.
    expectClose(at(last, 1), [-1, 0, 0, -1, 0, 0]);
  });

  it('moves a vertex by M(t)·M_bind⁻¹: a translated bind pose, a translation and a turn', async () => {
    const baked = emfToMrf(await load(wolfSet()), { animation: 'swing' });
    // Tip's bind is T(0, 0, 5); at 1 s it is T(0, 0, 6)·Rz(90°): (1, 0, 5) → (1, 0, 0) → (0, 1, 6).
    const last = baked.mrf.keyframes[30]!;
    expectClose(at(last, 3), [0, 1, 6, 0, 1, 0]);
    // (0, 0, 5) sits on the bone: it only rises by 1; its normal (0, 0, 1) stays.
    expectClose(at(last, 5), [0, 0, 6, 0, 0, 1]);
    // Halfway: T(0, 0, 5.5)·Rz(45°).
    const half = Math.SQRT1_2;
    expectClose(at(baked.mrf.keyframes[15]!, 3), [half, half, 5.5, half, half, 0]);
  });

  it('flips V and carries U, sharing identical corners', async () => {
    const baked = emfToMrf(await load(wolfSet()));
    expect(Array.from(baked.mrf.uvs.subarray(0, 6))).toEqual([0, 1, 1, 0.75, 0, 0]);
    expect(Array.from(baked.mrf.faces)).toEqual([0, 1, 2, 3, 4, 5]);
    const shared = wolfSet();
    const vertex = { bone: 7, position: [0, 0, 0], normal: [0, 0, 1], uv: [0, 0] } as const;
    const corners = [vertex, { ...vertex, position: [1, 0, 0] }, { ...vertex, position: [0, 1, 0] }];
    shared['wolf.emf.vtx'] = emfMeshBytes(
      [...corners, corners[0]!, corners[2]!, { ...vertex, position: [1, 1, 0] }].map((corner) => ({
        ...corner,
        position: [...corner.position] as [number, number, number],
        normal: [...corner.normal] as [number, number, number],
        uv: [...corner.uv] as [number, number],
      })),
    );
    const sharing = emfToMrf(await load(shared));
    expect(Array.from(sharing.mrf.faces)).toEqual([0, 1, 2, 0, 2, 3]);
  });

  it('bakes at --fps over the range, holds the bind with --bind, and refuses unknown names', async () => {
    const set = await load(wolfSet());
    const slow = emfToMrf(set, { animation: 1, fps: 4 });
    expect(slow.mrf.keyframes).toHaveLength(5);
    const bound = emfToMrf(set, { animation: 'swing', bind: 'swing' });
    // Bound by swing's first keys (the same as idle's here): the same result.
    expectClose(at(bound.mrf.keyframes.at(-1)!, 3), [0, 1, 6, 0, 1, 0]);
    const idle = emfToMrf(set, { animation: 'idle' });
    expectClose(at(idle.mrf.keyframes.at(-1)!, 3), [1, 0, 5, 1, 0, 0]);
    expect(() => emfToMrf(set, { animation: 'run' })).toThrow(/--animation.*no animation "run".*"idle", "swing"/);
    expect(() => emfToMrf(set, { bind: '5' })).toThrow(CodecError);
  });

  it('refuses a vertex whose bone is not in the skeleton, naming it', async () => {
    const files = wolfSet();
    files['wolf.emf.skel'] = emfSkeletonBytes([{ id: 7, name: 'root' }]);
    const set = await load(files, ['idle']);
    expect(emfDiagnostics(set).map((finding) => finding.code)).toContain('emf.vertex-bone-missing');
    files['wolf.emf.anim.idle'] = emfKeyframesBytes([]);
    expect(() => emfToMrf(set)).toThrow(/wolf\.emf\.anim\.idle:keyframes\[1\]\.iBone.*bone 9/);
  });

  it('summarises meshes, bones and animations with frame counts and rates', async () => {
    const files = wolfSet();
    const set = await load(files);
    const summary = emfSummary(set, readEmfMesh(files['wolf.emf.coll']!, 'coll', true));
    expect(summary).toMatchObject({
      material: 'Textures\\Cape.blp',
      framerate: 30,
      mesh: { triangles: 2 },
      collision: { triangles: 1 },
      bones: [
        { id: 7, name: 'root' },
        { id: 9, name: 'tip' },
      ],
      animations: [
        { name: 'idle', keyframes: 4, frames: 31, firstFrame: 0, lastFrame: 30, framerate: 30 },
        { name: 'swing', keyframes: 4, frames: 31 },
      ],
    });
    expect(emfDiagnostics(set)).toEqual([]);
    const stopped = await load({ ...files, 'wolf.emf': emfManifestBytes('', 0, ['idle']) });
    expect(emfDiagnostics(stopped)[0]!.code).toBe('emf.framerate-zero');
    expect(() => emfToMrf(stopped)).toThrow(/nFramerate/);
  });
});
