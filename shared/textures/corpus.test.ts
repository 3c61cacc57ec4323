/**
 * The real textures in ../shared/corpus-textures (a sibling of the repository, present in CI,
 * absent in a user's clone): every file decodes — or is refused with the reason we expect — and
 * matches its trusted reference image within a tolerance suited to its encoding.
 */
import { PNG, type PNGWithMetadata } from 'pngjs';
import { expect, it } from 'vitest';
import { describeCorpus, textureCorpus } from '../../tests/testing/corpus';
import { codecError } from '../testing/codec-error';
import { decodeTexture } from './decode-texture';
import { fullMipCount } from './mip-chain';
import type { DecodedTexture } from './types';

interface Row {
  file: string;
  format: string;
  details: string;
  width: number;
  height: number;
  reference: string;
  referenceKind: string;
}

function manifest(): Row[] {
  return textureCorpus.manifest().map((cells) => ({
    file: cells['local_file'] ?? '',
    format: cells['format'] ?? '',
    details: cells['encoding_details'] ?? '',
    width: Number(cells['width']),
    height: Number(cells['height']),
    reference: cells['reference_png'] ?? '',
    referenceKind: cells['reference_kind'] ?? '',
  }));
}

/** Files we refuse, and the reason the error must give. */
const REFUSALS: Record<string, RegExp> = {
  // Malformed header and frame (Pillow only checks that it opens).
  'Tests__images__blp__blp1_jpeg2.blp': /mips\[0\]\.jpeg SOF\.size.*64512×256/,
  'BTNPanicon64.blp': /this is an MDX model, not a BLP texture/,
  'war3mapMap.blp': /BLP0 .* separate \.b00/,
  'war3mapMap.b00': /external mip level of a BLP0/,
};

/** How far each channel of ours may differ from the reference, by encoding. */
function tolerance(row: Row, texture: DecodedTexture): { below: number[]; above: number[]; why: string } {
  if (texture.encoding.startsWith('JPEG'))
    return { below: [3, 3, 3, 3], above: [3, 3, 3, 3], why: 'JPEG: a few levels of IDCT rounding' };
  if (row.referenceKind.startsWith('pillow') && row.format === 'BLP2' && /DXT/.test(texture.encoding)) {
    // Pillow's BLP plugin expands 565 colours by shifting alone (31 → 248), dropping the low bits
    // that bit replication (what GPUs and Pillow's own DDS decoder do) fills in.
    return { below: [0, 0, 0, 0], above: [7, 3, 7, 0], why: 'Pillow BLP2 DXT: low bits of the 565 expansion' };
  }
  return { below: [1, 1, 1, 1], above: [1, 1, 1, 1], why: 'lossless: ±1' };
}

/** Channels compared: alpha only when the reference has it and it is trustworthy. */
function comparedChannels(row: Row, png: PNGWithMetadata): number {
  if (!png.alpha) return 3; // RGB-only references (Pillow 2018): alpha not covered
  // Descriptor and TGA 2.0 extension say "no alpha"; War3Net's reference uses the 4th byte anyway.
  if (row.file.endsWith('rgb32rle.tga')) return 3;
  return 4;
}

function expectedLevels(row: Row): number | undefined {
  const chain = fullMipCount(row.width, row.height);
  const blp = /has_mips=(\d) mip_entries=(\d+)/.exec(row.details);
  if (blp) return blp[1] === '0' ? 1 : Math.min(Number(blp[2]), chain);
  const dds = /mipMapCount=(\d+)/.exec(row.details);
  if (dds) return Math.max(1, Math.min(Number(dds[1]), chain));
  return row.format === 'TGA' ? 1 : undefined;
}

describeCorpus(textureCorpus, 'real textures', () => {
  const rows = manifest();

  it('finds the corpus', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  for (const row of rows) {
    const name = row.file.split('/').pop()!;
    const refusal = Object.entries(REFUSALS).find(([suffix]) => name.endsWith(suffix))?.[1];
    it(`${name}: ${
      refusal ? 'is refused with a clear ' + 'reason' : row.reference ? 'matches its reference' : 'decodes every level'
    }`, () => {
      const bytes = textureCorpus.bytes(row.file);
      if (refusal) {
        const error = codecError(() => decodeTexture(bytes, name), `${name} was decoded, not refused`);
        expect(error.message).toMatch(refusal);
        expect(error.message.startsWith(`${name}: `)).toBe(true);
        return;
      }
      const texture = decodeTexture(bytes, name);
      expect([texture.width, texture.height]).toEqual([row.width, row.height]);
      expect(texture.mips).toHaveLength(expectedLevels(row)!);
      for (const [level, mip] of texture.mips.entries()) {
        expect([mip.width, mip.height]).toEqual([Math.max(1, row.width >> level), Math.max(1, row.height >> level)]);
        expect(mip.rgba.length).toBe(mip.width * mip.height * 4);
      }
      if (!row.reference) return;
      const png = PNG.sync.read(Buffer.from(textureCorpus.bytes(row.reference)));
      expect([png.width, png.height]).toEqual([row.width, row.height]);
      const limits = tolerance(row, texture);
      const channels = comparedChannels(row, png);
      const ours = texture.mips[0]!.rgba;
      const worst = [0, 0, 0, 0];
      for (let index = 0; index < ours.length; index += 4) {
        for (let channel = 0; channel < channels; channel += 1) {
          const difference = ours[index + channel]! - png.data[index + channel]!;
          if (difference > limits.above[channel]! || -difference > limits.below[channel]!) {
            throw new Error(
              `${name}: pixel ${index / 4} channel ${channel} is ${ours[index + channel]}, ` +
                `reference ${png.data[index + channel]} (${limits.why})`,
            );
          }
          worst[channel] = Math.max(worst[channel]!, Math.abs(difference));
        }
      }
      expect(worst.every((value, channel) => value <= Math.max(limits.above[channel]!, limits.below[channel]!))).toBe(
        true,
      );
    });
  }

  it('decodes the BLP (paletted) and DDS (DXT5) twins of the same icon to nearly the same pixels', () => {
    // (The TeamColor00 "twins" differ in content: the DDS is red in one column and teal elsewhere.)
    for (const [blp, dds] of [
      [
        'Retera__ReterasModelStudio/modelstudio__res__ReplaceableTextures__CommandButtons__BTNReplay-Play.blp',
        'Retera__ReterasModelStudio/matrixeater__res__ReplaceableTextures__CommandButtons__BTNReplay-Play.dds',
      ],
    ]) {
      const a = decodeTexture(textureCorpus.bytes(blp!), blp).mips[0]!;
      const b = decodeTexture(textureCorpus.bytes(dds!), dds).mips[0]!;
      expect([a.width, a.height]).toEqual([b.width, b.height]);
      let sum = 0;
      for (let index = 0; index < a.rgba.length; index += 1) sum += Math.abs(a.rgba[index]! - b.rgba[index]!);
      // DXT is lossy (about 2–3 levels on average); a channel swap or a flipped image would be ~50.
      expect(sum / a.rgba.length).toBeLessThan(6);
    }
  });
});
