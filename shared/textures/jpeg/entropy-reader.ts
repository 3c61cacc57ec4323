/**
 * The bit reader for a JPEG scan's entropy-coded data: removes the 0x00 stuffed after each
 * 0xFF, stops at markers and feeds zero bits past them (or past the end of the input), and
 * counts those padding bits so that a scan reading into them is reported as truncated.
 */
import type { HuffmanTable } from './huffman';

/** Reads bits most-significant first from entropy-coded data. */
export class EntropyReader {
  readonly bytes: Uint8Array;
  /** Offset of the next byte to load into the bit buffer. */
  pos: number;
  private buffer = 0;
  private count = 0;
  /** Zero bits appended after a marker or the end of input (always the newest bits). */
  private padBits = 0;
  private atMarker = false;

  constructor(bytes: Uint8Array, pos: number) {
    this.bytes = bytes;
    this.pos = pos;
  }

  /** Tops the buffer up to at least 25 bits. */
  private fill(): void {
    const bytes = this.bytes;
    while (this.count <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < bytes.length) {
        byte = bytes[this.pos]!;
        if (byte !== 0xff) this.pos += 1;
        else if (bytes[this.pos + 1] === 0x00) this.pos += 2;
        else {
          this.atMarker = true;
          byte = 0;
          this.padBits += 8;
        }
      } else {
        this.padBits += 8;
      }
      this.buffer = (this.buffer << 8) | byte;
      this.count += 8;
    }
  }

  /** Decodes one Huffman symbol; -1 when the bits match no code of the table. */
  decode(table: HuffmanTable): number {
    if (this.count < 16) this.fill();
    const peek = (this.buffer >>> (this.count - 16)) & 0xffff;
    const entry = table.lookahead[peek >>> 7]!;
    if (entry !== 0) {
      this.count -= entry >> 8;
      return entry & 0xff;
    }
    for (let length = 10; length <= 16; length += 1) {
      const code = peek >>> (16 - length);
      if (code <= table.maxCode[length]!) {
        this.count -= length;
        return table.symbols[code + table.valueOffset[length]!]!;
      }
    }
    return -1;
  }

  /** Reads an `size`-bit magnitude (1..16) and sign-extends it as T.81 F.2.2.1 describes. */
  receiveExtend(size: number): number {
    if (this.count < size) this.fill();
    const value = (this.buffer >>> (this.count - size)) & ((1 << size) - 1);
    this.count -= size;
    return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
  }

  /** True when decoding has used bits that were not in the data (it ran past a marker or the end). */
  get overran(): boolean {
    return this.count < this.padBits;
  }

  /**
   * Drops the rest of the current byte and moves past the next marker when it is a restart
   * marker (RST0..RST7). Returns false when the next marker is something else or missing.
   */
  restart(): boolean {
    const marker = this.nextMarker();
    if (marker < 0 || this.bytes[marker + 1]! < 0xd0 || this.bytes[marker + 1]! > 0xd7) return false;
    this.pos = marker + 2;
    this.buffer = 0;
    this.count = 0;
    this.padBits = 0;
    this.atMarker = false;
    return true;
  }

  /**
   * Offset of the next marker at or after the data consumed so far (skipping stray bytes as
   * libjpeg does), or -1 when the input ends first.
   */
  nextMarker(): number {
    const bytes = this.bytes;
    for (let offset = this.pos; offset + 1 < bytes.length; offset += 1) {
      if (bytes[offset] === 0xff && bytes[offset + 1] !== 0x00 && bytes[offset + 1] !== 0xff) return offset;
    }
    return -1;
  }
}
