/**
 * The export's edges: the stream and the one-buffer GLB agree byte for byte; a long cape's weights
 * go sparse and still validate and come back; what glTF cannot hold is refused, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { gltfValidationErrors } from '../../../tests/testing/gltf-validation';
import { CodecError } from '../../binary/codec-error';
import { createMrf } from '../../mrf/create';
import { gridMrf } from '../../mrf/testing/fixtures';
import { MAX_EXPORT_KEYFRAMES, mrfToGlb, mrfToGlbStream, SPARSE_WEIGHTS_KEYFRAMES } from './export';
import { gltfToMrf } from './import';
import { readGltf } from './read';

describe('MRF → GLB edges', () => {
  it('streams the bytes it builds in one buffer, in chunks summing to its length, head filled in last', async () => {
    const file = gridMrf({ columns: 5, rows: 4, keyframeCount: 7, frameInterval: 0.05 });
    const stream = mrfToGlbStream(file);
    expect(() => stream.head()).toThrow(/once every chunk/);
    // A chunk may be a reused buffer: copy each before asking for the next.
    const chunks: Uint8Array[] = [];
    for (const chunk of stream.chunks()) chunks.push(chunk.slice());
    const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    chunks.reduce((offset, chunk) => (joined.set(chunk, offset), offset + chunk.length), 0);
    expect(joined.length).toBe(stream.byteLength);
    // The first chunk held room for the displacements' bounds (read with the keyframes, after it was made).
    expect(new TextDecoder().decode(chunks[0]!)).toContain('"######################"');
    const head = stream.head();
    expect(head.length).toBe(chunks[0]!.length);
    joined.set(head, 0);
    const glb = mrfToGlb(file);
    expect(joined).toEqual(glb);
    expect(new TextDecoder().decode(head)).not.toContain('#');
    expect(await gltfValidationErrors(glb)).toEqual([]);
  });

  it('gives every keyframe’s displacements their exact float32 bounds, whatever the cape is named', async () => {
    const file = gridMrf({ columns: 6, rows: 3, keyframeCount: 5, frameInterval: 0.05 });
    const glb = mrfToGlb(file, { name: '"accessors":["######################"]' });
    expect(await gltfValidationErrors(glb)).toEqual([]);
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as {
      meshes: { primitives: { targets: { POSITION: number }[] }[] }[];
      accessors: { min: number[]; max: number[] }[];
    };
    const targets = json.meshes[0]!.primitives[0]!.targets;
    expect(targets).toHaveLength(5);
    targets.forEach(({ POSITION }, key) => {
      const keyframe = file.keyframes[key]!;
      const base = file.keyframes[0]!;
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let from = 0; from < keyframe.length; from += 6) {
        // glTF axes: (x, z, −y).
        const deltas = [
          Math.fround(keyframe[from]! - base[from]!),
          Math.fround(keyframe[from + 2]! - base[from + 2]!),
          Math.fround(-keyframe[from + 1]! + base[from + 1]!),
        ];
        deltas.forEach((delta, axis) => {
          min[axis] = Math.min(min[axis]!, delta);
          max[axis] = Math.max(max[axis]!, delta);
        });
      }
      expect(json.accessors[POSITION]!.min).toEqual(min);
      expect(json.accessors[POSITION]!.max).toEqual(max);
    });
  });

  it('writes a long cape’s weights sparse; the validator accepts it and it comes back', async () => {
    const keyframeCount = SPARSE_WEIGHTS_KEYFRAMES + 1;
    const file = gridMrf({ columns: 3, rows: 2, keyframeCount, frameInterval: 1 / 30 });
    const glb = mrfToGlb(file);
    expect(await gltfValidationErrors(glb)).toEqual([]);
    const back = gltfToMrf(await readGltf(glb)).mrf;
    expect(back.keyframes).toHaveLength(keyframeCount);
    for (const key of [0, 100, keyframeCount - 1]) {
      const expected = Array.from(file.keyframes[key]!);
      Array.from(back.keyframes[key]!).forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 4));
    }
  });

  it('refuses what glTF cannot hold, naming the field and its byte', () => {
    const cape = (keyframe: number[], faces = [0, 1, 2]) =>
      createMrf({
        texturePath: 'Cape',
        faces: new Uint16Array(faces),
        uvs: new Float32Array(6),
        keyframes: [new Float32Array(keyframe)],
      });
    const triangle = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1];
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof CodecError) return error.message;
        throw error;
      }
      throw new Error('expected a CodecError');
    };
    const nan = [...triangle];
    nan[10] = Number.NaN;
    expect(refusal(() => mrfToGlb(cape(nan)))).toBe(
      'MRF unsupported at keyframes[0].vertices[1] (byte 24): a normal holds NaN; glTF cannot hold it',
    );
    expect(refusal(() => mrfToGlb(cape(triangle, [0, 1, 3])))).toMatch(/faces\[2\].*vertex 3, past the 3 vertices/);
    expect(refusal(() => mrfToGlb(cape(triangle, [0, 1])))).toMatch(/2 corners is not a whole number of triangles/);
    const long = createMrf({
      texturePath: 'Cape',
      faces: new Uint16Array([0, 1, 2]),
      uvs: new Float32Array(6),
      keyframes: new Array(MAX_EXPORT_KEYFRAMES + 1).fill(new Float32Array(triangle)),
    });
    expect(refusal(() => mrfToGlbStream(long))).toMatch(
      /^MRF limit at header\.keyframeCount \(byte 4\): 4097 keyframes/,
    );
    // Huge but finite numbers are fine (their sum overflowing is no reason to refuse).
    const huge = [...triangle];
    huge[0] = 3e38;
    huge[1] = 3e38;
    expect(mrfToGlb(cape(huge)).length).toBeGreaterThan(0);
  });
});
