/**
 * Sound files for tests, written from samples: PCM WAV, IMA ADPCM WAV (the game's compressed format, encoded as the
 * reference IMA encoder does) and MP3 (MPEG-1 Layer III frames whose granules carry no coded bits: valid frames that
 * decode to silence, so a browser's decoder can be exercised without an encoder package). Not used by the app.
 */
import { IMA_STEP_SIZES } from '../../archives/mpq/adpcm';
import { Bytes } from '../../textures/testing/encoders';

const IMA_INDEX_STEP = [-1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8];

/** A sine tone as 16-bit samples. */
export function tone(frequency: number, seconds: number, sampleRate = 22050, amplitude = 12000): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index += 1)
    samples[index] = Math.round(Math.sin((index / sampleRate) * frequency * 2 * Math.PI) * amplitude);
  return samples;
}

function riff(formatChunk: Bytes, data: Uint8Array): Uint8Array {
  const out = new Bytes().ascii('RIFF').u32(4 + 8 + formatChunk.length + 8 + data.length + (data.length & 1));
  out.ascii('WAVE').ascii('fmt ').u32(formatChunk.length).append(formatChunk.data);
  out.ascii('data').u32(data.length).append(data);
  if (data.length & 1) out.u8(0);
  return out.finish();
}

/** A mono 16-bit PCM WAV. */
export function pcmWav(samples: Int16Array, sampleRate = 22050): Uint8Array {
  const format = new Bytes()
    .u16(1)
    .u16(1)
    .u32(sampleRate)
    .u32(sampleRate * 2)
    .u16(2)
    .u16(16);
  return riff(format, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
}

/** A mono IMA ADPCM WAV (format 0x11) with `blockAlign`-byte blocks. */
export function imaAdpcmWav(samples: Int16Array, sampleRate = 22050, blockAlign = 256): Uint8Array {
  const perBlock = (blockAlign - 4) * 2 + 1;
  const blocks: number[] = [];
  let index = 0;
  for (let start = 0; start < samples.length; start += perBlock) {
    let predicted = samples[start]!;
    blocks.push(predicted & 255, (predicted >> 8) & 255, index, 0);
    const codes: number[] = [];
    for (let at = start + 1; at < start + perBlock; at += 1) {
      const sample = at < samples.length ? samples[at]! : 0;
      const step = IMA_STEP_SIZES[index]!;
      let difference = sample - predicted;
      let code = 0;
      if (difference < 0) {
        code = 8;
        difference = -difference;
      }
      let rebuilt = step >> 3;
      if (difference >= step) {
        code |= 4;
        difference -= step;
        rebuilt += step;
      }
      if (difference >= step >> 1) {
        code |= 2;
        difference -= step >> 1;
        rebuilt += step >> 1;
      }
      if (difference >= step >> 2) {
        code |= 1;
        rebuilt += step >> 2;
      }
      predicted = Math.max(-32768, Math.min(32767, predicted + (code & 8 ? -rebuilt : rebuilt)));
      index = Math.max(0, Math.min(88, index + IMA_INDEX_STEP[code]!));
      codes.push(code);
    }
    for (let at = 0; at < codes.length; at += 2) blocks.push(codes[at]! | (codes[at + 1]! << 4));
  }
  const format = new Bytes()
    .u16(0x11)
    .u16(1)
    .u32(sampleRate)
    .u32(Math.round((sampleRate * blockAlign) / perBlock))
    .u16(blockAlign)
    .u16(4)
    .u16(2)
    .u16(perBlock);
  return riff(format, Uint8Array.from(blocks));
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono: 417-byte frames of 1152 samples, no coded bits (silence). */
export function silentMp3(seconds: number): Uint8Array {
  const frames = Math.ceil((seconds * 44100) / 1152);
  const frameBytes = 417;
  const out = new Uint8Array(frames * frameBytes);
  for (let frame = 0; frame < frames; frame += 1) out.set([0xff, 0xfb, 0x90, 0xc0], frame * frameBytes);
  return out;
}
