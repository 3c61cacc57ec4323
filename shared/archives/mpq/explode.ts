/**
 * PKWARE Data Compression Library "explode" (the MPQ `PKWARE` compression and the whole-file
 * `IMPLODE` flag). Written here: no maintained pure package decodes DCL streams. The format, as
 * Mark Adler's public description (blast) documents it: a literal-mode byte (0 raw, 1 coded), a
 * dictionary-size byte (4, 5 or 6: 1, 2 or 4 KB), then LSB-first bits where 0 starts a literal and 1
 * a copy (length code, extra bits, distance code, low distance bits); length 519 ends the stream.
 * Codes are canonical Huffman codes stored bit-inverted, given as compact (repeat, length) bytes.
 */
import { siteError, type DecodeSite } from './errors';

/** Longest code in any of the three code sets. */
const MAX_BITS = 13;
/** Length that marks the end of the stream. */
const END_LENGTH = 519;

/** Compact code lengths: low nibble the length, high nibble plus one the repeat count. */
const LITERAL_LENGTHS = [
  11, 124, 8, 7, 28, 7, 188, 13, 76, 4, 10, 8, 12, 10, 12, 10, 8, 23, 8, 9, 7, 6, 7, 8, 7, 6, 55, 8, 23, 24, 12, 11, 7,
  9, 11, 12, 6, 7, 22, 5, 7, 24, 6, 11, 9, 6, 7, 22, 7, 11, 38, 7, 9, 8, 25, 11, 8, 11, 9, 12, 8, 12, 5, 38, 5, 38, 5,
  11, 7, 5, 6, 21, 6, 10, 53, 8, 7, 24, 10, 27, 44, 253, 253, 253, 252, 252, 252, 13, 12, 45, 12, 45, 12, 61, 12, 45,
  44, 173,
];
const LENGTH_LENGTHS = [2, 35, 36, 53, 38, 23];
const DISTANCE_LENGTHS = [2, 20, 53, 230, 247, 151, 248];
/** Base copy length and extra bits of each length code. */
const LENGTH_BASE = [3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 40, 72, 136, 264];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8];

interface HuffmanCode {
  /** Codes of each length (index 0 unused). */
  counts: Int16Array;
  /** Symbols ordered by code length, then by symbol. */
  symbols: Int16Array;
}

function buildCode(compact: readonly number[], symbolCount: number): HuffmanCode {
  const lengths: number[] = [];
  for (const byte of compact) {
    const length = byte & 15;
    for (let repeat = (byte >> 4) + 1; repeat > 0; repeat -= 1) lengths.push(length);
  }
  const counts = new Int16Array(MAX_BITS + 1);
  for (let symbol = 0; symbol < symbolCount; symbol += 1) counts[lengths[symbol]!]! += 1;
  const offsets = new Int16Array(MAX_BITS + 2);
  for (let length = 1; length <= MAX_BITS; length += 1) offsets[length + 1] = offsets[length]! + counts[length]!;
  const symbols = new Int16Array(symbolCount);
  for (let symbol = 0; symbol < symbolCount; symbol += 1) {
    const length = lengths[symbol]!;
    if (length === 0) continue;
    symbols[offsets[length]!] = symbol;
    offsets[length]! += 1;
  }
  return { counts, symbols };
}

const literalCode = buildCode(LITERAL_LENGTHS, 256);
const lengthCode = buildCode(LENGTH_LENGTHS, 16);
const distanceCode = buildCode(DISTANCE_LENGTHS, 64);

class BitInput {
  position = 0;
  private buffer = 0;
  private count = 0;

  constructor(
    private readonly input: Uint8Array,
    private readonly site: DecodeSite,
  ) {}

  bits(wanted: number): number {
    while (this.count < wanted) {
      if (this.position >= this.input.length)
        throw siteError('truncated', this.site, this.position, 'PKWARE stream ends before its end code');
      this.buffer |= this.input[this.position++]! << this.count;
      this.count += 8;
    }
    const value = this.buffer & ((1 << wanted) - 1);
    this.buffer >>>= wanted;
    this.count -= wanted;
    return value;
  }

  decode(code: HuffmanCode): number {
    let value = 0;
    let first = 0;
    let index = 0;
    for (let length = 1; length <= MAX_BITS; length += 1) {
      value |= this.bits(1) ^ 1;
      const count = code.counts[length]!;
      if (value < first + count) return code.symbols[index + value - first]!;
      index += count;
      first = (first + count) << 1;
      value <<= 1;
    }
    throw siteError('invalid', this.site, this.position, 'PKWARE stream has a code no table holds');
  }
}

/** Explodes a DCL stream that must produce at most `expectedSize` bytes. */
export function explode(input: Uint8Array, expectedSize: number, site: DecodeSite): Uint8Array {
  const bits = new BitInput(input, site);
  const literalMode = bits.bits(8);
  const dictionaryBits = bits.bits(8);
  if (literalMode > 1) throw siteError('invalid', site, 0, `PKWARE literal mode ${literalMode} is neither 0 nor 1`);
  if (dictionaryBits < 4 || dictionaryBits > 6)
    throw siteError('invalid', site, 1, `PKWARE dictionary size ${dictionaryBits} is not 4, 5 or 6`);
  const out = new Uint8Array(expectedSize);
  let written = 0;
  for (;;) {
    if (bits.bits(1)) {
      const symbol = bits.decode(lengthCode);
      const length = LENGTH_BASE[symbol]! + bits.bits(LENGTH_EXTRA[symbol]!);
      if (length === END_LENGTH) break;
      const lowBits = length === 2 ? 2 : dictionaryBits;
      const distance = ((bits.decode(distanceCode) << lowBits) | bits.bits(lowBits)) + 1;
      if (distance > written)
        throw siteError('invalid', site, bits.position, `PKWARE copy reaches ${distance} bytes back, before the start`);
      if (written + length > expectedSize)
        throw siteError('limit', site, bits.position, `PKWARE stream explodes past its declared ${expectedSize} bytes`);
      for (let copied = 0; copied < length; copied += 1, written += 1) out[written] = out[written - distance]!;
    } else {
      const literal = literalMode ? bits.decode(literalCode) : bits.bits(8);
      if (written >= expectedSize)
        throw siteError('limit', site, bits.position, `PKWARE stream explodes past its declared ${expectedSize} bytes`);
      out[written++] = literal;
    }
  }
  return out.subarray(0, written);
}
