/**
 * Brings a subsampled component plane to full image resolution. 2×1, 1×2 and 2×2 use the
 * "fancy" triangle filter of libjpeg (so subsampled files decode like libjpeg-based tools);
 * other integral ratios replicate samples.
 */

/** A plane of 8-bit samples: `data[y * stride + x]`. */
export interface SamplePlane {
  data: Uint8Array;
  stride: number;
}

/**
 * Upsamples `source` (its meaningful area is `sourceWidth × sourceHeight`) by the integral
 * factors `factorX`, `factorY` into a new `width × height` plane.
 */
export function upsamplePlane(
  source: SamplePlane,
  sourceWidth: number,
  sourceHeight: number,
  factorX: number,
  factorY: number,
  width: number,
  height: number,
): SamplePlane {
  const out = new Uint8Array(width * height);
  if (factorX === 2 && factorY === 1) fancyH2V1(source, sourceWidth, sourceHeight, out, width, height);
  else if (factorX === 1 && factorY === 2) fancyH1V2(source, sourceWidth, sourceHeight, out, width, height);
  else if (factorX === 2 && factorY === 2) fancyH2V2(source, sourceWidth, sourceHeight, out, width, height);
  else replicate(source, sourceWidth, sourceHeight, factorX, factorY, out, width, height);
  return { data: out, stride: width };
}

function replicate(
  source: SamplePlane,
  sourceWidth: number,
  sourceHeight: number,
  factorX: number,
  factorY: number,
  out: Uint8Array,
  width: number,
  height: number,
): void {
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(sourceHeight - 1, (y / factorY) | 0) * source.stride;
    for (let x = 0; x < width; x += 1)
      out[y * width + x] = source.data[row + Math.min(sourceWidth - 1, (x / factorX) | 0)]!;
  }
}

/** Horizontal 2×: each output sample is ¾ of the nearer input sample plus ¼ of the further. */
function fancyH2V1(
  source: SamplePlane,
  sourceWidth: number,
  sourceHeight: number,
  out: Uint8Array,
  width: number,
  height: number,
): void {
  const row = new Uint8Array(sourceWidth * 2);
  for (let y = 0; y < height; y += 1) {
    const base = Math.min(y, sourceHeight - 1) * source.stride;
    expandRow(source.data, base, sourceWidth, row);
    out.set(row.subarray(0, width), y * width);
  }
}

function expandRow(input: Uint8Array, base: number, count: number, row: Uint8Array): void {
  if (count === 1) {
    row[0] = input[base]!;
    row[1] = input[base]!;
    return;
  }
  row[0] = input[base]!;
  row[1] = (input[base]! * 3 + input[base + 1]! + 2) >> 2;
  for (let x = 1; x < count - 1; x += 1) {
    const here = input[base + x]! * 3;
    row[2 * x] = (here + input[base + x - 1]! + 1) >> 2;
    row[2 * x + 1] = (here + input[base + x + 1]! + 2) >> 2;
  }
  const last = input[base + count - 1]!;
  row[2 * count - 2] = (last * 3 + input[base + count - 2]! + 1) >> 2;
  row[2 * count - 1] = last;
}

/** Vertical 2×: each output row is ¾ of the nearer input row plus ¼ of the further. */
function fancyH1V2(
  source: SamplePlane,
  sourceWidth: number,
  sourceHeight: number,
  out: Uint8Array,
  width: number,
  height: number,
): void {
  const data = source.data;
  for (let y = 0; y < height; y += 1) {
    const inputRow = Math.min(y >> 1, sourceHeight - 1);
    const nearRow = Math.max(0, Math.min(sourceHeight - 1, y & 1 ? inputRow + 1 : inputRow - 1));
    const bias = y & 1 ? 2 : 1;
    const here = inputRow * source.stride;
    const near = nearRow * source.stride;
    for (let x = 0; x < width; x += 1) {
      const column = Math.min(x, sourceWidth - 1);
      out[y * width + x] = (data[here + column]! * 3 + data[near + column]! + bias) >> 2;
    }
  }
}

/** Both directions: a vertical ¾/¼ column sum, then the horizontal ¾/¼ blend of those sums. */
function fancyH2V2(
  source: SamplePlane,
  sourceWidth: number,
  sourceHeight: number,
  out: Uint8Array,
  width: number,
  height: number,
): void {
  const data = source.data;
  const sums = new Int32Array(sourceWidth);
  const row = new Uint8Array(sourceWidth * 2);
  for (let y = 0; y < height; y += 1) {
    const inputRow = Math.min(y >> 1, sourceHeight - 1);
    const nearRow = Math.max(0, Math.min(sourceHeight - 1, y & 1 ? inputRow + 1 : inputRow - 1));
    const here = inputRow * source.stride;
    const near = nearRow * source.stride;
    for (let x = 0; x < sourceWidth; x += 1) sums[x] = data[here + x]! * 3 + data[near + x]!;
    if (sourceWidth === 1) {
      row[0] = (sums[0]! * 4 + 8) >> 4;
      row[1] = (sums[0]! * 4 + 7) >> 4;
    } else {
      row[0] = (sums[0]! * 4 + 8) >> 4;
      row[1] = (sums[0]! * 3 + sums[1]! + 7) >> 4;
      for (let x = 1; x < sourceWidth - 1; x += 1) {
        const centre = sums[x]! * 3;
        row[2 * x] = (centre + sums[x - 1]! + 8) >> 4;
        row[2 * x + 1] = (centre + sums[x + 1]! + 7) >> 4;
      }
      const last = sourceWidth - 1;
      row[2 * last] = (sums[last]! * 3 + sums[last - 1]! + 8) >> 4;
      row[2 * last + 1] = (sums[last]! * 4 + 7) >> 4;
    }
    out.set(row.subarray(0, width), y * width);
  }
}
