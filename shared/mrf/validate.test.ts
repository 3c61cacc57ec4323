import { describe, expect, it } from 'vitest';
import { createMrf } from './create';
import { readMrf } from './read';
import { assembleMrf, gridMrf } from './testing/fixtures';
import { MRF_DIAGNOSTIC, validateMrf } from './validate';
import { writeMrf } from './write';

const codes = (bytes: Uint8Array) => validateMrf(readMrf(bytes)).map((diagnostic) => diagnostic.code);
const find = (bytes: Uint8Array, code: string) =>
  validateMrf(readMrf(bytes)).find((diagnostic) => diagnostic.code === code);

describe('validateMrf', () => {
  it('finds nothing in a clean canonical file', () => {
    expect(validateMrf(readMrf(writeMrf(gridMrf())))).toEqual([]);
  });

  it('warns about a magic other than Morf, as the game accepts it', () => {
    const diagnostic = find(assembleMrf({ magic: 'Mxrf' }), MRF_DIAGNOSTIC.magic);
    expect(diagnostic).toMatchObject({ severity: 'warning', where: 'header.magic', offset: 0 });
    expect(validateMrf(readMrf(assembleMrf({ magic: 'Mxrf' }))).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('reports a face index at or beyond the vertex count, with its byte offset', () => {
    const base = gridMrf();
    const faces = base.faces.slice();
    faces[4] = 6;
    const bytes = assembleMrf({ faces });
    const file = readMrf(bytes);
    expect(find(bytes, MRF_DIAGNOSTIC.faceIndexOutOfRange)).toMatchObject({
      severity: 'error',
      where: 'faces[1]',
      offset: file.layout!.facesOffset + 8,
    });
  });

  it('summarises many bad face indices instead of listing each', () => {
    const faces = new Uint16Array(300).fill(999);
    const diagnostics = validateMrf(readMrf(assembleMrf({ faces }))).filter(
      (d) => d.code === MRF_DIAGNOSTIC.faceIndexOutOfRange,
    );
    expect(diagnostics).toHaveLength(9);
    expect(diagnostics[8]!.message).toMatch(/^300 face corners/);
  });

  it('reports a corner count that is not a multiple of 3', () => {
    const faces = gridMrf().faces.subarray(0, 11);
    expect(find(assembleMrf({ faces }), MRF_DIAGNOSTIC.cornerCount)).toMatchObject({
      severity: 'error',
      where: 'header.cornerCount',
    });
  });

  it('reports more vertices than uint16 faces can address', () => {
    const vertexCount = 65_537;
    const file = createMrf({
      texturePath: 'T.blp',
      faces: Uint16Array.of(0, 1, 2),
      uvs: new Float32Array(vertexCount * 2),
      keyframes: [],
    });
    expect(validateMrf(file).map((d) => d.code)).toContain(MRF_DIAGNOSTIC.tooManyVertices);
  });

  it('reports NaN and infinite values in keyframes, UVs and the header', () => {
    const base = gridMrf();
    base.keyframes[2]![7] = Number.NaN;
    base.uvs[3] = Number.POSITIVE_INFINITY;
    const bytes = assembleMrf({ base, initialTime: Number.NaN });
    const file = readMrf(bytes);
    const nonFinite = validateMrf(file).filter((d) => d.code === MRF_DIAGNOSTIC.nonFinite);
    expect(nonFinite.map((d) => d.where)).toEqual(['header.initialTime', 'uvs[1]', 'keyframes[2][1]']);
    expect(nonFinite[2]!.offset).toBe(file.layout!.keyframeOffsets[2]! + 7 * 4);
    expect(nonFinite[2]!.message).toMatch(/vertex 1's position/);
  });

  it('warns about normals far from unit length', () => {
    const base = gridMrf();
    base.keyframes[1]![4 * 6 + 4] = -0.5;
    const diagnostic = find(assembleMrf({ base }), MRF_DIAGNOSTIC.normalLength);
    expect(diagnostic).toMatchObject({ severity: 'warning', where: 'keyframes[1][4].normal' });
    expect(diagnostic!.message).toMatch(/length 0\.5000/);
  });

  it('reports overlapping chunks', () => {
    const bytes = assembleMrf();
    const layout = readMrf(bytes).layout!;
    const overlapping = assembleMrf({ offsetOverrides: { keyframes: { 1: layout.uvsOffset + 16 } } });
    const diagnostic = find(overlapping, MRF_DIAGNOSTIC.chunksOverlap);
    expect(diagnostic).toMatchObject({ severity: 'error' });
    expect(diagnostic!.message).toMatch(/keyframes\[1\].*overlaps uvs/);
  });

  it('warns about chunks that do not start on a 16-byte boundary', () => {
    const diagnostic = find(assembleMrf({ alignment: 4, textureBytes: 'Tex.blp' }), MRF_DIAGNOSTIC.chunkMisaligned);
    expect(diagnostic).toMatchObject({ severity: 'warning', where: 'faces' });
  });

  it('warns about an empty texture path and one with no terminator', () => {
    expect(find(assembleMrf({ textureBytes: '.blp' }), MRF_DIAGNOSTIC.texturePathEmpty)).toMatchObject({
      severity: 'warning',
    });
    expect(codes(assembleMrf({ textureBytes: 'ABCDEFGHIJKLMNOP' }))).toContain(MRF_DIAGNOSTIC.texturePathUnterminated);
    expect(codes(assembleMrf({ textureBytes: 'ABCDEFGHIJKLMNO.' }))).not.toContain(
      MRF_DIAGNOSTIC.texturePathUnterminated,
    );
  });

  it('reports a frame interval of 0 as an error and a negative one as a warning', () => {
    expect(find(assembleMrf({ frameInterval: 0 }), MRF_DIAGNOSTIC.frameIntervalZero)).toMatchObject({
      severity: 'error',
      offset: 16,
    });
    expect(find(assembleMrf({ frameInterval: -0.1 }), MRF_DIAGNOSTIC.frameIntervalNegative)).toMatchObject({
      severity: 'warning',
    });
  });

  it('reports a file without keyframes', () => {
    expect(find(assembleMrf({ keyframes: [] }), MRF_DIAGNOSTIC.noKeyframes)).toMatchObject({ severity: 'error' });
  });

  it('notes a nonzero first offset table entry and unused trailing bytes', () => {
    expect(find(assembleMrf({ headerEntry: 5 }), MRF_DIAGNOSTIC.headerEntryNonzero)).toMatchObject({
      severity: 'info',
    });
    expect(find(assembleMrf({ trailing: 40 }), MRF_DIAGNOSTIC.trailingBytes)).toMatchObject({ severity: 'info' });
  });

  it('reports a keyframe of the wrong size in a file built in memory, without throwing', () => {
    const file = gridMrf();
    file.keyframes[0] = new Float32Array(3);
    expect(validateMrf(file).map((d) => d.code)).toContain(MRF_DIAGNOSTIC.keyframeSize);
  });

  it('provokes every diagnostic code in this file', () => {
    const provoked = new Set<string>();
    const base = gridMrf();
    base.keyframes[0]![1] = Number.NaN;
    base.keyframes[0]![10] = 3;
    const faces = base.faces.slice(0, 11);
    faces[0] = 60;
    const bytes = [
      assembleMrf({
        base,
        magic: 'XXXX',
        faces,
        frameInterval: 0,
        headerEntry: 1,
        alignment: 4,
        textureBytes: '\0',
        trailing: 64,
      }),
      assembleMrf({ frameInterval: -1, textureBytes: 'ABCDEFGHIJKLMNOP', keyframes: [] }),
      assembleMrf({ offsetOverrides: { faces: 64 } }),
    ];
    for (const file of bytes) for (const code of codes(file)) provoked.add(code);
    const big = gridMrf();
    big.uvs = new Float32Array(65_537 * 2);
    for (const diagnostic of validateMrf(big)) provoked.add(diagnostic.code);
    expect([...provoked].sort()).toEqual(Object.values(MRF_DIAGNOSTIC).sort());
  });
});
