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

/**
 * A zlib inflater a host may inject (Node's native zlib is faster than any JavaScript one): inflates a
 * zlib stream, checking its Adler-32, into at most `limit` bytes, and throws when the stream is
 * damaged or would produce more.
 */
export type Inflater = (input: Uint8Array, limit: number) => Uint8Array;

/** Inflates a zlib stream of at most `expectedSize` bytes, with `inflater` when given, else fflate. */
export function inflateZlib(
  input: Uint8Array,
  expectedSize: number,
  site: DecodeSite,
  inflater?: Inflater,
): Uint8Array {
  if (input.length < ZLIB_FRAMING_BYTES) throw siteError('truncated', site, 0, 'zlib stream shorter than its framing');
  if (inflater) {
    let inflated: Uint8Array;
    try {
      inflated = inflater(input, expectedSize);
    } catch (error) {
      const detail = (error as Error).message;
      const overflow = /larger|too large|exceed|limit/i.test(detail);
      throw siteError(
        overflow ? 'limit' : 'invalid',
        site,
        0,
        overflow
          ? `zlib stream inflates past its declared ${expectedSize} bytes`
          : `zlib stream is damaged (${detail})`,
      );
    }
    if (inflated.length > expectedSize)
      throw siteError('limit', site, 0, `zlib stream inflates past its declared ${expectedSize} bytes`);
    return inflated;
  }
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
