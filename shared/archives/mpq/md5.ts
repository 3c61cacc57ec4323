/**
 * MD5 of a byte array (RFC 1321), for the per-file digests of `(attributes)`. Written here because
 * shared/ has no Node crypto and Web Crypto's digest is asynchronous and has no MD5.
 */

const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** floor(abs(sin(i + 1)) * 2^32) for i in 0..63. */
const SINES = Array.from({ length: 64 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0);
/** Bytes per MD5 block. */
const BLOCK_BYTES = 64;

/** The 16-byte MD5 digest of `bytes`. */
export function md5(bytes: Uint8Array): Uint8Array {
  const paddedLength = (((bytes.length + 8) >>> 6) + 1) * BLOCK_BYTES;
  const padded = new Uint8Array(paddedLength);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const bitLength = bytes.length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(paddedLength - 8, bitLength >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bitLength / 2 ** 32), true);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Uint32Array(16);
  for (let block = 0; block < paddedLength; block += BLOCK_BYTES) {
    for (let word = 0; word < 16; word += 1) words[word] = view.getUint32(block + word * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let step = 0; step < 64; step += 1) {
      let mixed: number;
      let index: number;
      const round = step >>> 4;
      if (round === 0) {
        mixed = (b & c) | (~b & d);
        index = step;
      } else if (round === 1) {
        mixed = (d & b) | (~d & c);
        index = (5 * step + 1) & 15;
      } else if (round === 2) {
        mixed = b ^ c ^ d;
        index = (3 * step + 5) & 15;
      } else {
        mixed = c ^ (b | ~d);
        index = (7 * step) & 15;
      }
      const sum = (a + mixed + SINES[step]! + words[index]!) >>> 0;
      const shift = SHIFTS[(round << 2) | (step & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  out.setUint32(0, a0, true);
  out.setUint32(4, b0, true);
  out.setUint32(8, c0, true);
  out.setUint32(12, d0, true);
  return digest;
}
