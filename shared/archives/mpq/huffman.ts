/**
 * Storm's adaptive Huffman decompression (the MPQ `HUFFMAN` compression, used with ADPCM for WAV
 * sectors). Written here: no package implements it. The tree is the one Storm builds: items kept
 * in a list sorted by weight, seeded from one of nine byte-weight tables chosen by the stream's
 * first byte; symbol 0x100 ends the stream, 0x101 brings in a new byte (8 raw bits) as a new
 * branch; weights are incremented and the list rebalanced as Storm does, so both sides keep the
 * same tree. Bits are read least significant first. Arrays of indices stand in for Storm's pointers.
 */
import { siteError, type DecodeSite } from './errors';
import { HUFFMAN_WEIGHT_TABLES } from './huffman-weights';

/** Symbol that ends the stream. */
const END_OF_STREAM = 0x100;
/** Symbol followed by 8 raw bits: a byte not yet in the tree. */
const NEW_BYTE = 0x101;
/** Items Storm's tree can hold: 258 leaves and their 257 parents. */
const MAX_ITEMS = 0x203;
/** "No item". */
const NONE = -1;
/** The list head sentinel's index. */
const HEAD = 0;

class HuffmanTree {
  private readonly next = new Int32Array(MAX_ITEMS + 1);
  private readonly previous = new Int32Array(MAX_ITEMS + 1);
  private readonly parent = new Int32Array(MAX_ITEMS + 1);
  private readonly childLow = new Int32Array(MAX_ITEMS + 1);
  private readonly weight = new Uint32Array(MAX_ITEMS + 1);
  readonly value = new Int32Array(MAX_ITEMS + 1);
  readonly itemOfByte = new Int32Array(0x102).fill(NONE);
  private used = 1;

  constructor(private readonly site: DecodeSite) {
    this.next.fill(NONE);
    this.previous.fill(NONE);
    this.next[HEAD] = HEAD;
    this.previous[HEAD] = HEAD;
  }

  get first(): number {
    return this.next[HEAD]!;
  }

  get last(): number {
    return this.previous[HEAD]!;
  }

  childOf(item: number): number {
    return this.childLow[item]!;
  }

  higherChildOf(item: number): number {
    return this.previous[this.childLow[item]!]!;
  }

  private unlink(item: number): void {
    if (this.next[item] === NONE) return;
    this.next[this.previous[item]!] = this.next[item]!;
    this.previous[this.next[item]!] = this.previous[item]!;
    this.next[item] = NONE;
    this.previous[item] = NONE;
  }

  private linkAfter(anchor: number, item: number): void {
    const after = this.next[anchor]!;
    this.next[item] = after;
    this.previous[item] = this.previous[after]!;
    this.previous[after] = item;
    this.next[anchor] = item;
  }

  private linkBefore(anchor: number, item: number): void {
    this.next[item] = anchor;
    this.previous[item] = this.previous[anchor]!;
    this.next[this.previous[anchor]!] = item;
    this.previous[anchor] = item;
  }

  private create(value: number, weight: number, atFront: boolean): number {
    if (this.used > MAX_ITEMS) throw siteError('invalid', this.site, 0, 'Huffman stream grows its tree too far');
    const item = this.used++;
    if (atFront) this.linkAfter(HEAD, item);
    else this.linkBefore(HEAD, item);
    this.value[item] = value;
    this.weight[item] = weight;
    this.parent[item] = NONE;
    this.childLow[item] = NONE;
    return item;
  }

  private higherOrEqual(start: number, weight: number): number {
    for (let item = start; item !== HEAD && item !== NONE; item = this.previous[item]!)
      if (this.weight[item]! >= weight) return item;
    return HEAD;
  }

  private placeByWeight(item: number, maxWeight: number): number {
    if (this.weight[item]! >= maxWeight) return this.weight[item]!;
    const higher = this.higherOrEqual(this.last, this.weight[item]!);
    this.unlink(item);
    this.linkAfter(higher, item);
    return maxWeight;
  }

  build(weights: Uint8Array): void {
    let maxWeight = 0;
    for (let byte = 0; byte < 0x100; byte += 1) {
      if (weights[byte] === 0) continue;
      const item = this.create(byte, weights[byte]!, true);
      this.itemOfByte[byte] = item;
      maxWeight = this.placeByWeight(item, maxWeight);
    }
    this.itemOfByte[END_OF_STREAM] = this.create(END_OF_STREAM, 1, false);
    this.itemOfByte[NEW_BYTE] = this.create(NEW_BYTE, 1, false);
    for (let low = this.last; low !== HEAD;) {
      const high = this.previous[low]!;
      if (high === HEAD) break;
      const parent = this.create(0, this.weight[high]! + this.weight[low]!, true);
      this.parent[low] = parent;
      this.parent[high] = parent;
      this.childLow[parent] = low;
      maxWeight = this.placeByWeight(parent, maxWeight);
      low = this.previous[high]!;
    }
  }

  increment(start: number): void {
    for (let item = start; item !== NONE; item = this.parent[item]!) {
      this.weight[item] = this.weight[item]! + 1;
      const higher = this.higherOrEqual(this.previous[item]!, this.weight[item]!);
      const swapped = this.next[higher]!;
      if (swapped === item) continue;
      const swappedParent = this.parent[swapped]!;
      const itemParent = this.parent[item]!;
      if (swappedParent === NONE || itemParent === NONE)
        throw siteError('invalid', this.site, 0, 'Huffman stream unbalances its tree');
      this.unlink(swapped);
      this.linkAfter(item, swapped);
      this.unlink(item);
      this.linkAfter(higher, item);
      const swappedSibling = this.childLow[swappedParent]!;
      if (this.childLow[itemParent] === item) this.childLow[itemParent] = swapped;
      if (swappedSibling === swapped) this.childLow[swappedParent] = item;
      this.parent[item] = swappedParent;
      this.parent[swapped] = itemParent;
    }
  }

  insertBranch(oldValue: number, newValue: number): void {
    const last = this.last;
    const high = this.create(oldValue, this.weight[last]!, false);
    this.parent[high] = last;
    this.itemOfByte[oldValue] = high;
    const low = this.create(newValue, 0, false);
    this.parent[low] = last;
    this.childLow[last] = low;
    this.itemOfByte[newValue] = low;
    this.increment(low);
  }
}

/** Decompresses a Storm Huffman stream into at most `expectedSize` bytes. */
export function decompressHuffman(input: Uint8Array, expectedSize: number, site: DecodeSite): Uint8Array {
  const out = new Uint8Array(expectedSize);
  if (expectedSize === 0) return out;
  if (input.length === 0) throw siteError('truncated', site, 0, 'Huffman stream is empty');
  const type = input[0]!;
  const weights = HUFFMAN_WEIGHT_TABLES[type];
  if (!weights) throw siteError('unsupported', site, 0, `Huffman weight table ${type} does not exist (0 to 8)`);
  const adaptive = type === 0;
  const tree = new HuffmanTree(site);
  tree.build(weights);
  let position = 1;
  let bitBuffer = 0;
  let bitCount = 0;
  const bit = (): number => {
    if (bitCount === 0) {
      if (position >= input.length) throw siteError('truncated', site, position, 'Huffman stream ends mid-code');
      bitBuffer = input[position++]!;
      bitCount = 8;
    }
    const value = bitBuffer & 1;
    bitBuffer >>>= 1;
    bitCount -= 1;
    return value;
  };
  let written = 0;
  for (;;) {
    // Storm refuses to start a code with fewer than 7 bits left in the stream.
    if (position >= input.length && bitCount < 7)
      throw siteError('truncated', site, position, 'Huffman stream ends before its end code');
    let item = tree.first;
    if (item === HEAD) throw siteError('invalid', site, position, 'Huffman tree is empty');
    while (tree.childOf(item) !== NONE) item = bit() ? tree.higherChildOf(item) : tree.childOf(item);
    let value = tree.value[item]!;
    if (value === END_OF_STREAM) break;
    if (value === NEW_BYTE) {
      value = 0;
      for (let shift = 0; shift < 8; shift += 1) value |= bit() << shift;
      tree.insertBranch(tree.value[tree.last]!, value);
      if (!adaptive) tree.increment(tree.itemOfByte[value]!);
    }
    out[written++] = value;
    if (written >= expectedSize) break;
    if (adaptive) tree.increment(tree.itemOfByte[value]!);
  }
  return out.subarray(0, written);
}
