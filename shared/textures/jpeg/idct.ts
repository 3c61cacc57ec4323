/**
 * The 8×8 inverse DCT used by the JPEG decoder: the accurate integer algorithm of the
 * Independent JPEG Group's `jidctint.c` (Loeffler–Ligtenberg–Moschytz, 13-bit constants, two
 * guard bits between the passes). libjpeg and libjpeg-turbo use it by default, so decoding the
 * same coefficients gives the same samples as the tools our reference images came from.
 * Written from the published algorithm; no per-block allocation.
 */

const CONST_BITS = 13;
const PASS1_BITS = 2;
const FIX_0_298631336 = 2446;
const FIX_0_390180644 = 3196;
const FIX_0_541196100 = 4433;
const FIX_0_765366865 = 6270;
const FIX_0_899976223 = 7373;
const FIX_1_175875602 = 9633;
const FIX_1_501321110 = 12299;
const FIX_1_847759065 = 15137;
const FIX_1_961570560 = 16069;
const FIX_2_053119869 = 16819;
const FIX_2_562915447 = 20995;
const FIX_3_072711026 = 25172;

const PASS1_SHIFT = CONST_BITS - PASS1_BITS;
const PASS1_ROUND = 1 << (PASS1_SHIFT - 1);
const PASS2_SHIFT = CONST_BITS + PASS1_BITS + 3;
/** Rounding term plus the +128 level shift, both applied before the final shift. */
const PASS2_ROUND = (1 << (PASS2_SHIFT - 1)) + (128 << PASS2_SHIFT);
const DC_SHIFT = PASS1_BITS + 3;
const DC_ROUND = (1 << (DC_SHIFT - 1)) + (128 << DC_SHIFT);

const workspace = new Int32Array(64);

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

/**
 * Inverse-transforms one block of dequantized coefficients (natural row-major order) and writes
 * the 8×8 samples, level-shifted and clamped to 0..255, at `outOffset` with row `stride`.
 */
export function inverseDctBlock(coefficients: Int32Array, out: Uint8Array, outOffset: number, stride: number): void {
  const ws = workspace;
  // Pass 1: columns, results scaled up by 2^PASS1_BITS.
  for (let column = 0; column < 8; column += 1) {
    const c0 = coefficients[column]!;
    const c1 = coefficients[column + 8]!;
    const c2 = coefficients[column + 16]!;
    const c3 = coefficients[column + 24]!;
    const c4 = coefficients[column + 32]!;
    const c5 = coefficients[column + 40]!;
    const c6 = coefficients[column + 48]!;
    const c7 = coefficients[column + 56]!;
    if ((c1 | c2 | c3 | c4 | c5 | c6 | c7) === 0) {
      const dc = c0 << PASS1_BITS;
      for (let row = 0; row < 64; row += 8) ws[column + row] = dc;
      continue;
    }
    let z1 = (c2 + c6) * FIX_0_541196100;
    let tmp2 = z1 - c6 * FIX_1_847759065;
    let tmp3 = z1 + c2 * FIX_0_765366865;
    let tmp0 = (c0 + c4) << CONST_BITS;
    let tmp1 = (c0 - c4) << CONST_BITS;
    const tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    const tmp11 = tmp1 + tmp2;
    const tmp12 = tmp1 - tmp2;

    z1 = c7 + c1;
    let z2 = c5 + c3;
    let z3 = c7 + c3;
    let z4 = c5 + c1;
    const z5 = (z3 + z4) * FIX_1_175875602;
    tmp0 = c7 * FIX_0_298631336;
    tmp1 = c5 * FIX_2_053119869;
    tmp2 = c3 * FIX_3_072711026;
    tmp3 = c1 * FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 = z3 * -FIX_1_961570560 + z5;
    z4 = z4 * -FIX_0_390180644 + z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;

    ws[column] = (tmp10 + tmp3 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 56] = (tmp10 - tmp3 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 8] = (tmp11 + tmp2 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 48] = (tmp11 - tmp2 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 16] = (tmp12 + tmp1 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 40] = (tmp12 - tmp1 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 24] = (tmp13 + tmp0 + PASS1_ROUND) >> PASS1_SHIFT;
    ws[column + 32] = (tmp13 - tmp0 + PASS1_ROUND) >> PASS1_SHIFT;
  }

  // Pass 2: rows, descaled by 2^(CONST_BITS + PASS1_BITS + 3), level-shifted and clamped.
  for (let row = 0; row < 64; row += 8) {
    const w0 = ws[row]!;
    const w1 = ws[row + 1]!;
    const w2 = ws[row + 2]!;
    const w3 = ws[row + 3]!;
    const w4 = ws[row + 4]!;
    const w5 = ws[row + 5]!;
    const w6 = ws[row + 6]!;
    const w7 = ws[row + 7]!;
    const o = outOffset + (row >> 3) * stride;
    if ((w1 | w2 | w3 | w4 | w5 | w6 | w7) === 0) {
      const value = clamp((w0 + DC_ROUND) >> DC_SHIFT);
      out[o] = value;
      out[o + 1] = value;
      out[o + 2] = value;
      out[o + 3] = value;
      out[o + 4] = value;
      out[o + 5] = value;
      out[o + 6] = value;
      out[o + 7] = value;
      continue;
    }
    let z1 = (w2 + w6) * FIX_0_541196100;
    let tmp2 = z1 - w6 * FIX_1_847759065;
    let tmp3 = z1 + w2 * FIX_0_765366865;
    let tmp0 = (w0 + w4) << CONST_BITS;
    let tmp1 = (w0 - w4) << CONST_BITS;
    const tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    const tmp11 = tmp1 + tmp2;
    const tmp12 = tmp1 - tmp2;

    z1 = w7 + w1;
    let z2 = w5 + w3;
    let z3 = w7 + w3;
    let z4 = w5 + w1;
    const z5 = (z3 + z4) * FIX_1_175875602;
    tmp0 = w7 * FIX_0_298631336;
    tmp1 = w5 * FIX_2_053119869;
    tmp2 = w3 * FIX_3_072711026;
    tmp3 = w1 * FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 = z3 * -FIX_1_961570560 + z5;
    z4 = z4 * -FIX_0_390180644 + z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;

    out[o] = clamp((tmp10 + tmp3 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 7] = clamp((tmp10 - tmp3 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 1] = clamp((tmp11 + tmp2 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 6] = clamp((tmp11 - tmp2 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 2] = clamp((tmp12 + tmp1 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 5] = clamp((tmp12 - tmp1 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 3] = clamp((tmp13 + tmp0 + PASS2_ROUND) >> PASS2_SHIFT);
    out[o + 4] = clamp((tmp13 - tmp0 + PASS2_ROUND) >> PASS2_SHIFT);
  }
}
