/**
 * Texture benchmarks: our baseline JPEG decoder (raw components, libjpeg's integer IDCT) against
 * mdx-m3-viewer's JPEG decoder on the same 512×512 four-component BLP1 level, and decoding a
 * whole BLP1 (every level) and a DXT5 BLP2.
 */
import { createRequire } from 'node:module';
import { decodeBlp } from '../../shared/textures/blp';
import { decodeJpeg } from '../../shared/textures/jpeg/decoder';
import {
  dxtFriendlyImage,
  encodeBlp1Jpeg,
  encodeBlp2,
  encodeMipJpeg,
  levelSize,
  smoothImage,
} from '../../shared/textures/testing/encoders';
import { type BenchSuite, clearsAtMost, measure } from './harness';

const SIZE = 512;

interface ViewerJpegImage {
  parse(data: Uint8Array): void;
  getData(imageData: { width: number; height: number; data: Uint8ClampedArray }): unknown;
}

/** mdx-m3-viewer's JpegImage (the pdf.js decoder), loaded only for this comparison. */
function viewerJpeg(): (new () => ViewerJpegImage) | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('mdx-m3-viewer/dist/cjs/parsers/blp/jpg.js') as { JpegImage: new () => ViewerJpegImage }).JpegImage;
  } catch {
    return null;
  }
}

export const textureBench: BenchSuite = {
  name: 'textures',
  async run(report) {
    const image = smoothImage(SIZE, SIZE, 7);
    // Noise on top of the smooth image, so the entropy-coded data is realistic rather than tiny.
    for (let index = 0; index < image.rgba.length; index += 1)
      image.rgba[index] = Math.min(255, image.rgba[index]! + ((index * 2654435761) >>> 28));
    const jpeg = encodeMipJpeg(image, 90);
    const ours = await measure(() => decodeJpeg(jpeg));
    report.row({ suite: 'textures', name: `JPEG ${SIZE}×${SIZE}×4 components, ours`, value: ours, unit: 'ms' });
    const Viewer = viewerJpeg();
    if (Viewer) {
      const theirs = await measure(() => {
        const decoder = new Viewer();
        decoder.parse(jpeg);
        decoder.getData({ width: SIZE, height: SIZE, data: new Uint8ClampedArray(SIZE * SIZE * 4) });
      });
      report.row({
        suite: 'textures',
        name: `JPEG ${SIZE}×${SIZE}×4 components, mdx-m3-viewer`,
        value: theirs,
        unit: 'ms',
      });
      const ratio = ours / theirs;
      report.row({
        suite: 'textures',
        name: 'JPEG decode time, ours ÷ mdx-m3-viewer',
        value: ratio,
        unit: '×',
        goal: '≤ 1.0×',
        met: clearsAtMost(ratio, 1),
      });
    } else {
      report.note('mdx-m3-viewer is not installed: no JPEG comparison');
    }
    const mips = Array.from({ length: 10 }, (_, level) => smoothImage(...levelSize(SIZE, SIZE, level), level));
    const blp1 = encodeBlp1Jpeg({ mips, alphaBits: 8, quality: 90 });
    report.row({
      suite: 'textures',
      name: `BLP1 JPEG ${SIZE}×${SIZE}, all 10 levels`,
      value: await measure(() => decodeBlp(blp1)),
      unit: 'ms',
    });
    const dxt = encodeBlp2({
      kind: 'dxt',
      format: 'dxt5',
      mips: mips.map((mip) => dxtFriendlyImage('dxt5', mip.width, mip.height, 1)),
      alphaDepth: 8,
    });
    report.row({
      suite: 'textures',
      name: `BLP2 DXT5 ${SIZE}×${SIZE}, all 10 levels`,
      value: await measure(() => decodeBlp(dxt)),
      unit: 'ms',
    });
  },
};
