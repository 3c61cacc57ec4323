/**
 * A baseline JPEG decoder (ITU T.81: sequential DCT, Huffman coding, 8-bit samples, SOF0 and
 * SOF1) that returns each component as a plane of raw samples — no YCbCr or CMYK conversion.
 * Blizzard's BLP1 textures store B, G, R (and A) directly as JPEG components, which ordinary
 * decoders colour-convert or refuse, so the BLP reader needs the components as they are.
 *
 * Handles interleaved and single-component scans, restart intervals, any integral sampling
 * factors (libjpeg's smooth upsampling for 2×1, 1×2 and 2×2) and 8- or 16-bit quantization
 * tables. Progressive, lossless, hierarchical and arithmetic-coded files are refused as
 * `unsupported`. Sizes are checked against the bytes present before any plane is allocated.
 */
import { CodecError, type CodecErrorKind } from '../../binary/codec-error';
import { checkTextureSize } from '../mip-chain';
import { EntropyReader } from './entropy-reader';
import { buildHuffmanTable, type HuffmanTable } from './huffman';
import { inverseDctBlock } from './idct';
import { upsamplePlane, type SamplePlane } from './upsample';

/** One decoded component at full image resolution: `data[y * stride + x]`, `x < width`. */
export interface JpegComponent extends SamplePlane {
  /** The component identifier from the frame header. */
  id: number;
}

/** A decoded JPEG: its size and one raw sample plane per component, in frame order. */
export interface JpegImage {
  width: number;
  height: number;
  components: JpegComponent[];
}

/** Zigzag position → natural (row-major) position in an 8×8 block. */
const ZIGZAG_TO_NATURAL = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
]);

const MAX_COMPONENTS = 4;
const MAX_TABLES = 4;
/** Fewest bits one block can take: a DC code and an end-of-block code, one bit each. */
const MIN_BITS_PER_BLOCK = 2;

interface FrameComponent {
  id: number;
  h: number;
  v: number;
  quantIndex: number;
  /** Blocks covering the component's own (subsampled) size. */
  blocksPerLine: number;
  blocksPerColumn: number;
  /** Samples covering whole MCUs (interleaved scans decode the padding blocks too). */
  plane: Uint8Array;
  stride: number;
  decoded: boolean;
}

interface Frame {
  width: number;
  height: number;
  maxH: number;
  maxV: number;
  mcusPerLine: number;
  mcusPerColumn: number;
  components: FrameComponent[];
}

interface ScanComponent {
  component: FrameComponent;
  dc: HuffmanTable;
  ac: HuffmanTable;
  quant: Int32Array;
  prediction: number;
}

function fail(kind: CodecErrorKind, where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'jpeg', kind, where, offset, detail });
}

function hex(value: number): string {
  return value.toString(16).toUpperCase().padStart(2, '0');
}

/**
 * Decodes a baseline JPEG into raw component planes. Throws {@link CodecError} (format `jpeg`)
 * naming the marker segment and byte offset for anything it cannot decode.
 */
export function decodeJpeg(bytes: Uint8Array): JpegImage {
  if (bytes.length < 2 || bytes[0] !== 0xff || bytes[1] !== 0xd8) {
    throw fail('invalid', 'SOI', 0, 'the data does not start with the JPEG start-of-image marker FF D8');
  }
  const quantTables: (Int32Array | undefined)[] = new Array(MAX_TABLES);
  const dcTables: (HuffmanTable | undefined)[] = new Array(MAX_TABLES);
  const acTables: (HuffmanTable | undefined)[] = new Array(MAX_TABLES);
  let frame: Frame | undefined;
  let restartInterval = 0;
  let pos = 2;
  for (;;) {
    if (pos >= bytes.length) {
      if (frame && frame.components.every((component) => component.decoded)) break; // EOI missing: tolerated
      throw fail(
        'truncated',
        'marker',
        pos,
        frame ? 'the data ends before every component was coded' : 'the data ends before the frame header',
      );
    }
    if (bytes[pos] !== 0xff)
      throw fail('invalid', 'marker', pos, `expected a marker (FF xx), found ${hex(bytes[pos]!)}`);
    while (bytes[pos + 1] === 0xff) pos += 1; // fill bytes
    if (pos + 1 >= bytes.length) throw fail('truncated', 'marker', pos, 'the data ends inside a marker');
    const marker = bytes[pos + 1]!;
    const markerOffset = pos;
    pos += 2;
    if (marker === 0xd9) break; // EOI
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length field
    if (pos + 2 > bytes.length)
      throw fail('truncated', `${hex(marker)} segment length`, pos, 'the data ends inside a segment length');
    const length = (bytes[pos]! << 8) | bytes[pos + 1]!;
    if (length < 2) throw fail('invalid', `${hex(marker)} segment length`, pos, `segment length ${length} is below 2`);
    const start = pos + 2;
    const end = pos + length;
    if (end > bytes.length) {
      throw fail(
        'truncated',
        `${hex(marker)} segment`,
        markerOffset,
        `segment of ${length} bytes runs ${end - bytes.length} bytes past the end`,
      );
    }
    switch (marker) {
      case 0xdb:
        readQuantTables(bytes, start, end, quantTables);
        break;
      case 0xc4:
        readHuffmanTables(bytes, start, end, dcTables, acTables);
        break;
      case 0xc0:
      case 0xc1:
        if (frame) throw fail('invalid', 'SOF', markerOffset, 'a second frame header');
        frame = readFrame(bytes, start, end, markerOffset);
        break;
      case 0xdd:
        if (length !== 4)
          throw fail('invalid', 'DRI', markerOffset, `restart interval segment has length ${length}, not 4`);
        restartInterval = (bytes[start]! << 8) | bytes[start + 1]!;
        break;
      case 0xda: {
        if (!frame) throw fail('invalid', 'SOS', markerOffset, 'a scan before the frame header (SOF)');
        const scan = readScanHeader(bytes, start, end, markerOffset, frame, quantTables, dcTables, acTables);
        pos = decodeScan(bytes, end, frame, scan, restartInterval);
        continue;
      }
      default:
        if (
          (marker >= 0xc2 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) ||
          marker === 0xde
        ) {
          throw fail(
            'unsupported',
            `SOF${marker - 0xc0}`,
            markerOffset,
            `${describeFrameType(marker)} JPEG is not supported (baseline only)`,
          );
        }
        break; // APPn, COM, DNL, DAC and the like carry nothing the samples need
    }
    pos = end;
  }
  if (!frame) throw fail('invalid', 'SOF', pos, 'no frame header (SOF0/SOF1) before the end of the image');
  const missing = frame.components.find((component) => !component.decoded);
  if (missing) throw fail('truncated', 'SOS', pos, `component ${missing.id} was never coded in a scan`);
  return finishFrame(frame);
}

function describeFrameType(marker: number): string {
  if (marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce) return 'progressive';
  if (marker === 0xc3 || marker === 0xc7 || marker === 0xcb || marker === 0xcf) return 'lossless';
  if (marker >= 0xc9) return 'arithmetic-coded';
  return 'hierarchical';
}

function readQuantTables(bytes: Uint8Array, start: number, end: number, tables: (Int32Array | undefined)[]): void {
  let pos = start;
  while (pos < end) {
    const precision = bytes[pos]! >> 4;
    const index = bytes[pos]! & 15;
    if (precision > 1)
      throw fail('invalid', 'DQT.precision', pos, `quantization table precision ${precision} (0 or 1 expected)`);
    if (index >= MAX_TABLES)
      throw fail('invalid', 'DQT.destination', pos, `quantization table ${index} (0..3 expected)`);
    const size = precision ? 128 : 64;
    if (pos + 1 + size > end)
      throw fail('truncated', `DQT[${index}]`, pos, `needs ${size} bytes, ${end - pos - 1} left in the segment`);
    const table = new Int32Array(64);
    for (let k = 0; k < 64; k += 1)
      table[k] = precision ? (bytes[pos + 1 + 2 * k]! << 8) | bytes[pos + 2 + 2 * k]! : bytes[pos + 1 + k]!;
    tables[index] = table;
    pos += 1 + size;
  }
}

function readHuffmanTables(
  bytes: Uint8Array,
  start: number,
  end: number,
  dcTables: (HuffmanTable | undefined)[],
  acTables: (HuffmanTable | undefined)[],
): void {
  let pos = start;
  while (pos < end) {
    const tableClass = bytes[pos]! >> 4;
    const index = bytes[pos]! & 15;
    const name = `DHT ${tableClass === 0 ? 'DC' : 'AC'}${index}`;
    if (tableClass > 1)
      throw fail('invalid', 'DHT.class', pos, `table class ${tableClass} (0 = DC or 1 = AC expected)`);
    if (index >= MAX_TABLES) throw fail('invalid', 'DHT.destination', pos, `Huffman table ${index} (0..3 expected)`);
    if (pos + 17 > end)
      throw fail('truncated', `${name}.counts`, pos + 1, 'the segment ends inside the 16 code counts');
    const counts = bytes.subarray(pos + 1, pos + 17);
    let total = 0;
    for (const count of counts) total += count;
    if (total > 256) throw fail('invalid', `${name}.counts`, pos + 1, `${total} codes (at most 256)`);
    if (pos + 17 + total > end)
      throw fail(
        'truncated',
        `${name}.symbols`,
        pos + 17,
        `needs ${total} symbols, ${end - pos - 17} bytes left in the segment`,
      );
    const table = buildHuffmanTable(counts, bytes.subarray(pos + 17, pos + 17 + total));
    if (typeof table === 'string') throw fail('invalid', `${name}.counts`, pos + 1, table);
    (tableClass === 0 ? dcTables : acTables)[index] = table;
    pos += 17 + total;
  }
}

function readFrame(bytes: Uint8Array, start: number, end: number, markerOffset: number): Frame {
  if (end - start < 6) throw fail('truncated', 'SOF', markerOffset, 'frame header shorter than 6 bytes');
  const precision = bytes[start]!;
  const height = (bytes[start + 1]! << 8) | bytes[start + 2]!;
  const width = (bytes[start + 3]! << 8) | bytes[start + 4]!;
  const componentCount = bytes[start + 5]!;
  if (precision !== 8)
    throw fail('unsupported', 'SOF.precision', start, `${precision}-bit samples (only 8-bit is supported)`);
  if (height === 0)
    throw fail('unsupported', 'SOF.height', start + 1, 'height 0 (defined later by a DNL marker) is not supported');
  checkTextureSize('jpeg', width, height, 'SOF.size', start + 1);
  if (componentCount < 1 || componentCount > MAX_COMPONENTS) {
    throw fail(
      componentCount === 0 ? 'invalid' : 'unsupported',
      'SOF.componentCount',
      start + 5,
      `${componentCount} components (1..${MAX_COMPONENTS} supported)`,
    );
  }
  if (end - start < 6 + componentCount * 3)
    throw fail('truncated', 'SOF.components', start + 6, `segment too short for ${componentCount} components`);
  const specs: { id: number; h: number; v: number; quantIndex: number }[] = [];
  for (let index = 0; index < componentCount; index += 1) {
    const at = start + 6 + index * 3;
    const id = bytes[at]!;
    const h = bytes[at + 1]! >> 4;
    const v = bytes[at + 1]! & 15;
    const quantIndex = bytes[at + 2]!;
    if (h < 1 || h > 4 || v < 1 || v > 4)
      throw fail('invalid', `SOF.components[${index}].sampling`, at + 1, `sampling factors ${h}×${v} (1..4 expected)`);
    if (quantIndex >= MAX_TABLES)
      throw fail(
        'invalid',
        `SOF.components[${index}].quantTable`,
        at + 2,
        `quantization table ${quantIndex} (0..3 expected)`,
      );
    if (specs.some((spec) => spec.id === id))
      throw fail('invalid', `SOF.components[${index}].id`, at, `component id ${id} appears twice`);
    specs.push({ id, h, v, quantIndex });
  }
  const maxH = Math.max(...specs.map((spec) => spec.h));
  const maxV = Math.max(...specs.map((spec) => spec.v));
  for (const [index, spec] of specs.entries()) {
    if (maxH % spec.h !== 0 || maxV % spec.v !== 0) {
      throw fail(
        'unsupported',
        `SOF.components[${index}].sampling`,
        start + 7 + index * 3,
        `sampling ${spec.h}×${spec.v} against ${maxH}×${maxV} is not an integral ratio`,
      );
    }
  }
  const mcusPerLine = Math.ceil(width / (8 * maxH));
  const mcusPerColumn = Math.ceil(height / (8 * maxV));
  let minimumBlocks = 0;
  const sized = specs.map((spec) => {
    const blocksPerLine = Math.ceil(Math.ceil((width * spec.h) / maxH) / 8);
    const blocksPerColumn = Math.ceil(Math.ceil((height * spec.v) / maxV) / 8);
    minimumBlocks += blocksPerLine * blocksPerColumn;
    return { ...spec, blocksPerLine, blocksPerColumn };
  });
  const available = bytes.length - end;
  if (minimumBlocks * MIN_BITS_PER_BLOCK > available * 8) {
    throw fail(
      'truncated',
      'SOF.size',
      start + 1,
      `a ${width}×${height} frame of ${componentCount} components needs at ` +
        `least ${Math.ceil((minimumBlocks * MIN_BITS_PER_BLOCK) / 8)} bytes of coded data, ${available} left`,
    );
  }
  const components = sized.map((spec): FrameComponent => {
    const stride = mcusPerLine * spec.h * 8;
    return { ...spec, plane: new Uint8Array(stride * mcusPerColumn * spec.v * 8), stride, decoded: false };
  });
  return { width, height, maxH, maxV, mcusPerLine, mcusPerColumn, components };
}

function readScanHeader(
  bytes: Uint8Array,
  start: number,
  end: number,
  markerOffset: number,
  frame: Frame,
  quantTables: (Int32Array | undefined)[],
  dcTables: (HuffmanTable | undefined)[],
  acTables: (HuffmanTable | undefined)[],
): ScanComponent[] {
  const count = bytes[start] ?? 0;
  if (count < 1 || count > frame.components.length)
    throw fail(
      'invalid',
      'SOS.componentCount',
      start,
      `${count} components in a scan of a ${frame.components.length}-component frame`,
    );
  if (end - start < 1 + count * 2 + 3)
    throw fail('truncated', 'SOS', markerOffset, `scan header too short for ${count} components`);
  const scan: ScanComponent[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = start + 1 + index * 2;
    const component = frame.components.find((candidate) => candidate.id === bytes[at]);
    if (!component)
      throw fail('invalid', `SOS.components[${index}]`, at, `component id ${bytes[at]} is not in the frame`);
    if (scan.some((entry) => entry.component === component))
      throw fail('invalid', `SOS.components[${index}]`, at, `component ${component.id} appears twice`);
    const dcIndex = bytes[at + 1]! >> 4;
    const acIndex = bytes[at + 1]! & 15;
    const dc = dcTables[dcIndex];
    const ac = acTables[acIndex];
    const quant = quantTables[component.quantIndex];
    if (!dc)
      throw fail('invalid', `SOS.components[${index}].dcTable`, at + 1, `DC Huffman table ${dcIndex} was not defined`);
    if (!ac)
      throw fail('invalid', `SOS.components[${index}].acTable`, at + 1, `AC Huffman table ${acIndex} was not defined`);
    if (!quant)
      throw fail(
        'invalid',
        `SOF.quantTable`,
        at,
        `component ${component.id} uses quantization table ${component.quantIndex}, which was not defined`,
      );
    scan.push({ component, dc, ac, quant, prediction: 0 });
  }
  return scan;
}

const coefficients = new Int32Array(64);

/** Decodes one block's coefficients, inverse-transforms them and writes the samples. */
function decodeBlock(reader: EntropyReader, scan: ScanComponent, blockRow: number, blockColumn: number): void {
  const dcSize = reader.decode(scan.dc);
  if (dcSize < 0 || dcSize > 15) throw badCode(reader, `DC code${dcSize < 0 ? '' : ` (size ${dcSize})`}`);
  if (dcSize > 0) scan.prediction += reader.receiveExtend(dcSize);
  const quant = scan.quant;
  coefficients.fill(0);
  coefficients[0] = scan.prediction * quant[0]!;
  for (let k = 1; k < 64;) {
    const symbol = reader.decode(scan.ac);
    if (symbol < 0) throw badCode(reader, 'AC code');
    const size = symbol & 15;
    const run = symbol >> 4;
    if (size === 0) {
      if (run !== 15) break; // end of block
      k += 16;
      continue;
    }
    k += run;
    if (k > 63) throw badCode(reader, `AC run past the end of the block (coefficient ${k})`);
    coefficients[ZIGZAG_TO_NATURAL[k]!] = reader.receiveExtend(size) * quant[k]!;
    k += 1;
  }
  const component = scan.component;
  inverseDctBlock(coefficients, component.plane, blockRow * 8 * component.stride + blockColumn * 8, component.stride);
}

function badCode(reader: EntropyReader, what: string): CodecError {
  return fail('invalid', 'scan data', reader.pos, `${what} matches no Huffman code of the table`);
}

/** Decodes the entropy-coded data of one scan; returns the offset of the marker after it. */
function decodeScan(
  bytes: Uint8Array,
  start: number,
  frame: Frame,
  scan: ScanComponent[],
  restartInterval: number,
): number {
  const reader = new EntropyReader(bytes, start);
  const single = scan.length === 1 ? scan[0]! : undefined;
  const unitsPerLine = single ? single.component.blocksPerLine : frame.mcusPerLine;
  const unitsPerColumn = single ? single.component.blocksPerColumn : frame.mcusPerColumn;
  let untilRestart = restartInterval;
  for (let unitRow = 0; unitRow < unitsPerColumn; unitRow += 1) {
    for (let unitColumn = 0; unitColumn < unitsPerLine; unitColumn += 1) {
      if (restartInterval > 0) {
        if (untilRestart === 0) {
          checkOverrun(reader, unitRow);
          if (!reader.restart())
            throw fail(
              'invalid',
              'scan data',
              reader.pos,
              `expected a restart marker (RST) before unit ${unitRow * unitsPerLine + unitColumn}`,
            );
          for (const entry of scan) entry.prediction = 0;
          untilRestart = restartInterval;
        }
        untilRestart -= 1;
      }
      if (single) {
        decodeBlock(reader, single, unitRow, unitColumn);
        continue;
      }
      for (const entry of scan) {
        const { h, v } = entry.component;
        for (let y = 0; y < v; y += 1) {
          for (let x = 0; x < h; x += 1) decodeBlock(reader, entry, unitRow * v + y, unitColumn * h + x);
        }
      }
    }
    checkOverrun(reader, unitRow);
  }
  for (const entry of scan) entry.component.decoded = true;
  const next = reader.nextMarker();
  return next < 0 ? bytes.length : next;
}

function checkOverrun(reader: EntropyReader, unitRow: number): void {
  if (reader.overran) {
    throw fail(
      'truncated',
      'scan data',
      reader.pos,
      `the coded data ends (or reaches a marker) within row ${unitRow} of the scan's blocks`,
    );
  }
}

/** Brings every component to full resolution; full-resolution planes are returned without a copy. */
function finishFrame(frame: Frame): JpegImage {
  const components = frame.components.map((component): JpegComponent => {
    if (component.h === frame.maxH && component.v === frame.maxV)
      return { id: component.id, data: component.plane, stride: component.stride };
    const sourceWidth = Math.ceil((frame.width * component.h) / frame.maxH);
    const sourceHeight = Math.ceil((frame.height * component.v) / frame.maxV);
    const plane = upsamplePlane(
      { data: component.plane, stride: component.stride },
      sourceWidth,
      sourceHeight,
      frame.maxH / component.h,
      frame.maxV / component.v,
      frame.width,
      frame.height,
    );
    return { id: component.id, ...plane };
  });
  return { width: frame.width, height: frame.height, components };
}
