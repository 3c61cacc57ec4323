/**
 * zlib sectors, through fflate (MIT, pure, no dependencies): inflated into a buffer one byte larger
 * than the declared size, so a stream that inflates past it is caught without growing memory; the
 * Adler-32 trailer is checked as zlib itself checks it.
 */
import { unzlibSync } from 'fflate';
import { adler32 } from './checksums';
import { siteError, type DecodeSite } from './errors';

/** zlib header plus Adler-32 trailer. */
const ZLIB_FRAMING_BYTES = 6;

/** Inflates a zlib stream that must produce exactly `expectedSize` bytes. */
export function inflateZlib(input: Uint8Array, expectedSize: number, site: DecodeSite): Uint8Array {
  if (input.length < ZLIB_FRAMING_BYTES) throw siteError('truncated', site, 0, 'zlib stream shorter than its framing');
  const out = new Uint8Array(expectedSize + 1);
  let produced: Uint8Array;
  try {
    produced = unzlibSync(input, { out });
  } catch (error) {
    throw siteError('invalid', site, 0, `zlib stream is damaged (${(error as Error).message})`);
  }
  if (produced.length > expectedSize)
    throw siteError('limit', site, 0, `zlib stream inflates past its declared ${expectedSize} bytes`);
  const end = input.length;
  const stored = ((input[end - 4]! << 24) | (input[end - 3]! << 16) | (input[end - 2]! << 8) | input[end - 1]!) >>> 0;
  const result = produced.subarray(0, produced.length);
  if (adler32(result, 1) !== stored) throw siteError('invalid', site, end - 4, 'zlib Adler-32 does not match');
  return result;
}
