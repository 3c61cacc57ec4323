/**
 * The real MRF files in ../shared/corpus (a sibling of the repository, present in CI, absent in
 * a user's clone): read, validate, sample and round-trip each one.
 */
import { describe, expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../tests/testing/corpus';
import { CodecError } from '../binary/codec-error';
import { hasErrors } from '../diagnostics';
import { readMrf } from './read';
import { firstDifference } from './testing/fixtures';
import { mrfTiming, sampleMrf } from './sample';
import { validateMrf } from './validate';
import { writeMrf } from './write';

/** The MRF files the corpus manifest lists (paths relative to ../shared/corpus). */
const files = corpusModels('MRF').map((row) => row.file);

describeCorpus(modelCorpus, 'real MRF files', () => {
  it('finds the corpus MRF files', () => {
    expect(files.length).toBeGreaterThanOrEqual(1);
  });

  for (const path of files) {
    describe(path.split('/').pop()!, () => {
      const bytes = modelCorpus.bytes(path);
      const file = readMrf(bytes);

      it('reads consistent counts and zero-copy keyframes', () => {
        expect(file.header.magic).toBe('Morf');
        expect(file.keyframes).toHaveLength(file.header.keyframeCount);
        expect(file.uvs.length).toBe(file.header.vertexCount * 2);
        expect(file.faces.length).toBe(file.header.cornerCount);
        expect(file.keyframes[0]!.buffer).toBe(bytes.buffer);
        expect(file.texturePath.length).toBeGreaterThan(0);
        expect(file.texturePath).not.toContain('.');
      });

      it('validates without errors', () => {
        const diagnostics = validateMrf(file);
        expect(hasErrors(diagnostics), JSON.stringify(diagnostics)).toBe(false);
      });

      it('round-trips byte for byte', () => {
        expect(firstDifference(writeMrf(file), bytes)).toBe(-1);
      });

      it('samples the first keyframe at 0, interpolates mid-way and holds the last one at the end', () => {
        const vertexCount = file.header.vertexCount;
        const positions = new Float32Array(vertexCount * 3);
        const normals = new Float32Array(vertexCount * 3);
        const first = file.keyframes[0]!;
        const last = file.keyframes[file.keyframes.length - 1]!;
        expect(sampleMrf(file, 0, positions, normals)).toBe(true);
        expect(Array.from(positions.subarray(0, 3))).toEqual(Array.from(first.subarray(0, 3)));
        const timing = mrfTiming(file);
        sampleMrf(file, timing.moveEndSeconds + 1, positions, normals);
        expect(Array.from(normals.subarray(-3))).toEqual(Array.from(last.subarray(-3)));
        sampleMrf(file, file.header.frameInterval * 1.5, positions, normals);
        const a = file.keyframes[1]![0]!;
        const b = file.keyframes[2]![0]!;
        expect(positions[0]).toBeCloseTo((a + b) / 2, 3);
      });

      it('reads or refuses with a CodecError every truncation and header mutation of it', () => {
        for (let step = 0; step < 200; step += 1) {
          const mutated = step % 2 === 0 ? bytes.slice(0, Math.floor((bytes.length * step) / 200)) : bytes.slice();
          if (step % 2 === 1)
            new DataView(mutated.buffer).setUint32(4 * (1 + (step % 40)), (step * 2654435761) >>> 0, true);
          try {
            readMrf(mutated);
          } catch (error) {
            expect(error).toBeInstanceOf(CodecError);
          }
        }
      });
    });
  }
});
