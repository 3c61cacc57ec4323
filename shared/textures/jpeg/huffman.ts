/**
 * Huffman tables of a baseline JPEG (ITU T.81 Annex C): built from the DHT segment's 16 code
 * counts and symbol list into a 9-bit lookahead table plus per-length limits for longer codes.
 */

/** Bits resolved by one table lookup; longer codes fall back to the per-length limits. */
export const LOOKAHEAD_BITS = 9;

/** A decoding table for one DHT class/destination. */
export interface HuffmanTable {
  /** Indexed by the next {@link LOOKAHEAD_BITS} bits: `(length << 8) | symbol`, or 0 when longer. */
  lookahead: Uint16Array;
  /** Largest code of each length 1..16 (index = length), -1 when there is none. */
  maxCode: Int32Array;
  /** For each length: index into `symbols` of the first code of that length, minus that code. */
  valueOffset: Int32Array;
  symbols: Uint8Array;
}

/**
 * Builds a table from the 16 counts (codes of length 1..16) and the symbols in code order.
 * Returns a description of the problem instead of a table when the counts describe more codes
 * than fit in their lengths.
 */
export function buildHuffmanTable(counts: Uint8Array, symbols: Uint8Array): HuffmanTable | string {
  const lookahead = new Uint16Array(1 << LOOKAHEAD_BITS);
  const maxCode = new Int32Array(18).fill(-1);
  const valueOffset = new Int32Array(18);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length += 1) {
    const count = counts[length - 1]!;
    valueOffset[length] = index - code;
    if (count > 0) {
      if (code + count > 2 ** length) return `${count} codes of length ${length} do not fit`;
      for (let n = 0; n < count; n += 1) {
        if (length <= LOOKAHEAD_BITS) {
          const shift = LOOKAHEAD_BITS - length;
          const entry = (length << 8) | symbols[index]!;
          lookahead.fill(entry, code << shift, (code + 1) << shift);
        }
        code += 1;
        index += 1;
      }
      maxCode[length] = code - 1;
    }
    code <<= 1;
  }
  return { lookahead, maxCode, valueOffset, symbols };
}
