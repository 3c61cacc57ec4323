/**
 * Storm's "sparse" run-length decompression (StarCraft II's `SPARSE` compression, accepted here so
 * every archive smpq can write is read): a big-endian output size, then chunks whose byte either
 * copies (n & 0x7F) + 1 literal bytes (high bit set) or writes (n & 0x7F) + 3 zeros.
 */
import { siteError, type DecodeSite } from './errors';

/** Decompresses a sparse stream into at most `expectedSize` bytes. */
export function decompressSparse(input: Uint8Array, expectedSize: number, site: DecodeSite): Uint8Array {
  if (input.length < 5) throw siteError('truncated', site, 0, 'sparse stream is shorter than its header');
  const declared = ((input[0]! << 24) | (input[1]! << 16) | (input[2]! << 8) | input[3]!) >>> 0;
  const limit = Math.min(declared, expectedSize);
  const out = new Uint8Array(limit);
  let written = 0;
  let position = 4;
  while (position < input.length && written < limit) {
    const control = input[position++]!;
    if (control & 0x80) {
      const count = Math.min((control & 0x7f) + 1, input.length - position, limit - written);
      out.set(input.subarray(position, position + count), written);
      position += count;
      written += count;
    } else {
      written += Math.min((control & 0x7f) + 3, limit - written);
    }
  }
  return out.subarray(0, written);
}
