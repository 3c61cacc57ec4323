/**
 * bzip2 decompression (the MPQ `BZIP2` compression). Written here: the npm bzip2 decoders are
 * unmaintained or need Node's Buffer. Standard format: 'BZh' and a level, then blocks (Huffman
 * coded MTF/RLE2 symbols, Burrows-Wheeler inverse, RLE1), each with its CRC checked, then the
 * stream trailer with the combined CRC. Bits are read most significant first. Output is bounded by
 * the declared size and every table by the block size the header names.
 */
import { siteError, type DecodeSite } from './errors';

const BLOCK_MAGIC_HIGH = 0x314159;
const BLOCK_MAGIC_LOW = 0x265359;
const END_MAGIC_HIGH = 0x177245;
const END_MAGIC_LOW = 0x385090;
/** Symbols per Huffman group. */
const GROUP_SIZE = 50;
const MAX_CODE_LENGTH = 20;
const RUN_A = 0;
const RUN_B = 1;
/** Bytes per block-size step of the header's level digit. */
const BLOCK_SIZE_STEP = 100_000;

function buildCrcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index << 24;
    for (let bit = 0; bit < 8; bit += 1) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
    table[index] = value >>> 0;
  }
  return table;
}
const crcTable = buildCrcTable();

class BitReader {
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
        throw siteError('truncated', this.site, this.position, 'bzip2 stream ends early');
      this.buffer = ((this.buffer << 8) | this.input[this.position++]!) >>> 0;
      this.count += 8;
    }
    this.count -= wanted;
    return (this.buffer >>> this.count) & ((1 << wanted) - 1);
  }

  fail(detail: string): never {
    throw siteError('invalid', this.site, this.position, `bzip2 ${detail}`);
  }
}

interface Code {
  counts: Int32Array;
  symbols: Int32Array;
}

function buildCode(lengths: Uint8Array, alphabetSize: number): Code {
  const counts = new Int32Array(MAX_CODE_LENGTH + 1);
  for (let symbol = 0; symbol < alphabetSize; symbol += 1) counts[lengths[symbol]!]! += 1;
  const symbols = new Int32Array(alphabetSize);
  let at = 0;
  for (let length = 1; length <= MAX_CODE_LENGTH; length += 1)
    for (let symbol = 0; symbol < alphabetSize; symbol += 1) if (lengths[symbol] === length) symbols[at++] = symbol;
  return { counts, symbols };
}

function decodeSymbol(reader: BitReader, code: Code): number {
  let value = 0;
  let first = 0;
  let index = 0;
  for (let length = 1; length <= MAX_CODE_LENGTH; length += 1) {
    value = (value << 1) | reader.bits(1);
    const count = code.counts[length]!;
    if (value - first < count) return code.symbols[index + value - first]!;
    index += count;
    first = (first + count) << 1;
  }
  return reader.fail('stream has a code no table holds');
}

/** Decompresses a bzip2 stream that must produce at most `expectedSize` bytes. */
export function decompressBzip2(input: Uint8Array, expectedSize: number, site: DecodeSite): Uint8Array {
  const reader = new BitReader(input, site);
  if (reader.bits(8) !== 0x42 || reader.bits(8) !== 0x5a || reader.bits(8) !== 0x68)
    throw siteError('invalid', site, 0, 'bzip2 stream does not start with BZh');
  const level = reader.bits(8) - 0x30;
  if (level < 1 || level > 9) throw siteError('invalid', site, 3, 'bzip2 block size digit is not 1 to 9');
  // A block is at most 5/4 of what it decodes to (RLE1 turns 5 symbols into at least 4 bytes), so no
  // table needs to be larger than that, whatever block size the header names.
  const blockLimit = Math.min(level * BLOCK_SIZE_STEP, Math.ceil((expectedSize * 5) / 4) + 5);
  const out = new Uint8Array(expectedSize);
  let written = 0;
  let combinedCrc = 0;
  let tt: Uint32Array | null = null;
  for (;;) {
    const magicHigh = reader.bits(24);
    const magicLow = reader.bits(24);
    if (magicHigh === END_MAGIC_HIGH && magicLow === END_MAGIC_LOW) {
      const storedCombined = ((reader.bits(16) << 16) | reader.bits(16)) >>> 0;
      if (storedCombined !== combinedCrc) reader.fail('stream CRC does not match');
      return out.subarray(0, written);
    }
    if (magicHigh !== BLOCK_MAGIC_HIGH || magicLow !== BLOCK_MAGIC_LOW) reader.fail('block magic is wrong');
    const storedCrc = ((reader.bits(16) << 16) | reader.bits(16)) >>> 0;
    if (reader.bits(1)) throw siteError('unsupported', site, reader.position, 'bzip2 randomised blocks');
    tt ??= new Uint32Array(blockLimit);
    const blockLength = readBlock(reader, tt, blockLimit);
    const origin = blockLength.origin;
    let blockCrc = 0xffffffff;
    // Inverse Burrows-Wheeler transform, then the initial run-length decoding.
    let position = tt[origin]! >>> 8;
    let last = -1;
    let run = 0;
    for (let produced = 0; produced < blockLength.length; produced += 1) {
      position = tt[position]!;
      const byte = position & 0xff;
      position >>>= 8;
      if (run === 4) {
        if (written + byte > expectedSize) throw siteError('limit', site, reader.position, overflow(expectedSize));
        for (let repeat = 0; repeat < byte; repeat += 1) {
          out[written++] = last;
          blockCrc = ((blockCrc << 8) ^ crcTable[((blockCrc >>> 24) ^ last) & 0xff]!) >>> 0;
        }
        run = 0;
        last = -1;
        continue;
      }
      run = byte === last ? run + 1 : 1;
      last = byte;
      if (written >= expectedSize) throw siteError('limit', site, reader.position, overflow(expectedSize));
      out[written++] = byte;
      blockCrc = ((blockCrc << 8) ^ crcTable[((blockCrc >>> 24) ^ byte) & 0xff]!) >>> 0;
    }
    blockCrc = ~blockCrc >>> 0;
    if (blockCrc !== storedCrc) reader.fail('block CRC does not match');
    combinedCrc = (((combinedCrc << 1) | (combinedCrc >>> 31)) ^ blockCrc) >>> 0;
  }
}

function overflow(expectedSize: number): string {
  return `bzip2 stream decompresses past its declared ${expectedSize} bytes`;
}

/** Reads one block's symbols into `tt` (the byte in the low 8 bits, the BWT links above). */
function readBlock(reader: BitReader, tt: Uint32Array, blockLimit: number): { origin: number; length: number } {
  const origin = reader.bits(24);
  const usedGroups = reader.bits(16);
  const byteOfSymbol: number[] = [];
  for (let group = 0; group < 16; group += 1) {
    if (!(usedGroups & (0x8000 >>> group))) continue;
    const used = reader.bits(16);
    for (let bit = 0; bit < 16; bit += 1) if (used & (0x8000 >>> bit)) byteOfSymbol.push(group * 16 + bit);
  }
  if (byteOfSymbol.length === 0) reader.fail('block uses no byte values');
  const alphabetSize = byteOfSymbol.length + 2;
  const tableCount = reader.bits(3);
  if (tableCount < 2 || tableCount > 6) reader.fail(`block has ${tableCount} Huffman tables (2 to 6)`);
  const selectorCount = reader.bits(15);
  if (selectorCount < 1) reader.fail('block has no selectors');
  const selectors = new Uint8Array(selectorCount);
  const order = [0, 1, 2, 3, 4, 5];
  for (let index = 0; index < selectorCount; index += 1) {
    let rank = 0;
    while (reader.bits(1)) if (++rank >= tableCount) reader.fail('selector names a table that does not exist');
    const table = order[rank]!;
    order.splice(rank, 1);
    order.unshift(table);
    selectors[index] = table;
  }
  const codes: Code[] = [];
  const lengths = new Uint8Array(alphabetSize);
  for (let table = 0; table < tableCount; table += 1) {
    let length = reader.bits(5);
    for (let symbol = 0; symbol < alphabetSize; symbol += 1) {
      for (;;) {
        if (length < 1 || length > MAX_CODE_LENGTH) reader.fail('code length is out of range');
        if (!reader.bits(1)) break;
        length += reader.bits(1) ? -1 : 1;
      }
      lengths[symbol] = length;
    }
    codes.push(buildCode(lengths, alphabetSize));
  }
  const endOfBlock = alphabetSize - 1;
  const moveToFront = new Uint8Array(256);
  for (let index = 0; index < 256; index += 1) moveToFront[index] = index;
  const byteCounts = new Int32Array(256);
  let length = 0;
  let selectorIndex = -1;
  let groupLeft = 0;
  let code = codes[0]!;
  const nextSymbol = (): number => {
    if (groupLeft === 0) {
      selectorIndex += 1;
      if (selectorIndex >= selectorCount) reader.fail('block runs past its selectors');
      code = codes[selectors[selectorIndex]!]!;
      groupLeft = GROUP_SIZE;
    }
    groupLeft -= 1;
    return decodeSymbol(reader, code);
  };
  let symbol = nextSymbol();
  for (;;) {
    if (symbol === RUN_A || symbol === RUN_B) {
      let run = 0;
      let weight = 1;
      while (symbol === RUN_A || symbol === RUN_B) {
        run += weight << symbol;
        weight *= 2;
        if (run > blockLimit) reader.fail('run exceeds the block size');
        symbol = nextSymbol();
      }
      if (length + run > blockLimit) reader.fail('block exceeds its declared size');
      const byte = byteOfSymbol[moveToFront[0]!]!;
      byteCounts[byte]! += run;
      tt.fill(byte, length, length + run);
      length += run;
      continue;
    }
    if (symbol === endOfBlock) break;
    const rank = symbol - 1;
    const value = moveToFront[rank]!;
    moveToFront.copyWithin(1, 0, rank);
    moveToFront[0] = value;
    const byte = byteOfSymbol[value];
    if (byte === undefined) reader.fail('symbol names a byte value the block does not use');
    if (length >= blockLimit) reader.fail('block exceeds its declared size');
    byteCounts[byte]! += 1;
    tt[length++] = byte;
    symbol = nextSymbol();
  }
  if (origin >= length) reader.fail('block origin pointer is past the block');
  const starts = new Int32Array(256);
  for (let byte = 0, sum = 0; byte < 256; byte += 1) {
    starts[byte] = sum;
    sum += byteCounts[byte]!;
  }
  for (let index = 0; index < length; index += 1) {
    const byte = tt[index]! & 0xff;
    tt[starts[byte]!] = (tt[starts[byte]!]! | (index << 8)) >>> 0;
    starts[byte]! += 1;
  }
  return { origin, length };
}
