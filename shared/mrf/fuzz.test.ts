/**
 * Fuzz: thousands of mutated and truncated MRF files. Each must either read (and then validate,
 * sample and write without throwing) or throw a CodecError — never another error, never hang.
 */
import { describe, expect, it } from 'vitest';
import { readOrRefuse } from '../testing/codec-error';
import { readMrf } from './read';
import { sampleMrf } from './sample';
import { assembleMrf, gridMrf } from './testing/fixtures';
import { validateMrf } from './validate';
import { writeMrf } from './write';
import { HANG_LIMIT_MS, HangGuard, seededRandom as random } from '../testing/fuzz';

const interesting = [0, 1, 3, 15, 16, 0x7fff, 0xffff, 0x10000, 0x7fffffff, 0xffffffff, 0xfffffff0];

function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const mode = Math.floor(next() * 5);
  if (mode === 0) return source.slice(0, Math.floor(next() * source.length));
  const bytes = source.slice();
  const view = new DataView(bytes.buffer);
  const edits = 1 + Math.floor(next() * 4);
  for (let edit = 0; edit < edits; edit += 1) {
    if (mode === 1) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    else if (mode === 2) {
      // A header count or offset table entry set to an interesting value.
      const slot = Math.floor(next() * Math.min(24, (bytes.length - 4) / 4));
      const offset = slot < 4 ? 4 + (slot % 3) * 4 : 64 + (slot - 4) * 4;
      if (offset + 4 <= bytes.length)
        view.setUint32(offset, interesting[Math.floor(next() * interesting.length)]!, true);
    } else if (mode === 3) {
      const offset = Math.floor(next() * (bytes.length - 4));
      if (offset >= 0) view.setFloat32(offset, [Number.NaN, Infinity, -1, 0, 1e30][Math.floor(next() * 5)]!, true);
    } else {
      const offset = 64 + 4 * Math.floor(next() * 8);
      if (offset + 4 <= bytes.length) view.setUint32(offset, Math.floor(next() * bytes.length * 1.2), true);
    }
  }
  return bytes;
}

describe('MRF fuzz', () => {
  it('reads or throws CodecError for 5,000 mutated and truncated files, each quickly', () => {
    const seeds = [
      assembleMrf(),
      assembleMrf({ base: gridMrf({ columns: 5, rows: 4, keyframeCount: 6 }), alignment: 4, textureBytes: 'X.blp' }),
      assembleMrf({ order: ['keyframes', 'texture', 'uvs', 'faces'], trailing: 7 }),
    ];
    const next = random(0x5eed);
    const positions = new Float32Array(3 * 64);
    const normals = new Float32Array(3 * 64);
    let read = 0;
    let refused = 0;
    const guard = new HangGuard(HANG_LIMIT_MS, () => performance.now());
    for (let round = 0; round < 5000; round += 1) {
      const bytes = mutate(seeds[round % seeds.length]!, next);
      const time = next() * 2;
      let outcome: 'read' | 'refused' = 'read';
      guard.run(round, () => {
        outcome = readOrRefuse(`round ${round}`, () => {
          const file = readMrf(bytes);
          validateMrf(file);
          if (file.uvs.length / 2 <= 64) sampleMrf(file, time, positions, normals);
          readMrf(writeMrf(file));
        });
      });
      if (outcome === 'read') read += 1;
      else refused += 1;
    }
    expect(read).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
    // Not a benchmark: a guard against a pathological input that hangs or allocates hugely.
    expect(guard.slowestMs, `case ${guard.slowestCase}`).toBeLessThan(HANG_LIMIT_MS);
  });
});
