import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/fuzz';
import { inverseDctBlock } from './idct';

const cosines = Array.from({ length: 64 }, (_, index) =>
  Math.cos(((2 * (index >> 3) + 1) * (index & 7) * Math.PI) / 16),
);
const scale = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);

function forward(block: Float64Array): Int32Array {
  const out = new Int32Array(64);
  for (let v = 0; v < 8; v += 1) {
    for (let u = 0; u < 8; u += 1) {
      let sum = 0;
      for (let y = 0; y < 8; y += 1)
        for (let x = 0; x < 8; x += 1) sum += block[y * 8 + x]! * cosines[x * 8 + u]! * cosines[y * 8 + v]!;
      out[v * 8 + u] = Math.round(0.25 * scale(u) * scale(v) * sum);
    }
  }
  return out;
}

function inverse(coefficients: Int32Array): Float64Array {
  const out = new Float64Array(64);
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      let sum = 0;
      for (let v = 0; v < 8; v += 1)
        for (let u = 0; u < 8; u += 1)
          sum += scale(u) * scale(v) * coefficients[v * 8 + u]! * cosines[x * 8 + u]! * cosines[y * 8 + v]!;
      out[y * 8 + x] = sum / 4;
    }
  }
  return out;
}

describe('integer inverse DCT', () => {
  it('meets the IEEE 1180 accuracy bounds against an exact transform (as libjpeg’s islow does)', () => {
    const next = seededRandom(1180);
    const blocks = 2000;
    const sumSquared = new Float64Array(64);
    const sumError = new Float64Array(64);
    let peak = 0;
    const samples = new Float64Array(64);
    const out = new Uint8Array(64);
    for (let block = 0; block < blocks; block += 1) {
      // Spatial samples in [-128, 127] (IEEE 1180 uses several ranges; this one keeps the level-shifted output in
      // 0..255).
      const range = block % 2 === 0 ? 128 : 5;
      for (let index = 0; index < 64; index += 1) samples[index] = Math.floor(next() * 2 * range) - range;
      const coefficients = forward(samples);
      const exact = inverse(coefficients);
      inverseDctBlock(coefficients.slice(), out, 0, 8);
      for (let index = 0; index < 64; index += 1) {
        const reference = Math.min(255, Math.max(0, Math.round(exact[index]! + 128)));
        const error = out[index]! - reference;
        peak = Math.max(peak, Math.abs(error));
        sumSquared[index] = sumSquared[index]! + error * error;
        sumError[index] = sumError[index]! + error;
      }
    }
    expect(peak).toBeLessThanOrEqual(1);
    const overallSquared = sumSquared.reduce((a, b) => a + b, 0) / (64 * blocks);
    const overallMean = Math.abs(sumError.reduce((a, b) => a + b, 0)) / (64 * blocks);
    expect(overallSquared).toBeLessThanOrEqual(0.02);
    expect(overallMean).toBeLessThanOrEqual(0.0015);
    for (let index = 0; index < 64; index += 1) {
      expect(sumSquared[index]! / blocks).toBeLessThanOrEqual(0.06);
      expect(Math.abs(sumError[index]!) / blocks).toBeLessThanOrEqual(0.015);
    }
  });

  it('writes a flat block for a DC-only input and clamps to 0..255', () => {
    const coefficients = new Int32Array(64);
    const out = new Uint8Array(8 * 10).fill(7);
    coefficients[0] = 80; // DC 80 → 80 / 8 = +10 over the level shift
    inverseDctBlock(coefficients, out, 1, 10);
    expect(out[1]).toBe(138);
    expect(out[10 * 7 + 8]).toBe(138);
    expect(out[0]).toBe(7); // outside the block: untouched
    coefficients[0] = 5000;
    inverseDctBlock(coefficients, out, 1, 10);
    expect(out[1]).toBe(255);
    coefficients[0] = -5000;
    coefficients[1] = 3;
    inverseDctBlock(coefficients, out, 1, 10);
    expect(out[1]).toBe(0);
  });
});
