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
  it('streams the same bytes it builds in one buffer, in chunks summing to its length', () => {
    const file = gridMrf({ columns: 5, rows: 4, keyframeCount: 7, frameInterval: 0.05 });
    const stream = mrfToGlbStream(file);
    // A chunk may be a reused buffer: copy each before asking for the next.
    const chunks: Uint8Array[] = [];
    for (const chunk of stream.chunks()) chunks.push(chunk.slice());
    const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    chunks.reduce((offset, chunk) => (joined.set(chunk, offset), offset + chunk.length), 0);
    expect(joined.length).toBe(stream.byteLength);
    expect(joined).toEqual(mrfToGlb(file));
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
