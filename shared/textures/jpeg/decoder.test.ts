import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import { codecError } from '../../testing/codec-error';
import { noiseImage, smoothImage } from '../testing/encoders';
import { decodeJpeg, type JpegComponent } from './decoder';
import { encodeJpeg, quantTable, referenceDecodeComponent, type JpegEncodeOptions } from './testing/encoder';
import { upsamplePlane } from './upsample';

function planesOf(width: number, height: number, count: number, kind: 'smooth' | 'noise' = 'smooth'): Uint8Array[] {
  const image = kind === 'smooth' ? smoothImage(width, height, 3) : noiseImage(width, height, 7);
  return Array.from({ length: count }, (_, channel) => {
    const plane = new Uint8Array(width * height);
    for (let index = 0; index < plane.length; index += 1) plane[index] = image.rgba[index * 4 + (channel % 4)]!;
    return plane;
  });
}

/** Largest absolute difference between a decoded component and expected samples. */
function maxDifference(component: JpegComponent, expected: Uint8Array, width: number, height: number): number {
  let max = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1)
      max = Math.max(max, Math.abs(component.data[y * component.stride + x]! - expected[y * width + x]!));
  }
  return max;
}

function samples(component: JpegComponent, width: number, height: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) out.push(component.data[y * component.stride + x]!);
  return out;
}

/** The CodecError `run` throws, checked for its kind (and where, when given). */
function expectCodecError(run: () => unknown, kind: CodecError['kind'], where?: RegExp): CodecError {
  const error = codecError(run);
  expect(error.kind).toBe(kind);
  if (where) expect(error.where).toMatch(where);
  return error;
}

describe('baseline JPEG decoder', () => {
  it('returns four raw components within one level of an exact inverse DCT (no colour transform)', () => {
    const width = 37;
    const height = 29;
    const encoded = encodeJpeg({ width, height, planes: planesOf(width, height, 4) });
    const image = decodeJpeg(encoded.bytes);
    expect(image.width).toBe(width);
    expect(image.height).toBe(height);
    expect(image.components.map((component) => component.id)).toEqual([1, 2, 3, 4]);
    for (const [index, component] of image.components.entries()) {
      expect(
        maxDifference(component, referenceDecodeComponent(encoded.components[index]!), width, height),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('decodes noise at quality 100 (long Huffman codes, large coefficients) within one level', () => {
    const width = 24;
    const height = 16;
    const encoded = encodeJpeg({
      width,
      height,
      planes: planesOf(width, height, 3, 'noise'),
      quantTables: [quantTable(100)],
    });
    const image = decodeJpeg(encoded.bytes);
    for (const [index, component] of image.components.entries()) {
      expect(
        maxDifference(component, referenceDecodeComponent(encoded.components[index]!), width, height),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('decodes a single greyscale component', () => {
    const encoded = encodeJpeg({ width: 9, height: 17, planes: planesOf(9, 17, 1) });
    const image = decodeJpeg(encoded.bytes);
    expect(image.components).toHaveLength(1);
    expect(
      maxDifference(image.components[0]!, referenceDecodeComponent(encoded.components[0]!), 9, 17),
    ).toBeLessThanOrEqual(1);
  });

  for (const sampling of [
    [
      [2, 2],
      [1, 1],
      [1, 1],
    ],
    [
      [2, 1],
      [1, 1],
      [2, 1],
    ],
    [
      [1, 2],
      [1, 1],
      [1, 2],
      [1, 1],
    ],
    [
      [4, 1],
      [1, 1],
      [2, 1],
    ],
  ] as [number, number][][]) {
    it(
      `upsamples subsampled components to full size ` +
        `(sampling ${sampling.map(([h, v]) => `${h}×${v}`).join(', ')})`,
      () => {
        const width = 45;
        const height = 23;
        const encoded = encodeJpeg({ width, height, planes: planesOf(width, height, sampling.length), sampling });
        const image = decodeJpeg(encoded.bytes);
        const maxH = Math.max(...sampling.map((s) => s[0]));
        const maxV = Math.max(...sampling.map((s) => s[1]));
        for (const [index, component] of image.components.entries()) {
          const reference = encoded.components[index]!;
          const plane = referenceDecodeComponent(reference);
          const [h, v] = sampling[index]!;
          const expected =
            h === maxH && v === maxV
              ? plane
              : upsamplePlane(
                  { data: plane, stride: reference.width },
                  reference.width,
                  reference.height,
                  maxH / h,
                  maxV / v,
                  width,
                  height,
                ).data;
          // Upsampling mixes neighbours, so one level of IDCT rounding stays within one level.
          expect(maxDifference(component, expected, width, height)).toBeLessThanOrEqual(1);
        }
      },
    );
  }

  it('gives identical samples with restart intervals, separate scans and 16-bit quantization tables', () => {
    const width = 40;
    const height = 24;
    const base: JpegEncodeOptions = {
      width,
      height,
      planes: planesOf(width, height, 4),
      sampling: [
        [2, 2],
        [1, 1],
        [1, 1],
        [2, 2],
      ],
    };
    const plain = decodeJpeg(encodeJpeg(base).bytes);
    const variants: Partial<JpegEncodeOptions>[] = [
      { restartInterval: 1 },
      { restartInterval: 3 },
      { separateScans: true },
      { separateScans: true, restartInterval: 2 },
      { quant16: true },
    ];
    for (const variant of variants) {
      const decoded = decodeJpeg(encodeJpeg({ ...base, ...variant }).bytes);
      for (const [index, component] of decoded.components.entries()) {
        expect(samples(component, width, height), JSON.stringify(variant)).toEqual(
          samples(plain.components[index]!, width, height),
        );
      }
    }
  });

  it('uses each component’s own quantization table', () => {
    const width = 16;
    const height = 16;
    const encoded = encodeJpeg({
      width,
      height,
      planes: planesOf(width, height, 2),
      quantTables: [quantTable(95), quantTable(30)],
      quantIndex: [0, 1],
    });
    const image = decodeJpeg(encoded.bytes);
    for (const [index, component] of image.components.entries()) {
      expect(
        maxDifference(component, referenceDecodeComponent(encoded.components[index]!), width, height),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('skips APP and COM segments', () => {
    const comment = [0xff, 0xfe, 0, 7, 0x68, 0x65, 0x6c, 0x6c, 0x6f];
    const app = [0xff, 0xe0, 0, 4, 1, 2];
    const withExtras = encodeJpeg({
      width: 8,
      height: 8,
      planes: planesOf(8, 8, 3),
      extraSegments: [Uint8Array.from(app), Uint8Array.from(comment)],
    });
    const plain = encodeJpeg({ width: 8, height: 8, planes: planesOf(8, 8, 3) });
    expect(samples(decodeJpeg(withExtras.bytes).components[2]!, 8, 8)).toEqual(
      samples(decodeJpeg(plain.bytes).components[2]!, 8, 8),
    );
  });

  it('tolerates a missing end-of-image marker', () => {
    const { bytes } = encodeJpeg({ width: 8, height: 8, planes: planesOf(8, 8, 3) });
    expect(decodeJpeg(bytes.subarray(0, bytes.length - 2)).width).toBe(8);
  });
});

describe('baseline JPEG decoder refusals', () => {
  const good = encodeJpeg({ width: 32, height: 32, planes: planesOf(32, 32, 4) }).bytes;
  const markerAt = (marker: number) => good.findIndex((byte, index) => byte === 0xff && good[index + 1] === marker);

  it('refuses data without the start-of-image marker', () => {
    expect(expectCodecError(() => decodeJpeg(Uint8Array.from([1, 2, 3])), 'invalid', /SOI/).offset).toBe(0);
  });

  it('reports scan data that ends early as truncated, with the offset', () => {
    const error = expectCodecError(() => decodeJpeg(good.subarray(0, good.length - 200)), 'truncated');
    expect(error.offset).toBeGreaterThan(markerAt(0xda));
  });

  it('refuses a frame larger than the remaining data could code, before allocating', () => {
    const bytes = good.slice(0, markerAt(0xda) + 20);
    const sof = markerAt(0xc0);
    bytes.set([0xff, 0xff, 0xff, 0xff], sof + 5); // 65535 × 65535
    expectCodecError(() => decodeJpeg(bytes), 'limit', /SOF.size/);
    bytes.set([0x10, 0x00, 0x10, 0x00], sof + 5); // 4096 × 4096 within the limits, but ~20 bytes of data
    expect(expectCodecError(() => decodeJpeg(bytes), 'truncated', /SOF.size/).detail).toMatch(
      /needs at least \d+ bytes of coded data/,
    );
  });

  it('refuses progressive, arithmetic-coded and 12-bit JPEGs as unsupported', () => {
    const progressive = good.slice();
    progressive[markerAt(0xc0) + 1] = 0xc2;
    expect(expectCodecError(() => decodeJpeg(progressive), 'unsupported').detail).toMatch(/progressive/);
    const arithmetic = good.slice();
    arithmetic[markerAt(0xc0) + 1] = 0xc9;
    expect(expectCodecError(() => decodeJpeg(arithmetic), 'unsupported').detail).toMatch(/arithmetic/);
    const twelveBit = good.slice();
    twelveBit[markerAt(0xc0) + 4] = 12;
    expectCodecError(() => decodeJpeg(twelveBit), 'unsupported', /precision/);
  });

  it('refuses a scan that names an undefined Huffman table', () => {
    const bytes = good.slice();
    const sos = markerAt(0xda);
    bytes[sos + 6] = 0x33; // first component: DC table 3, AC table 3
    expectCodecError(() => decodeJpeg(bytes), 'invalid', /dcTable/);
  });

  it('refuses a Huffman table whose counts overflow their code lengths', () => {
    const bytes = good.slice();
    const dht = markerAt(0xc4);
    bytes[dht + 5] = 3; // three 1-bit codes
    expectCodecError(() => decodeJpeg(bytes), 'invalid', /DHT/);
  });

  it('throws only CodecError for corrupted entropy-coded data', () => {
    const sos = markerAt(0xda) + 16;
    for (let seed = 1; seed < 60; seed += 1) {
      const bytes = good.slice();
      for (let edit = 0; edit < 4; edit += 1)
        bytes[sos + ((seed * 7919 + edit * 104729) % (bytes.length - sos - 2))] = (seed * 31 + edit * 17) & 255;
      try {
        decodeJpeg(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(CodecError);
      }
    }
  });
});
