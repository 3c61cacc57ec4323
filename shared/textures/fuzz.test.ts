/**
 * Fuzz: thousands of mutated and truncated textures of every container and encoding. Each must
 * either decode (to levels of the advertised size) or throw a CodecError — never another error,
 * never hang, never allocate by an untrusted size.
 */
import { describe, expect, it } from 'vitest';
import { readOrRefuse } from '../testing/codec-error';
import { decodeTexture } from './decode-texture';
import { HANG_LIMIT_MS, HangGuard, seededRandom } from '../testing/fuzz';
import {
  dxtFriendlyImage,
  encodeBlp1Jpeg,
  encodeBlp1Paletted,
  encodeBlp2,
  encodeDds,
  encodeTga,
  levelSize,
  noiseImage,
  randomPaletted,
  smoothImage,
} from './testing/encoders';

const interesting = [
  0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 255, 256, 0x7fff, 0xffff, 0x10000, 0x7fffffff, 0xffffffff, 0xfffffff0,
];

function seeds(): { name: string; bytes: Uint8Array }[] {
  const smooth = [0, 1, 2].map((level) => smoothImage(...levelSize(16, 16, level), level));
  return [
    { name: 'a.blp', bytes: encodeBlp1Jpeg({ mips: smooth, alphaBits: 8 }) },
    {
      name: 'b.blp',
      bytes: encodeBlp1Jpeg({
        mips: smooth.slice(0, 1),
        alphaBits: 0,
        headerSplit: 'none',
        tableEntries: 5,
        hasMipmaps: true,
      }),
    },
    { name: 'c.blp', bytes: encodeBlp1Paletted(randomPaletted(8, 8, 4, 4, 1), 4) },
    {
      name: 'd.blp',
      bytes: encodeBlp2({
        kind: 'dxt',
        format: 'dxt5',
        mips: [0, 1, 2].map((level) => dxtFriendlyImage('dxt5', ...levelSize(12, 8, level), level)),
        alphaDepth: 8,
      }),
    },
    { name: 'e.blp', bytes: encodeBlp2({ kind: 'paletted', image: randomPaletted(8, 4, 2, 1, 2), alphaBits: 1 }) },
    { name: 'f.blp', bytes: encodeBlp2({ kind: 'bgra', mips: [noiseImage(4, 4, 1)], alphaDepth: 8 }) },
    { name: 'g.tga', bytes: encodeTga(noiseImage(9, 5, 2), { kind: 'truecolour', bits: 32, rle: true }) },
    {
      name: 'h.tga',
      bytes: encodeTga(dxtFriendlyImage('dxt1', 6, 6, 3), { kind: 'mapped', bits: 8, rle: true, topToBottom: true }),
    },
    {
      name: 'i.dds',
      bytes: encodeDds({
        kind: 'fourcc',
        fourCC: 'DXT1',
        mips: [0, 1, 2, 3].map((level) => dxtFriendlyImage('dxt1', ...levelSize(8, 8, level), level)),
      }),
    },
    {
      name: 'j.dds',
      bytes: encodeDds({ kind: 'masks', bits: 16, masks: [0xf800, 0x7e0, 0x1f, 0], mips: [noiseImage(5, 3, 4)] }),
    },
    { name: 'k.dds', bytes: encodeDds({ kind: 'dx10', dxgiFormat: 87, mips: [noiseImage(4, 2, 5)] }) },
  ];
}

function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const mode = Math.floor(next() * 5);
  if (mode === 0) return source.slice(0, Math.floor(next() * source.length));
  const bytes = source.slice();
  const view = new DataView(bytes.buffer);
  const edits = 1 + Math.floor(next() * 4);
  for (let edit = 0; edit < edits; edit += 1) {
    if (mode === 1) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    else if (mode === 2) {
      // A header field (sizes, flags, mip table, JPEG header size) set to an interesting value.
      const offset = 4 * Math.floor(next() * 40);
      if (offset + 4 <= bytes.length)
        view.setUint32(offset, interesting[Math.floor(next() * interesting.length)]!, true);
    } else if (mode === 3) {
      // A byte in the first 1 KiB (headers, JPEG marker segments, colour maps).
      const offset = Math.floor(next() * Math.min(1024, bytes.length));
      bytes[offset] = interesting[Math.floor(next() * interesting.length)]! & 255;
    } else {
      // A 16-bit big-endian field (JPEG segment lengths and frame sizes) anywhere.
      const offset = Math.floor(next() * (bytes.length - 2));
      if (offset >= 0) view.setUint16(offset, Math.floor(next() * 0x10000), false);
    }
  }
  return bytes;
}

describe('texture fuzz', () => {
  it('decodes or throws CodecError for 6,000 mutated and truncated textures, each quickly', () => {
    const sources = seeds();
    for (const source of sources) expect(decodeTexture(source.bytes, source.name).mips.length).toBeGreaterThan(0);
    const next = seededRandom(0x7e57);
    let decoded = 0;
    let refused = 0;
    const guard = new HangGuard(HANG_LIMIT_MS, () => performance.now());
    for (let round = 0; round < 6000; round += 1) {
      const source = sources[round % sources.length]!;
      const bytes = mutate(source.bytes, next);
      let outcome: 'read' | 'refused' = 'read';
      guard.run(round, () => {
        outcome = readOrRefuse(`round ${round} (${source.name})`, () => {
          const texture = decodeTexture(bytes, source.name);
          for (const [level, mip] of texture.mips.entries()) {
            if (
              mip.rgba.length !== mip.width * mip.height * 4 ||
              mip.width !== Math.max(1, Math.floor(texture.width / 2 ** level))
            ) {
              throw new Error(
                `round ${round}: level ${level} is ${mip.width}×${mip.height} with ${mip.rgba.length} bytes`,
              );
            }
          }
        });
      });
      if (outcome === 'read') decoded += 1;
      else refused += 1;
    }
    expect(decoded).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
    // Not a benchmark: a guard against a pathological input that hangs or allocates hugely.
    expect(guard.slowestMs, `case ${guard.slowestCase}`).toBeLessThan(HANG_LIMIT_MS);
  });
});
