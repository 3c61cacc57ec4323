/**
 * The compression mask byte of a compressed sector, and the decompressors it names applied in the
 * order Storm undoes them: bzip2, PKWARE, zlib, then Huffman, then ADPCM (stereo, mono), then sparse.
 * Each stage's output is bounded by the sector's declared size.
 */
import { decompressAdpcm } from './adpcm';
import { decompressBzip2 } from './bzip2';
import {
  COMPRESSION_ADPCM_MONO,
  COMPRESSION_ADPCM_STEREO,
  COMPRESSION_BZIP2,
  COMPRESSION_HUFFMAN,
  COMPRESSION_LZMA,
  COMPRESSION_PKWARE,
  COMPRESSION_SPARSE,
  COMPRESSION_ZLIB,
} from './constants';
import { siteError, type DecodeSite } from './errors';
import { explode } from './explode';
import { decompressHuffman } from './huffman';
import { decompressSparse } from './sparse';
import { inflateZlib, type Inflater } from './zlib';

type Stage = (input: Uint8Array, expectedSize: number, site: DecodeSite, inflater?: Inflater) => Uint8Array;

/** Each mask bit and its decompressor, in the order they are undone. */
const STAGES: ReadonlyArray<readonly [number, string, Stage]> = [
  [COMPRESSION_BZIP2, 'bzip2', decompressBzip2],
  [COMPRESSION_PKWARE, 'PKWARE', explode],
  [COMPRESSION_ZLIB, 'zlib', inflateZlib],
  [COMPRESSION_HUFFMAN, 'Huffman', decompressHuffman],
  [COMPRESSION_ADPCM_STEREO, 'ADPCM stereo', (input, size, site) => decompressAdpcm(input, size, 2, site)],
  [COMPRESSION_ADPCM_MONO, 'ADPCM mono', (input, size, site) => decompressAdpcm(input, size, 1, site)],
  [COMPRESSION_SPARSE, 'sparse', decompressSparse],
];

const KNOWN_BITS = STAGES.reduce((bits, [bit]) => bits | bit, 0);

/** Names of the compressions in a mask, for listings ('zlib', 'huffman+adpcm-mono', …). */
export function compressionNames(mask: number): string[] {
  if (mask === COMPRESSION_LZMA) return ['LZMA'];
  return STAGES.filter(([bit]) => mask & bit).map(([, name]) => name);
}

/**
 * Decompresses one sector stored with the mask byte first (zlib through `inflater` when given). The
 * result must be exactly `expectedSize` bytes, except that ADPCM (lossy, 16-bit samples) may end a
 * byte short, as Storm allows; the missing tail is then zero.
 */
export function decompressSector(
  stored: Uint8Array,
  expectedSize: number,
  site: DecodeSite,
  inflater?: Inflater,
): Uint8Array {
  const mask = stored[0]!;
  if (mask === COMPRESSION_LZMA) throw siteError('unsupported', site, 0, 'LZMA compression (StarCraft II only)');
  if (mask & ~KNOWN_BITS) throw siteError('unsupported', site, 0, `compression mask 0x${mask.toString(16)}`);
  let data = stored.subarray(1);
  const inner: DecodeSite = { where: site.where, offset: site.offset + 1 };
  let lossy = false;
  for (const [bit, , stage] of STAGES) {
    if (!(mask & bit)) continue;
    data = stage(data, expectedSize, inner, inflater);
    if (bit === COMPRESSION_ADPCM_MONO || bit === COMPRESSION_ADPCM_STEREO) lossy = true;
  }
  if (data.length === expectedSize) return data;
  if (lossy && data.length < expectedSize && expectedSize - data.length < 4) {
    const padded = new Uint8Array(expectedSize);
    padded.set(data);
    return padded;
  }
  throw siteError('invalid', site, 0, `sector decompresses to ${data.length} bytes, not the declared ${expectedSize}`);
}
