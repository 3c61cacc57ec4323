/**
 * Test helper: a small baseline JPEG encoder for raw component planes (no colour transform), so
 * that decoder tests can build files with any sampling factors, quantization tables, restart
 * interval and scan layout, and a floating-point reference decoder to compare against. Not used
 * by the application.
 */

/** Zigzag position → natural position (T.81 Figure A.6). */
export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
]);

/** DC code counts per length 1..16 (the shape of T.81 Table K.3) for the 12 size categories. */
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_SYMBOLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** AC code counts (the shape of Table K.5): 37 codes up to 15 bits, 125 of 16 bits. */
const AC_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125];

/** All 162 AC symbols, the likeliest first so that they get the short codes. */
function acSymbols(): number[] {
  const first = [
    0x01, 0x00, 0x02, 0x11, 0x03, 0x21, 0x04, 0x12, 0x31, 0x05, 0x41, 0x22, 0x13, 0x51, 0x06, 0x61, 0x32, 0x71, 0x14,
    0xf0,
  ];
  const rest: number[] = [];
  for (let size = 1; size <= 10; size += 1) for (let run = 0; run < 16; run += 1) rest.push((run << 4) | size);
  return [...first, ...rest.filter((symbol) => !first.includes(symbol))];
}

interface Code {
  code: number;
  length: number;
}

function codesFor(counts: number[], symbols: number[]): Map<number, Code> {
  const codes = new Map<number, Code>();
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let n = 0; n < counts[length - 1]!; n += 1) codes.set(symbols[index++]!, { code: code++, length });
    code <<= 1;
  }
  return codes;
}

/** A standard-looking quantization table (Annex K luminance) scaled like libjpeg's quality. */
export function quantTable(quality: number): Uint8Array {
  const base = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
    87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
    72, 92, 95, 98, 112, 100, 103, 99,
  ];
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  const table = new Uint8Array(64);
  // Stored in zigzag order, as DQT stores it.
  for (let k = 0; k < 64; k += 1)
    table[k] = Math.min(255, Math.max(1, Math.floor((base[ZIGZAG[k]!]! * scale + 50) / 100)));
  return table;
}

/** Options of {@link encodeJpeg}. */
export interface JpegEncodeOptions {
  width: number;
  height: number;
  /** Full-resolution planes, `width × height` samples each, in component order. */
  planes: Uint8Array[];
  /** Sampling factors per component (default 1×1). */
  sampling?: [number, number][];
  /** Quantization tables (zigzag order), and which one each component uses (default: table 0). */
  quantTables?: Uint8Array[];
  quantIndex?: number[];
  /** 16-bit DQT entries instead of 8-bit. */
  quant16?: boolean;
  restartInterval?: number;
  /** One scan per component instead of one interleaved scan. */
  separateScans?: boolean;
  /** Marker segments placed after SOI (e.g. an APP or COM segment), raw. */
  extraSegments?: Uint8Array[];
}

/** An encoded file and its quantized coefficients, for a reference decode. */
export interface EncodedJpeg {
  bytes: Uint8Array;
  /** Per component: the component's own size and its quantized blocks (natural order). */
  components: {
    width: number;
    height: number;
    blocksPerLine: number;
    blocksPerColumn: number;
    quantized: Int32Array;
    quant: Uint8Array;
  }[];
}

const cosines = (() => {
  const table = new Float64Array(64);
  for (let x = 0; x < 8; x += 1)
    for (let u = 0; u < 8; u += 1) table[x * 8 + u] = Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  return table;
})();
const scaleOf = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);

/** Encodes raw planes as a baseline JPEG (SOI, DQT, DHT, SOF0, [DRI], SOS…, EOI). */
export function encodeJpeg(options: JpegEncodeOptions): EncodedJpeg {
  const { width, height, planes } = options;
  const count = planes.length;
  const sampling = options.sampling ?? planes.map((): [number, number] => [1, 1]);
  const quantTables = options.quantTables ?? [quantTable(90)];
  const quantIndex = options.quantIndex ?? planes.map(() => 0);
  const maxH = Math.max(...sampling.map((s) => s[0]));
  const maxV = Math.max(...sampling.map((s) => s[1]));
  const mcusPerLine = Math.ceil(width / (8 * maxH));
  const mcusPerColumn = Math.ceil(height / (8 * maxV));

  // Downsample, then transform and quantize every block of the padded (whole-MCU) area.
  const components = planes.map((plane, index) => {
    const [h, v] = sampling[index]!;
    const componentWidth = Math.ceil((width * h) / maxH);
    const componentHeight = Math.ceil((height * v) / maxV);
    const fx = maxH / h;
    const fy = maxV / v;
    const sample = (x: number, y: number) => {
      const cx = Math.min(x, componentWidth - 1);
      const cy = Math.min(y, componentHeight - 1);
      let sum = 0;
      let n = 0;
      for (let dy = 0; dy < fy; dy += 1) {
        for (let dx = 0; dx < fx; dx += 1) {
          const sx = Math.min(width - 1, cx * fx + dx);
          const sy = Math.min(height - 1, cy * fy + dy);
          sum += plane[sy * width + sx]!;
          n += 1;
        }
      }
      return sum / n;
    };
    const blocksPerLine = mcusPerLine * h;
    const blocksPerColumn = mcusPerColumn * v;
    const quant = quantTables[quantIndex[index]!]!;
    const quantized = new Int32Array(blocksPerLine * blocksPerColumn * 64);
    const block = new Float64Array(64);
    for (let by = 0; by < blocksPerColumn; by += 1) {
      for (let bx = 0; bx < blocksPerLine; bx += 1) {
        for (let y = 0; y < 8; y += 1)
          for (let x = 0; x < 8; x += 1) block[y * 8 + x] = sample(bx * 8 + x, by * 8 + y) - 128;
        const base = (by * blocksPerLine + bx) * 64;
        for (let v2 = 0; v2 < 8; v2 += 1) {
          for (let u = 0; u < 8; u += 1) {
            let sum = 0;
            for (let y = 0; y < 8; y += 1)
              for (let x = 0; x < 8; x += 1) sum += block[y * 8 + x]! * cosines[x * 8 + u]! * cosines[y * 8 + v2]!;
            const coefficient = 0.25 * scaleOf(u) * scaleOf(v2) * sum;
            let k = 0;
            while (ZIGZAG[k] !== v2 * 8 + u) k += 1;
            quantized[base + v2 * 8 + u] = Math.round(coefficient / quant[k]!);
          }
        }
      }
    }
    return { width: componentWidth, height: componentHeight, blocksPerLine, blocksPerColumn, quantized, quant, h, v };
  });

  const out: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: number[]) =>
    out.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body);
  for (const extra of options.extraSegments ?? []) out.push(...extra);
  for (const [index, table] of quantTables.entries()) {
    segment(
      0xdb,
      options.quant16 ? [0x10 | index, ...Array.from(table).flatMap((value) => [0, value])] : [index, ...table],
    );
  }
  const ac = acSymbols();
  segment(0xc4, [0x00, ...DC_COUNTS, ...DC_SYMBOLS, 0x10, ...AC_COUNTS, ...ac]);
  const dcCodes = codesFor(DC_COUNTS, DC_SYMBOLS);
  const acCodes = codesFor(AC_COUNTS, ac);
  segment(0xc0, [
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    count,
    ...components.flatMap((c, index) => [index + 1, (c.h << 4) | c.v, quantIndex[index]!]),
  ]);
  if (options.restartInterval) segment(0xdd, [options.restartInterval >> 8, options.restartInterval & 255]);

  const scans = options.separateScans ? components.map((_, index) => [index]) : [components.map((_, index) => index)];
  for (const scan of scans) {
    segment(0xda, [scan.length, ...scan.flatMap((index) => [index + 1, 0x00]), 0, 63, 0]);
    const writer = new BitWriter(out);
    const predictions = scan.map(() => 0);
    const encodeBlock = (slot: number, bx: number, by: number) => {
      const c = components[scan[slot]!]!;
      const base = (by * c.blocksPerLine + bx) * 64;
      const dc = c.quantized[base]!;
      writer.symbol(dcCodes, magnitudeSize(dc - predictions[slot]!));
      writer.magnitude(dc - predictions[slot]!);
      predictions[slot] = dc;
      let run = 0;
      for (let k = 1; k < 64; k += 1) {
        const value = c.quantized[base + ZIGZAG[k]!]!;
        if (value === 0) {
          run += 1;
          continue;
        }
        while (run > 15) {
          writer.symbol(acCodes, 0xf0);
          run -= 16;
        }
        writer.symbol(acCodes, (run << 4) | magnitudeSize(value));
        writer.magnitude(value);
        run = 0;
      }
      if (run > 0) writer.symbol(acCodes, 0x00);
    };
    const single = scan.length === 1;
    const c0 = components[scan[0]!]!;
    const unitsPerLine = single ? Math.ceil(c0.width / 8) : mcusPerLine;
    const unitsPerColumn = single ? Math.ceil(c0.height / 8) : mcusPerColumn;
    let unit = 0;
    let restarts = 0;
    for (let uy = 0; uy < unitsPerColumn; uy += 1) {
      for (let ux = 0; ux < unitsPerLine; ux += 1) {
        if (options.restartInterval && unit > 0 && unit % options.restartInterval === 0) {
          writer.flush();
          out.push(0xff, 0xd0 + (restarts++ % 8));
          predictions.fill(0);
        }
        if (single) encodeBlock(0, ux, uy);
        else {
          for (const [slot, index] of scan.entries()) {
            const c = components[index]!;
            for (let y = 0; y < c.v; y += 1)
              for (let x = 0; x < c.h; x += 1) encodeBlock(slot, ux * c.h + x, uy * c.v + y);
          }
        }
        unit += 1;
      }
    }
    writer.flush();
  }
  out.push(0xff, 0xd9);
  return {
    bytes: Uint8Array.from(out),
    components: components.map(({ width: w, height: h, blocksPerLine, blocksPerColumn, quantized, quant }) => ({
      width: w,
      height: h,
      blocksPerLine,
      blocksPerColumn,
      quantized,
      quant,
    })),
  };
}

function magnitudeSize(value: number): number {
  let size = 0;
  for (let magnitude = Math.abs(value); magnitude > 0; magnitude >>= 1) size += 1;
  return size;
}

/** Writes bits most-significant first with 0xFF byte stuffing; `flush` pads with one bits. */
class BitWriter {
  private buffer = 0;
  private count = 0;
  constructor(private readonly out: number[]) {}

  bits(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      this.buffer = (this.buffer << 1) | ((value >> bit) & 1);
      this.count += 1;
      if (this.count === 8) this.emit();
    }
  }

  symbol(codes: Map<number, Code>, symbol: number): void {
    const code = codes.get(symbol);
    if (!code) throw new Error(`no Huffman code for symbol ${symbol.toString(16)}`);
    this.bits(code.code, code.length);
  }

  magnitude(value: number): void {
    const size = magnitudeSize(value);
    if (size > 0) this.bits(value < 0 ? value + (1 << size) - 1 : value, size);
  }

  flush(): void {
    while (this.count > 0) this.bits(1, 1);
  }

  private emit(): void {
    this.out.push(this.buffer);
    if (this.buffer === 0xff) this.out.push(0);
    this.buffer = 0;
    this.count = 0;
  }
}

/**
 * The floating-point reference decode of one component: dequantize, exact inverse DCT, level
 * shift, round and clamp. Returns the component's own `width × height` samples.
 */
export function referenceDecodeComponent(component: EncodedJpeg['components'][number]): Uint8Array {
  const { width, height, blocksPerLine, quantized, quant } = component;
  const out = new Uint8Array(width * height);
  const dequantized = new Float64Array(64);
  const blocksDown = Math.ceil(height / 8);
  const blocksAcross = Math.ceil(width / 8);
  for (let by = 0; by < blocksDown; by += 1) {
    for (let bx = 0; bx < blocksAcross; bx += 1) {
      const base = (by * blocksPerLine + bx) * 64;
      for (let k = 0; k < 64; k += 1) dequantized[ZIGZAG[k]!] = quantized[base + ZIGZAG[k]!]! * quant[k]!;
      for (let y = 0; y < 8; y += 1) {
        for (let x = 0; x < 8; x += 1) {
          const px = bx * 8 + x;
          const py = by * 8 + y;
          if (px >= width || py >= height) continue;
          let sum = 0;
          for (let v = 0; v < 8; v += 1) {
            for (let u = 0; u < 8; u += 1)
              sum += scaleOf(u) * scaleOf(v) * dequantized[v * 8 + u]! * cosines[x * 8 + u]! * cosines[y * 8 + v]!;
          }
          out[py * width + px] = Math.min(255, Math.max(0, Math.round(sum / 4 + 128)));
        }
      }
    }
  }
  return out;
}
