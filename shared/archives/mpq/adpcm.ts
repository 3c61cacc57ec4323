/**
 * Storm's IMA ADPCM decompression (the MPQ `ADPCM_MONO` / `ADPCM_STEREO` compressions of WAV
 * sectors). Written here: Storm's variant is not plain IMA ADPCM (a shift byte sets the precision,
 * 0x80 and 0x81 adjust the step index without a sample, channels alternate per byte), so no audio
 * package decodes it. Output is 16-bit little-endian PCM, never longer than the sector.
 */
import { siteError, type DecodeSite } from './errors';

/** Step index each channel starts at. */
const INITIAL_STEP_INDEX = 0x2c;
/** Highest step index. */
const MAX_STEP_INDEX = 88;
/** Byte that repeats the predicted sample and lowers the step index. */
const REPEAT_SAMPLE = 0x80;
/** Byte that raises the step index by 8 and emits nothing. */
const RAISE_STEP = 0x81;
/** Byte that raises the step by this much. */
const STEP_RAISE = 8;

const NEXT_STEP = [
  -1, 0, -1, 4, -1, 2, -1, 6, -1, 1, -1, 5, -1, 3, -1, 7, -1, 1, -1, 5, -1, 3, -1, 7, -1, 2, -1, 4, -1, 6, -1, 8,
];

/** IMA ADPCM's 89 step sizes (shared with the WAV IMA ADPCM decoder, shared/audio/wav.ts). */
export const IMA_STEP_SIZES: readonly number[] = [
  7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118,
  130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060,
  1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484,
  7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
];

/** Decodes Storm ADPCM with `channels` (1 or 2) into at most `expectedSize` bytes of PCM. */
export function decompressAdpcm(
  input: Uint8Array,
  expectedSize: number,
  channels: 1 | 2,
  site: DecodeSite,
): Uint8Array {
  const out = new Uint8Array(expectedSize);
  let written = 0;
  const writeSample = (sample: number): boolean => {
    if (expectedSize - written < 2) return false;
    out[written++] = sample & 0xff;
    out[written++] = (sample >> 8) & 0xff;
    return true;
  };
  if (input.length < 2) throw siteError('truncated', site, 0, 'ADPCM stream has no shift byte');
  const shift = input[1]!;
  const predicted = [0, 0];
  const stepIndex = [INITIAL_STEP_INDEX, INITIAL_STEP_INDEX];
  let position = 2;
  for (let channel = 0; channel < channels; channel += 1) {
    if (input.length - position < 2) return out.subarray(0, written);
    const sample = ((input[position]! | (input[position + 1]! << 8)) << 16) >> 16;
    position += 2;
    predicted[channel] = sample;
    if (!writeSample(sample)) return out.subarray(0, written);
  }
  let channel = channels - 1;
  while (position < input.length) {
    const encoded = input[position++]!;
    channel = (channel + 1) % channels;
    if (encoded === REPEAT_SAMPLE) {
      stepIndex[channel] = Math.max(0, stepIndex[channel]! - 1);
      if (!writeSample(predicted[channel]!)) break;
    } else if (encoded === RAISE_STEP) {
      stepIndex[channel] = Math.min(MAX_STEP_INDEX, stepIndex[channel]! + STEP_RAISE);
      channel = (channel + 1) % channels;
    } else {
      const index = stepIndex[channel]!;
      const step = IMA_STEP_SIZES[index]!;
      let difference = step >> shift; // shifts by the count modulo 32, as the x86 Storm was built for
      for (let bit = 0; bit < 6; bit += 1) if (encoded & (1 << bit)) difference += step >> bit;
      let sample = predicted[channel]!;
      if (encoded & 0x40) sample = Math.max(-32768, sample - difference);
      else sample = Math.min(32767, sample + difference);
      predicted[channel] = sample;
      if (!writeSample(sample)) break;
      stepIndex[channel] = Math.min(MAX_STEP_INDEX, Math.max(0, index + NEXT_STEP[encoded & 0x1f]!));
    }
  }
  return out.subarray(0, written);
}
